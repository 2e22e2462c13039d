import type { VisualizationSpec } from 'vega-embed';
import { labelThreshold, type PieSlice, pieColors } from './pieSlices';

/** The Vega-Lite arc spec of a pie: fixed colours, 1-decimal tooltips, labels over the threshold. */
export function pieSpec(slices: PieSlice[], height: number, selected: string | null): VisualizationSpec {
  const threshold = labelThreshold(height);
  const values = slices.map((s) => ({
    ...s,
    shown: s.percent >= threshold ? `${s.percent.toFixed(0)}%` : '',
  }));
  const theta = { field: 'value', type: 'quantitative' as const, stack: true };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: 'container',
    height,
    data: { values },
    encoding: {
      theta,
      color: {
        field: 'label',
        type: 'nominal',
        sort: null,
        scale: { domain: slices.map((s) => s.label), range: [...pieColors] },
        legend: { orient: 'right', title: null },
      },
      order: { field: 'label', sort: 'ascending' },
      opacity:
        selected === null
          ? { value: 1 }
          : { condition: { test: `datum.label === ${JSON.stringify(selected)}`, value: 1 }, value: 0.35 },
      tooltip: [
        { field: 'label', type: 'nominal', title: 'Label' },
        { field: 'value', type: 'quantitative', title: 'Value', format: ',.1f' },
        { field: 'percent', type: 'quantitative', title: 'Percent', format: '.1f' },
      ],
    },
    layer: [
      { mark: { type: 'arc', outerRadius: height * 0.35, cursor: 'pointer' } },
      {
        mark: { type: 'text', radius: height * 0.42, fontSize: 12 },
        encoding: { text: { field: 'shown', type: 'nominal' } },
      },
    ],
    config: { view: { stroke: null } },
  } as VisualizationSpec;
}
