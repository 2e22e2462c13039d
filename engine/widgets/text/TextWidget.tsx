import { Text, Title } from '@mantine/core';
import { usePageRuntime } from '../../render/pageRuntime';
import type { TextWidget as TextOptions } from '../../types/dashboard';
import type { WidgetProps } from '../widgetProps';
import { fillTemplate } from './fillTemplate';

/** A line of text with values from params and the first row of its data source. */
export function TextWidget({ widget, source }: WidgetProps<TextOptions>) {
  const { params } = usePageRuntime();
  const text = fillTemplate(widget.text, params, source.rows[0], widget.placeholder);
  if (widget.variant === 'title') return <Title order={4}>{text}</Title>;
  return (
    <Text
      c={widget.variant === 'hint' ? 'dimmed' : undefined}
      size={widget.variant === 'hint' ? 'sm' : undefined}
    >
      {text}
    </Text>
  );
}
