import type { VisualizationSpec } from 'vega-embed';
import { formatFixed, formatNumber } from '../../format/formatNumber';
import { labelThreshold, type PieSlice, pieColors } from './pieSlices';

/** Room a legend beside the pie needs: symbol and padding, then about 7 px per 12 px character. */
export function legendRoom(labels: string[]): number {
  return 40 + 7 * Math.max(0, ...labels.map((l) => l.length));
}

/**
 * Where a pie's legend goes in a box `width` pixels wide: to the right when its labels fit there,
 * else below (narrow screens, narrow panels, long labels).
 */
export function pieLegendOrient(width: number, height: number, labels: string[]): 'right' | 'bottom' {
  return width >= height + legendRoom(labels) ? 'right' : 'bottom';
}

/**
 * A Vega expression that breaks a legend label longer than `limit` pixels (at 11 px, about 5.8 px a
 * character) at its last space that fits, into two lines.
 */
function wrapLabel(limit: number): string {
  const chars = Math.max(12, Math.floor(limit / 5.8));
  const cut = `lastindexof(substring(datum.label, 0, ${chars}), ' ')`;
  return `length(datum.label) > ${chars} && ${cut} > 0 ? [substring(datum.label, 0, ${cut}), substring(datum.label, ${cut} + 1)] : datum.label`;
}

/** The dataset the pie's spec reads its slices from (`pieRows`). */
export const PIE_DATASET = 'slices';

/**
 * The rows of a pie's dataset: its slices, each with the percentage label shown on it (or none) and
 * the texts of its tooltip, rounded by the page's one rule (engine/format) rather than by Vega's
 * number format (toFixed's, which wrote a share of 32.15% as 32.1).
 */
export function pieRows(slices: PieSlice[], height: number): Record<string, unknown>[] {
  const threshold = labelThreshold(height);
  return slices.map((s) => ({
    ...s,
    shown: s.percent >= threshold ? `${formatFixed(s.percent, 0)}%` : '',
    // One decimal at most, trailing zeros trimmed: a count reads 8,358, an average 12.5.
    valueText: formatNumber(s.value, 1),
    percentText: formatFixed(s.percent, 1),
  }));
}

/**
 * The Vega-Lite arc spec of a pie (its rows come separately, `pieRows`): fixed colours, 1-decimal
 * tooltips, labels over the threshold. The plot is a square `height` pixels wide (narrower when `width` is), so the pie never sits
 * off-centre in a wide box; the legend goes right or below by `pieLegendOrient`.
 */
export function pieSpec(
  slices: PieSlice[],
  height: number,
  selected: string | null,
  width = Number.POSITIVE_INFINITY,
  colours: readonly string[] = pieColors,
): VisualizationSpec {
  const orient = pieLegendOrient(
    width,
    height,
    slices.map((s) => s.label),
  );
  const plot = Math.max(120, Math.min(height, width));
  const legendWidth = legendRoom(slices.map((s) => s.label)) - 20;
  const theta = { field: 'value', type: 'quantitative' as const, stack: true };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: plot,
    height: plot,
    autosize: { type: 'pad' },
    data: { name: PIE_DATASET },
    datasets: { [PIE_DATASET]: [] },
    encoding: {
      theta,
      color: {
        field: 'label',
        type: 'nominal',
        sort: null,
        scale: { domain: slices.map((s) => s.label), range: [...colours] },
        legend:
          orient === 'right'
            ? { orient: 'right', title: null, labelLimit: 320 }
            : {
                // Below the pie, centred under it by its estimated width (Vega-Lite has no
                // anchor for an orient group).
                orient: 'none',
                legendX: Math.max(0, Math.round((plot - Math.min(legendWidth, width)) / 2)),
                legendY: plot + 4,
                title: null,
                direction: 'vertical',
                // A long label gets the box's width beside its symbol, in a smaller type, and
                // goes on to a second line at a space rather than being cut.
                labelFontSize: 11,
                labelLimit: Math.max(120, Math.min(400, width - 24)),
                labelExpr: wrapLabel(Math.max(120, Math.min(400, width - 24))),
              },
      },
      order: { field: 'label', sort: 'ascending' },
      opacity:
        selected === null
          ? { value: 1 }
          : { condition: { test: `datum.label === ${JSON.stringify(selected)}`, value: 1 }, value: 0.35 },
      tooltip: [
        { field: 'label', type: 'nominal', title: 'Label' },
        { field: 'valueText', type: 'nominal', title: 'Value' },
        { field: 'percentText', type: 'nominal', title: 'Percent' },
      ],
    },
    layer: [
      { mark: { type: 'arc', outerRadius: plot * 0.35, cursor: 'pointer' } },
      {
        // Percentages sit just outside their slice in the dark text colour, not the slice's own
        // (a pale or grey slice colour is too faint to read on white).
        mark: { type: 'text', radius: plot * 0.42, fontSize: 12, fontWeight: 600 },
        encoding: { text: { field: 'shown', type: 'nominal' }, color: { value: '#1f2937' } },
      },
    ],
    config: {
      view: { stroke: null },
      legend: { labelFontSize: 12, symbolSize: 120 },
    },
  } as VisualizationSpec;
}
