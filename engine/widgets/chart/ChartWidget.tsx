import { Center, Loader, Text } from '@mantine/core';
import { useMemo } from 'react';
import { displayText } from '../../format/displayText';
import type { ChartWidget as ChartOptions } from '../../types/dashboard';
import type { WidgetProps } from '../widgetProps';
import { LazyVegaEmbed } from './LazyVegaEmbed';
import { withRows } from './withRows';

/** Any Vega-Lite spec with the source's rows as its named dataset. */
export function ChartWidget({ widget, source }: WidgetProps<ChartOptions>) {
  const spec = useMemo(
    () =>
      withRows(
        widget.spec,
        widget.dataset ?? 'rows',
        source.rows,
        widget.legendToggle === true,
        widget.height ?? 350,
      ),
    [widget.spec, widget.dataset, widget.legendToggle, widget.height, source.rows],
  );
  const height = widget.height ?? 350;
  // Vega warns about empty scales: draw once rows have arrived, and say so when there are none.
  if (!source.rows.length) {
    return (
      <Center h={height} data-testid={widget.id ?? `chart-${widget.data}`}>
        {source.isLoaded ? <Text c="dimmed">{displayText.noData}</Text> : <Loader size="sm" />}
      </Center>
    );
  }
  return (
    <div data-testid={widget.id ?? `chart-${widget.data}`}>
      <LazyVegaEmbed spec={spec} options={{ actions: false, renderer: 'svg' }} style={{ width: '100%' }} />
      {widget.hint && (
        <Text size="xs" c="dimmed">
          {widget.hint}
        </Text>
      )}
    </div>
  );
}
