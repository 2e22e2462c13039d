import { parse, type Scene, View } from 'vega';
import { describe, expect, it } from 'vitest';
import { withData } from '../../../../engine/widgets/chart/vegaSpec';
import {
  legendRoom,
  PIE_DATASET,
  pieLegendOrient,
  pieRows,
  pieSpec,
} from '../../../../engine/widgets/pie/pieSpec';

describe('pie legend placement', () => {
  it('goes beside the pie when its longest label fits, below otherwise', () => {
    const short = ['Lead', 'Resident'];
    expect(legendRoom(short)).toBe(40 + 7 * 8);
    expect(pieLegendOrient(300 + legendRoom(short), 300, short)).toBe('right');
    expect(pieLegendOrient(343, 300, short)).toBe('bottom');
    const long = ['Undetermined - Automated Assistant - Undetermined'];
    expect(pieLegendOrient(500, 300, long)).toBe('bottom');
  });
});

describe('pie texts', () => {
  it('round exact halves as every other figure does: a tooltip of 32.15% reads 32.2, a label of 12.5% reads 13%', async () => {
    const slices = [
      { label: 'Lead', value: 12_860, percent: 32.15 },
      { label: 'Resident', value: 5_000, percent: 12.5 },
      { label: 'Vendor', value: 22_140.25, percent: 55.35 },
    ];
    const view = new View(parse(withData(pieSpec(slices, 400, null), PIE_DATASET, pieRows(slices, 400))), {
      renderer: 'none',
    });
    await view.runAsync();
    const tooltips: Record<string, string>[] = [];
    const texts: string[] = [];
    type Node = Scene & { items?: Node[]; tooltip?: Record<string, string>; text?: string };
    const walk = (node: Node, mark?: string) => {
      if (mark === 'arc' && node.tooltip) tooltips.push(node.tooltip);
      if (mark === 'text' && node.text) texts.push(node.text);
      for (const item of node.items ?? []) walk(item, node.marktype ?? mark);
    };
    walk((view.scenegraph() as unknown as { root: Node }).root);
    expect(tooltips.map((t) => [t.Label, t.Value, t.Percent]).sort()).toEqual([
      ['Lead', '12,860', '32.2'],
      ['Resident', '5,000', '12.5'],
      ['Vendor', '22,140.3', '55.4'],
    ]);
    expect(texts.filter((t) => t.endsWith('%')).sort()).toEqual(['13%', '32%', '55%']);
  });
});
