import { Center, Loader, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { View } from 'vega';
import { resolvedObject } from '../../definitions/normalizedPage';
import { displayText } from '../../format/displayText';
import { usePageRuntime } from '../../render/pageRuntime';
import type { ChartWidget as ChartOptions } from '../../types/dashboard';
import { ImageDownload } from '../download/ImageDownload';
import { usePanelTitle } from '../download/usePanelTitle';
import type { WidgetProps } from '../widgetProps';
import {
  CHART_HEIGHT,
  type CompiledChart,
  chartSignals,
  guessCrowded,
  labelsCrowded,
  labelsKnownWithoutRows,
  layoutFor,
  layoutName,
  widgetChartSpec,
} from './chartSpec';
import { LazyVegaEmbed, VEGA_OPTIONS } from './LazyVegaEmbed';
import { useBoxWidth } from './useBoxWidth';
import {
  chartCacheGeneration,
  NO_ROWS,
  rememberedLayout,
  rememberLayout,
  useDrawing,
  useVegaSpec,
} from './vegaSpec';

/**
 * Any Vega-Lite spec with the source's rows as its named dataset; `on.click` runs on a mark's datum.
 * A served definition's chart comes compiled to Vega for each of its layouts (`vega`, compiled
 * where the definitions are loaded); one without (the editor's preview of an unsaved definition)
 * is compiled here, with Vega-Lite's compiler loaded on first use.
 */
export function ChartWidget({ widget, source }: WidgetProps<ChartOptions & { vega?: CompiledChart }>) {
  const { params, runActions } = usePageRuntime();
  const box = useBoxWidth();
  // A box that takes no room plans for a wide one; a width step of 20 px avoids re-embedding Vega
  // on every pixel of a resize.
  const width = box.width ? Math.floor(box.width / 20) * 20 : undefined;
  // The rows wait for the box's measure (the frame the chart mounts in), so a chart compiles and
  // draws its spec for its real width only.
  const sized = box.width !== undefined;
  const rows = sized ? source.rows : NO_ROWS;
  const names = widget.params;
  // Keyed by the named params' values, so other page params changing does not redraw the chart.
  const sharedKey = JSON.stringify(names?.length ? names.map((n) => [n, params[n] ?? null]) : null);
  const shared = useMemo(
    () => (JSON.parse(sharedKey) as [string, unknown][] | null) ?? undefined,
    [sharedKey],
  );
  const height = widget.height ?? CHART_HEIGHT;
  // Whether the discrete x axis (if any) is too tight for level labels: known once Vega has laid
  // the chart out, so a chart guessed wrong draws a second time. What this chart at this width
  // measured earlier in the session is the first guess (a page seen before draws once), else a
  // guess from its labels and width (guessCrowded), so a first visit mostly draws once too.
  const [measured, setMeasured] = useState<{ width?: number; crowded: boolean }>();
  const remembered = useMemo(() => rememberedLayout(widget.spec, width), [widget.spec, width]);
  const author = useMemo(() => resolvedObject(widget.spec) ?? {}, [widget.spec]);
  const guessed = useMemo(() => guessCrowded(author, rows, width), [author, rows, width]);
  const crowded =
    (measured?.width === width ? measured?.crowded : undefined) ?? remembered ?? guessed ?? false;
  const dataset = widget.dataset ?? 'rows';
  const layout = layoutFor(width, crowded);
  const { narrow } = layout;
  // The params are signals whose values are set on the compiled spec, so they need no compile.
  const vegaLite = useMemo(() => widgetChartSpec(widget, { narrow, crowded }), [widget, narrow, crowded]);
  const signals = useMemo(() => chartSignals(shared && Object.fromEntries(shared), width), [shared, width]);
  // The spec is settled once the box is measured, unless the rows may yet change the guess above.
  const settled = sized && (remembered !== undefined || labelsKnownWithoutRows(author));
  const { spec, pending } = useVegaSpec(vegaLite, dataset, rows, settled, {
    // Crowded labels measured on an axis the definition does not declare discrete: drawn level.
    compiled: widget.vega?.[layoutName(layout)] ?? widget.vega?.[layoutName({ narrow, crowded: false })],
    signals,
  });
  const drawing = useDrawing(spec, pending || !sized, source.isLoading, height);
  // The session this chart was drawn in: a layout seen after it ended is not stored.
  const [generation] = useState(chartCacheGeneration);
  const [view, setView] = useState<View | null>(null);
  const panelTitle = usePanelTitle(widget);
  const testId = widget.id ?? `chart-${widget.data}`;
  // One wrapper holds the measurement from the first render, so the chart is embedded once, at
  // its real width, when the rows arrive (not once wide and again when measured).
  // Vega warns about empty scales: draw once rows have arrived, and say so when there are none.
  return (
    <div data-testid={testId} ref={box.ref} aria-busy={drawing.busy}>
      {widget.download !== false && source.rows.length > 0 && spec && (
        <ImageDownload view={view} titles={[panelTitle]} noun="chart" />
      )}
      {source.rows.length && spec ? (
        <LazyVegaEmbed
          spec={spec}
          options={VEGA_OPTIONS}
          style={{ width: '100%', minHeight: drawing.minHeight }}
          onEmbed={(result) => {
            setView(result.view);
            drawing.onDrawn(result.view);
            const click = widget.on?.click;
            if (click)
              result.view.addEventListener('click', (_event, item) => {
                const datum = (item as { datum?: Record<string, unknown> } | null | undefined)?.datum;
                if (datum) runActions(click, { row: datum, value: datum });
              });
            const now = isCrowded(result.view);
            rememberLayout(widget.spec, width, now, generation);
            setMeasured({ width, crowded: now });
          }}
        />
      ) : (
        <Center h={height}>
          {source.isLoaded && !source.rows.length ? (
            <Text c="dimmed">{displayText.noData}</Text>
          ) : (
            <Loader size="sm" />
          )}
        </Center>
      )}
      {source.rows.length > 0 && widget.hint && (
        <Text size="xs" c="dimmed">
          {widget.hint}
        </Text>
      )}
    </div>
  );
}

/** True when the view's x scale is discrete and too tight for its labels laid level. */
function isCrowded(view: View): boolean {
  let scale: { type?: string; domain?: () => unknown[] } | undefined;
  try {
    scale = view.scale('x') as typeof scale;
  } catch {
    return false;
  }
  if (!scale?.domain || (scale.type !== 'band' && scale.type !== 'point')) return false;
  return labelsCrowded(scale.domain(), view.width());
}
