import type { Spec } from 'vega';
import { formatFixed, formatNumber, formatPercent } from '../../format/formatNumber';
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
export function wrapLabel(limit: number): string {
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
    shown: s.percent >= threshold ? formatPercent(s.percent, 0) : '',
    // One decimal at most, trailing zeros trimmed: a count reads 8,358, an average 12.5.
    valueText: formatNumber(s.value, 1),
    percentText: formatFixed(s.percent, 1),
  }));
}

/** A field of the slice's row as text, as Vega-Lite writes a nominal field (`sep` joins a list). */
const text = (field: string, sep: string) =>
  `isValid(datum["${field}"]) ? isArray(datum["${field}"]) ? join(datum["${field}"], '${sep}') : datum["${field}"] : ""+datum["${field}"]`;

/** Label, value and percent, as pieRows wrote them. */
const tooltip = {
  signal: `{"Label": ${text('label', '\\n')}, "Value": ${text('valueText', '\\n')}, "Percent": ${text('percentText', '\\n')}}`,
};

/** What a screen reader says of a slice (or its percentage label, which also says what it shows). */
const description = (shown: boolean) => ({
  signal: [
    `"value: " + (format(datum["value"], ""))`,
    `"; label: " + (${text('label', ' ')})`,
    ...(shown ? [`"; shown: " + (${text('shown', ' ')})`] : []),
    `"; Label: " + (${text('label', ' ')})`,
    `"; Value: " + (${text('valueText', ' ')})`,
    `"; Percent: " + (${text('percentText', ' ')})`,
  ].join(' + '),
});

/** The slices stacked by label around the circle: where each slice starts and ends. */
const stacked = (name: string) => ({
  name,
  source: PIE_DATASET,
  transform: [
    {
      type: 'stack',
      groupby: [],
      field: 'value',
      sort: { field: ['label'], order: ['ascending'] },
      as: ['value_start', 'value_end'],
      offset: 'zero',
    },
    { type: 'filter', expr: 'isValid(datum["value"]) && isFinite(+datum["value"])' },
  ],
});

/**
 * The Vega spec of a pie (its rows come separately, `pieRows`), written as Vega itself so a pie
 * draws without Vega-Lite's compiler: the spec Vega-Lite compiles an arc layer and a text layer
 * to (a test holds the two equal). Fixed colours, 1-decimal tooltips, labels over the threshold.
 * The plot is a square `height` pixels wide (narrower when `width` is), so the pie never sits
 * off-centre in a wide box; the legend goes right or below by `pieLegendOrient`.
 */
export function pieSpec(
  slices: PieSlice[],
  height: number,
  selected: string | null,
  width = Number.POSITIVE_INFINITY,
  colours: readonly string[] = pieColors,
): Spec {
  const labels = slices.map((s) => s.label);
  const orient = pieLegendOrient(width, height, labels);
  const plot = Math.max(120, Math.min(height, width));
  const legendWidth = legendRoom(labels) - 20;
  const opacity =
    selected === null
      ? { value: 1 }
      : [{ test: `datum.label === ${JSON.stringify(selected)}`, value: 1 }, { value: 0.35 }];
  const centre = { x: { signal: 'width', mult: 0.5 }, y: { signal: 'height', mult: 0.5 } };
  const legend =
    orient === 'right'
      ? { labelLimit: 320, orient: 'right' }
      : {
          // Below the pie, centred under it by its estimated width (Vega has no anchor for an
          // orient group). A long label gets the box's width beside its symbol, in a smaller
          // type, and goes on to a second line at a space rather than being cut.
          direction: 'vertical',
          labelFontSize: 11,
          labelLimit: Math.max(120, Math.min(400, width - 24)),
          legendX: Math.max(0, Math.round((plot - Math.min(legendWidth, width)) / 2)),
          legendY: plot + 4,
          orient: 'none',
        };
  const labelText =
    orient === 'right'
      ? {}
      : { labels: { update: { text: { signal: wrapLabel(Math.max(120, Math.min(400, width - 24))) } } } };
  return {
    $schema: 'https://vega.github.io/schema/vega/v6.json',
    background: 'white',
    padding: 5,
    width: plot,
    height: plot,
    style: 'view',
    data: [{ name: PIE_DATASET, values: [] }, stacked('data_1'), stacked('data_2')],
    marks: [
      {
        name: 'layer_0_marks',
        type: 'arc',
        style: ['arc'],
        from: { data: 'data_1' },
        encode: {
          update: {
            outerRadius: { value: plot * 0.35 },
            cursor: { value: 'pointer' },
            fill: { scale: 'color', field: 'label' },
            opacity,
            tooltip,
            description: description(false),
            ...centre,
            innerRadius: { value: 0 },
            startAngle: { scale: 'theta', field: 'value_end' },
            endAngle: { scale: 'theta', field: 'value_start' },
          },
        },
      },
      {
        // Percentages sit just outside their slice in the dark text colour, not the slice's own
        // (a pale or grey slice colour is too faint to read on white).
        name: 'layer_1_marks',
        type: 'text',
        style: ['text'],
        from: { data: 'data_2' },
        encode: {
          update: {
            radius: { value: plot * 0.42 },
            fontSize: { value: 12 },
            fontWeight: { value: 600 },
            fill: { value: '#1f2937' },
            opacity,
            tooltip,
            description: description(true),
            ...centre,
            text: { signal: 'isValid(datum["shown"]) ? datum["shown"] : ""+datum["shown"]' },
            align: { value: 'center' },
            baseline: { value: 'middle' },
            theta: { signal: 'scale("theta", 0.5 * datum["value_start"] + 0.5 * datum["value_end"])' },
          },
        },
      },
    ],
    scales: [
      {
        name: 'theta',
        type: 'linear',
        domain: {
          fields: ['data_1', 'data_2'].flatMap((data) => [
            { data, field: 'value_start' },
            { data, field: 'value_end' },
          ]),
        },
        range: [0, 2 * Math.PI],
        zero: true,
      },
      { name: 'color', type: 'ordinal', domain: labels, range: [...colours] },
    ],
    legends: [
      {
        ...legend,
        fill: 'color',
        symbolType: 'circle',
        encode: { symbols: { update: { opacity: { value: 1 } } }, ...labelText },
      },
    ],
    config: {
      legend: { labelFontSize: 12, symbolSize: 120 },
      style: { cell: { stroke: null } },
    },
  } as Spec;
}
