import { Center, Group, Loader, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { View } from 'vega';
import { displayText } from '../../format/displayText';
import { usePageRuntime } from '../../render/pageRuntime';
import type { PieWidget as PieOptions } from '../../types/dashboard';
import { LazyVegaEmbed, VEGA_OPTIONS } from '../chart/LazyVegaEmbed';
import { useBoxWidth } from '../chart/useBoxWidth';
import { NO_ROWS, useDrawing, useVegaSpec } from '../chart/vegaSpec';
import { ImageDownload } from '../download/ImageDownload';
import { usePanelTitle } from '../download/usePanelTitle';
import { fillTemplate } from '../text/fillTemplate';
import type { WidgetProps } from '../widgetProps';
import { pieColoursFor, pieSlices } from './pieSlices';
import { PIE_DATASET, pieRows, pieSpec } from './pieSpec';

/**
 * A pie of label/value rows; a click toggles the selected slice into a param when `select` is set,
 * else runs the `on.click` actions with the slice's row.
 */
export function PieWidget({ widget, source }: WidgetProps<PieOptions>) {
  const { params, setParams, runActions } = usePageRuntime();
  const filter = widget.filter;
  const filterValue = filter ? params[filter.param] : null;
  // The same rows across renders (a URL change re-renders the page), so Vega is not embedded again.
  const rows = useMemo(
    () =>
      filter && filterValue != null
        ? source.rows.filter((r) => r[filter.field] === filterValue)
        : source.rows,
    [filter, filterValue, source.rows],
  );
  const template = widget.labelTemplate;
  const slices = useMemo(
    () =>
      pieSlices(
        rows,
        template ? (row) => fillTemplate(template, params, row) : widget.labelField,
        widget.valueField,
        widget.maxSlices ?? 9,
      ),
    [rows, template, params, widget.labelField, widget.valueField, widget.maxSlices],
  );
  const selected = widget.select ? ((params[widget.select] as string | null) ?? null) : null;
  // Measured from the first render (the placeholder's box, then the pie's): the slices wait for
  // it, so a pie draws its spec for its real width only. A box that takes no room
  // plans for a wide one; a width step of 20 px avoids re-embedding Vega on every pixel of a resize.
  const box = useBoxWidth();
  const width = box.width ? Math.floor(box.width / 20) * 20 : undefined;
  const pieKey = widget.id ?? `pie-${widget.data}`;
  const vega = useMemo(
    () =>
      pieSpec(
        slices,
        widget.height ?? 300,
        selected,
        width,
        pieColoursFor(
          pieKey,
          slices.map((s) => s.label),
        ),
      ),
    [slices, widget.height, selected, width, pieKey],
  );
  const sliceRows = useMemo(() => pieRows(slices, widget.height ?? 300), [slices, widget.height]);
  const measured = box.width !== undefined;
  const { spec, pending } = useVegaSpec(undefined, PIE_DATASET, measured ? sliceRows : NO_ROWS, false, {
    compiled: vega,
  });
  const drawing = useDrawing(spec, pending || !measured, source.isLoading, widget.height ?? 300);
  const [view, setView] = useState<View | null>(null);
  const panelTitle = usePanelTitle(widget);
  // Vega warns about an empty pie: wait for rows, and say so when there are none.
  if (!slices.length || !spec) {
    const noData = source.isLoaded && !slices.length;
    return (
      <Center
        ref={box.ref}
        // As wide as the pie's own box below, so the width measured here is the one it draws at.
        maw={1200}
        h={widget.height ?? 300}
        data-testid={noData ? 'pie-no-data' : 'pie-loading'}
        aria-busy={!noData}
      >
        {noData ? <Text c="dimmed">{displayText.noData}</Text> : <Loader size="sm" />}
      </Center>
    );
  }
  const select = widget.select;
  // The source row a slice stands for (none for the summed 'Misc.' slice).
  const labelOf = (row: Record<string, unknown>) =>
    template ? fillTemplate(template, params, row) : String(row[widget.labelField] ?? '');
  const sliceRow = (label: string) => {
    const matching = rows.filter((r) => labelOf(r) === label);
    return matching.length === 1 ? matching[0] : undefined;
  };
  return (
    <div
      data-testid={widget.id ?? `pie-${widget.data}`}
      ref={box.ref}
      style={{ maxWidth: 1200 }}
      aria-busy={drawing.busy}
    >
      {(widget.title || widget.download !== false) && (
        <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs">
          <Text fw={600}>{widget.title}</Text>
          {widget.download !== false && (
            <ImageDownload view={view} titles={[panelTitle, widget.title]} noun="pie" />
          )}
        </Group>
      )}
      <LazyVegaEmbed
        style={{ display: 'flex', justifyContent: 'center', maxWidth: '100%', minHeight: drawing.minHeight }}
        spec={spec}
        options={VEGA_OPTIONS}
        onEmbed={(result) => {
          setView(result.view);
          drawing.onDrawn(result.view);
          const click = widget.on?.click;
          if (!select && !click) return;
          result.view.addEventListener('click', (_event, item) => {
            const label = (item as { datum?: { label?: string } } | null | undefined)?.datum?.label;
            if (label === undefined) return;
            if (select) setParams(new Map([[select, label === selected ? null : label]]));
            else {
              // The summed 'Misc.' slice stands for several rows: it opens nothing.
              const row = sliceRow(label);
              if (row) runActions(click, { row, value: label });
            }
          });
        }}
      />
    </div>
  );
}
