import type { VisualizationSpec } from 'vega-embed';

/**
 * The author's spec with the rows injected as the named dataset, and, when asked, a legend-bound
 * selection on the color field so a legend click hides or shows that series.
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
  };
  const color = (spec.encoding as Record<string, { field?: string }> | undefined)?.color?.field;
  if (legendToggle && color) {
    out.params = [
      ...((spec.params as unknown[] | undefined) ?? []),
      { name: 'series', select: { type: 'point', fields: [color] }, bind: 'legend' },
    ];
    out.encoding = {
      ...(spec.encoding as object),
      opacity: { condition: { param: 'series', value: 1, empty: true }, value: 0.1 },
    };
  }
  return out as VisualizationSpec;
}
