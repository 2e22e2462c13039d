import type { VisualizationSpec } from 'vega-embed';
import { compile } from 'vega-lite';
import { describe, expect, it } from 'vitest';
import { type PieSlice, pieColors, pieColoursFor } from '../../../../engine/widgets/pie/pieSlices';
import {
  legendRoom,
  PIE_DATASET,
  pieLegendOrient,
  pieSpec,
  wrapLabel,
} from '../../../../engine/widgets/pie/pieSpec';
import { quietVegaLite as quiet } from '../../../support/quietVegaLite';

/**
 * The pie as a Vega-Lite arc spec: what pieSpec's Vega must equal once compiled. The pie is written
 * in Vega so a page draws it without Vega-Lite's compiler; this keeps it the chart it was.
 */
function vegaLitePie(
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
        // Written by pieRows with the page's rounding rule.
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

const slices = (...labels: string[]): PieSlice[] =>
  labels.map((label, i) => ({ label, value: 10 + i, percent: 100 / labels.length }));

describe('pie spec', () => {
  it('is the Vega that Vega-Lite compiles the arc and text layers to, in every legend layout', () => {
    const cases: [PieSlice[], number, string | null, number | undefined][] = [
      [slices('Calls', 'Emails', 'Texts'), 300, null, 900],
      [slices('Calls', 'Emails', 'Texts'), 300, 'Emails', 320],
      [slices('A much longer source label than fits', 'B'), 400, null, 500],
      [slices('Zillow', 'Apartments.com', 'Misc.'), 250, 'Misc.', 100],
      [slices('Only'), 300, null, undefined],
    ];
    let bottom = 0;
    for (const [s, height, selected, width] of cases) {
      const colours = pieColoursFor(
        `case-${height}-${width}`,
        s.map((x) => x.label),
      );
      if (
        width !== undefined &&
        pieLegendOrient(
          width,
          height,
          s.map((x) => x.label),
        ) === 'bottom'
      )
        bottom++;
      const compiled = compile(vegaLitePie(s, height, selected, width, colours) as never, {
        logger: quiet,
      }).spec;
      expect(pieSpec(s, height, selected, width, colours), JSON.stringify([height, selected, width])).toEqual(
        compiled,
      );
    }
    expect(bottom).toBeGreaterThan(0);
  });
});
