import type { VisualizationSpec } from 'vega-embed';

/**
 * House style under the author's config: labels a size up from Vega's 10 px, and no frame around
 * the plot.
 */
const baseConfig = {
  axis: {
    labelFontSize: 11,
    titleFontSize: 11,
    titleFontWeight: 600,
    labelColor: '#495057',
    titleColor: '#495057',
  },
  legend: { labelFontSize: 12, symbolSize: 120 },
  view: { stroke: null },
};

/**
 * The author's spec with the rows injected as the named dataset, and, when asked, a legend-bound
 * selection on the color field: a legend click excludes that series (fades it out), a second click
 * brings it back.
 */
export function withRows(
  spec: Record<string, unknown>,
  dataset: string,
  rows: readonly Record<string, unknown>[],
  legendToggle: boolean,
  height: number,
): VisualizationSpec {
  const out: Record<string, unknown> = {
    width: 'container',
    height,
    ...spec,
    data: spec.data ?? { name: dataset },
    datasets: { ...((spec.datasets as object | undefined) ?? {}), [dataset]: rows },
    config: mergeConfig(baseConfig, (spec.config as Record<string, unknown> | undefined) ?? {}),
  };
  const color = (spec.encoding as Record<string, { field?: string }> | undefined)?.color?.field;
  if (legendToggle && color) {
    out.params = [
      ...((spec.params as unknown[] | undefined) ?? []),
      // Every legend click toggles its series in or out of the excluded set (no shift key needed).
      { name: 'series', select: { type: 'point', fields: [color], toggle: 'true' }, bind: 'legend' },
    ];
    out.encoding = {
      ...(spec.encoding as object),
      // A clicked (excluded) series fades out; with nothing clicked every series shows.
      opacity: { condition: { param: 'series', value: 0.1, empty: false }, value: 1 },
    };
  }
  return out as VisualizationSpec;
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
