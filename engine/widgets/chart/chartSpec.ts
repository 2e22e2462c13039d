import type { Spec } from 'vega';
import type { VisualizationSpec } from 'vega-embed';
import { resolvedObject } from '../../definitions/normalizedPage';
import type { ChartWidget } from '../../types/dashboard';

/** Below this measured width a chart is "narrow": its legend goes below the plot and wraps. */
export const NARROW_CHART = 560;

/**
 * Whether level labels would run into each other on a discrete x axis: the longest label, at
 * about 6.5 px a character of 11 px text plus a gap, is wider than the room each category gets.
 */
export function labelsCrowded(labels: readonly unknown[], plotWidth: number): boolean {
  if (!labels.length) return false;
  const longest = Math.max(...labels.map((l) => String(l ?? '').length));
  return longest * 6.5 + 10 > plotWidth / labels.length;
}

/** Room a discrete x axis's plot gives up to the y axis beside it (labels and title), in px. */
const Y_AXIS_ROOM = 60;

/** The spec's x encoding when it is discrete (nominal or ordinal): the axis whose labels may crowd. */
function discreteX(spec: Record<string, unknown>): Record<string, unknown> | undefined {
  const x = (spec.encoding as Record<string, unknown> | undefined)?.x as Record<string, unknown> | undefined;
  return x && (x.type === 'nominal' || x.type === 'ordinal') ? x : undefined;
}

/** The labels a discrete x encoding lists itself (its `sort` or its scale's `domain`), if any. */
function listedLabels(x: Record<string, unknown>): unknown[] | undefined {
  const domain = (x.scale as Record<string, unknown> | undefined)?.domain;
  return Array.isArray(x.sort) ? x.sort : Array.isArray(domain) ? domain : undefined;
}

/** Whether `guessCrowded` can tell without the rows: the x axis is not discrete, or the spec lists its labels. */
export function labelsKnownWithoutRows(spec: Record<string, unknown>): boolean {
  const x = discreteX(spec);
  return !x || listedLabels(x) !== undefined;
}

/**
 * A first guess at `labelsCrowded` before Vega has laid the chart out (which then tells for sure):
 * the discrete x axis's labels are the spec's own list (its `sort` or scale `domain`) or else the
 * rows' values of its field, over the box's width less the y axis's room. Undefined when the x axis
 * is not discrete or its labels are not known yet.
 */
export function guessCrowded(
  spec: Record<string, unknown>,
  rows: readonly Record<string, unknown>[],
  width: number | undefined,
): boolean | undefined {
  const x = discreteX(spec);
  if (width === undefined || !x) return undefined;
  const field = typeof x.field === 'string' ? x.field : undefined;
  const labels =
    listedLabels(x) ??
    (field && rows.length && rows.every((r) => field in r)
      ? [...new Set(rows.map((r) => r[field]))]
      : undefined);
  return labels ? labelsCrowded(labels, width - Y_AXIS_ROOM) : undefined;
}

/**
 * House style under the author's config: labels a size up from Vega's 10 px, no frame around the
 * plot, and discrete x labels level (Vega-Lite would stand them on end).
 */
const baseConfig = {
  axis: {
    labelFontSize: 11,
    titleFontSize: 11,
    titleFontWeight: 600,
    labelColor: '#495057',
    titleColor: '#495057',
  },
  axisXDiscrete: { labelAngle: 0 },
  legend: { labelFontSize: 12, symbolSize: 120 },
  view: { stroke: null },
};

/** Crowded discrete x labels turn to -40 degrees, right-aligned under their band, cut at 110 px. */
const crowdedX = { labelAngle: -40, labelAlign: 'right', labelBaseline: 'top', labelLimit: 110 };

/**
 * The layouts a chart is compiled for (`chartLayouts`): its legends beside the plot or, in a box
 * narrower than NARROW_CHART, below it and wrapped; its discrete x labels level or angled.
 */
