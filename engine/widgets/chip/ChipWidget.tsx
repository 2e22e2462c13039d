import { CloseButton, Group, Paper, Text } from '@mantine/core';
import { usePageRuntime } from '../../render/pageRuntime';
import type { ChipWidget as ChipOptions } from '../../types/dashboard';
import { fillTemplate } from '../text/fillTemplate';
import type { WidgetProps } from '../widgetProps';

const isSet = (v: unknown) => !(v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length));

/** A removable chip shown while its param is set; the x runs the remove actions. */
export function ChipWidget({ widget }: WidgetProps<ChipOptions>) {
  const { params, runActions } = usePageRuntime();
  if (!isSet(params[widget.param])) return null;
  const text = fillTemplate(widget.text, params, undefined);
  return (
    <Paper withBorder radius="xl" px="sm" py={2} data-testid={widget.id ?? `chip-${widget.param}`}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm">{text}</Text>
        <CloseButton
          size="sm"
          aria-label={`Remove ${text}`}
          onClick={() => runActions(widget.on?.remove, {})}
        />
      </Group>
    </Paper>
  );
}