export interface ChartLayout {
  /** The box is narrower than NARROW_CHART: legends go below the plot and wrap to its width. */
  narrow: boolean;
  /** The discrete x axis is too tight for level labels (`labelsCrowded`, known once drawn). */
  crowded: boolean;
}

/**
 * The signal holding the measured width of a narrow chart's box, in px: its legends wrap to as many
 * columns as fit and cut labels at its width. Set where the chart is drawn (`chartSignals`).
 */
export const BOX_WIDTH_SIGNAL = 'chart_box_width';

/** Chart options `chartSpec` applies to the author's spec. */
export interface ChartContext extends Partial<ChartLayout> {
  /** Clicking a legend entry toggles its series (needs a color field). */
  legendToggle: boolean;
  /** The plot height in pixels. */
  height: number;
  /**
   * Page params the spec reads as Vega-Lite params of the same name: they compile to signals of
   * these values (null where the values are set at drawing, `chartSignals`).
   */
  params?: Record<string, unknown>;
  /** The box width a narrow layout starts with (null where it is set at drawing, `chartSignals`). */
  boxWidth?: number | null;
}

/**
 * Every layout a chart spec may be drawn in: wide and narrow, each also with crowded x labels when
 * its x axis is discrete. A small finite set, so each is compiled once, ahead of drawing.
 */
export function chartLayouts(spec: Record<string, unknown>): ChartLayout[] {
  const crowded = discreteX(spec) ? [false, true] : [false];
  return [false, true].flatMap((narrow) => crowded.map((c) => ({ narrow, crowded: c })));
}

/** The name of a layout, as compiled charts are keyed: wide, narrow, wide-crowded, narrow-crowded. */
export function layoutName({ narrow, crowded }: ChartLayout): string {
  return `${narrow ? 'narrow' : 'wide'}${crowded ? '-crowded' : ''}`;
}

/** A chart's spec compiled to Vega for each of its layouts (`chartLayouts`), by `layoutName`. */
export type CompiledChart = Record<string, Spec>;

/** The layout of a chart in a box `width` px wide (unknown: wide), crowded or not. */
export function layoutFor(width: number | undefined, crowded: boolean): ChartLayout {
  return { narrow: width !== undefined && width < NARROW_CHART, crowded };
}

/** The signal values a chart's compiled spec is drawn with: its page params and its box's width. */
export function chartSignals(
  params: Record<string, unknown> | undefined,
  width: number | undefined,
): Record<string, unknown> {
  return { ...params, [BOX_WIDTH_SIGNAL]: width ?? null };
}

/**
 * A chart widget's spec in a layout: its named page params are signals whose values are set where
 * it is drawn (`chartSignals`), so one compile per layout serves every value.
 */
export function widgetChartSpec(widget: ChartWidget, layout: ChartLayout): VisualizationSpec {
  return chartSpec(resolvedObject(widget.spec) ?? {}, widget.dataset ?? 'rows', {
    legendToggle: widget.legendToggle === true,
    height: widget.height ?? CHART_HEIGHT,
    ...layout,
    params: widget.params?.length ? Object.fromEntries(widget.params.map((n) => [n, null])) : undefined,
  });
}

/** A chart's height when its definition gives none, in px. */
export const CHART_HEIGHT = 350;

/**
 * The author's spec laid out for its box, reading the named dataset (left empty here: the rows go
 * into the compiled Vega spec, see vegaSpec.ts, so one compile serves any rows), and, when asked, a
 * legend-bound selection on the color field: a legend click excludes that series (it leaves the
 * plot and its legend entry fades), a second click brings it back. In a narrow layout the legends
 * go below the plot and wrap to as many columns as fit the box (the BOX_WIDTH_SIGNAL signal).
 */
export function chartSpec(
  spec: Record<string, unknown>,
  dataset: string,
  { legendToggle, height, narrow, params, crowded, boxWidth = null }: ChartContext,
): VisualizationSpec {
  const own = (spec.config as Record<string, unknown> | undefined) ?? {};
  const config = mergeConfig(crowded ? { ...baseConfig, axisXDiscrete: crowdedX } : baseConfig, own);
  let encoding = spec.encoding as Record<string, Record<string, unknown>> | undefined;
  const box: unknown[] = [];
  if (narrow) {
    config.legend = {
      ...(config.legend as object),
      orient: 'bottom',
      direction: 'horizontal',
      // About 130 px a column: a symbol and a label of up to 16 characters.
      columns: { expr: `max(1, floor((${BOX_WIDTH_SIGNAL} - 20) / 130))` },
      labelLimit: { expr: `max(80, ${BOX_WIDTH_SIGNAL} - 60)` },
    };
    box.push({ name: BOX_WIDTH_SIGNAL, value: boxWidth });
    encoding = encoding && legendsBelow(encoding);
  }
  const out: Record<string, unknown> = {
    width: 'container',
    height,
    ...spec,
    ...(encoding ? { encoding } : {}),
    data: spec.data ?? { name: dataset },
    datasets: { ...((spec.datasets as object | undefined) ?? {}), [dataset]: [] },
    config,
  };
  const signals = Object.entries(params ?? {}).map(([name, value]) => ({ name, value: value ?? null }));
  const toggle: unknown[] = [];
  const color = encoding?.color?.field as string | undefined;
  if (legendToggle && color) {
    // Every legend click toggles its series in or out of the excluded set (no shift key needed).
    toggle.push({
      name: 'series',
      select: { type: 'point', fields: [color], toggle: 'true' },
      bind: 'legend',
    });
    // An excluded series leaves the plot (the axes rescale to what is left); its legend entry stays,
    // faded, since the colour scale's domain is the definition's own list.
    out.transform = [
      ...((spec.transform as unknown[] | undefined) ?? []),
      { filter: { not: { param: 'series', empty: false } } },
    ];
    const colorDef = encoding?.color ?? {};
    const legend = colorDef.legend && typeof colorDef.legend === 'object' ? colorDef.legend : {};
    out.encoding = {
      ...encoding,
      color: { ...colorDef, legend: { ...legend, encoding: excludedFaded(color) } },
    };
  }
  const allParams = [...signals, ...box, ...((spec.params as unknown[] | undefined) ?? []), ...toggle];
  if (allParams.length) out.params = allParams;
  return out as VisualizationSpec;
}

/**
 * Legend symbols and labels at full strength for the series shown, faded for the excluded ones:
 * Vega-Lite's own legend selection styling reads the other way round (it bolds what is selected).
 */
function excludedFaded(field: string) {
  const values = `series[${JSON.stringify(field)}]`;
  const opacity = { value: { expr: `${values} && indexof(${values}, datum.value) >= 0 ? 0.3 : 1` } };
  return { symbols: { opacity }, labels: { opacity } };
}

/** The encoding with every legend that sits beside the plot (left, right, ...) moved below it. */
function legendsBelow(encoding: Record<string, Record<string, unknown>>) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [channel, def] of Object.entries(encoding)) {
    const legend = def && typeof def === 'object' ? def.legend : undefined;
    if (!legend || typeof legend !== 'object') {
      out[channel] = def;
      continue;
    }
    // The narrow config decides columns and position.
    const { columns: _c, legendX: _x, legendY: _y, ...rest } = legend as Record<string, unknown>;
    out[channel] = { ...def, legend: { ...rest, orient: 'bottom', direction: 'horizontal' } };
  }
  return out;
}

/** The base config with the author's config laid over it, one level deep (axis, legend, ...). */
function mergeConfig(base: Record<string, unknown>, own: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(own)) {
    const under = out[key];
    out[key] =
      under && typeof under === 'object' && value && typeof value === 'object' && !Array.isArray(value)
        ? { ...under, ...value }
        : value;
  }
  return out;
}
