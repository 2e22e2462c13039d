import { describe, expect, it } from 'vitest';
import {
  BOX_WIDTH_SIGNAL,
  chartSpec,
  guessCrowded,
  labelsCrowded,
  layoutFor,
  NARROW_CHART,
} from '../../../../engine/widgets/chart/chartSpec';

const spec = {
  mark: 'bar',
  encoding: {
    x: { field: 'c', type: 'nominal' },
    color: { field: 'g', type: 'nominal', legend: { orient: 'right', legendX: 4 } },
  },
};

describe('chart layout', () => {
  it('moves legends below the plot and wraps them in a narrow box', () => {
    const out = chartSpec(spec, 'rows', {
      legendToggle: false,
      height: 300,
      ...layoutFor(320, false),
    }) as never as {
      config: { legend: { columns: { expr: string } } };
      encoding: { color: { legend: Record<string, unknown> } };
      params: { name: string; value: unknown }[];
    };
    expect(320).toBeLessThan(NARROW_CHART);
    // As many columns as fit the box's width, which is a signal set where the chart is drawn.
    expect(out.config.legend.columns.expr).toContain(BOX_WIDTH_SIGNAL);
    expect(out.params).toEqual([{ name: BOX_WIDTH_SIGNAL, value: null }]);
    expect(out.encoding.color.legend).toEqual({ orient: 'bottom', direction: 'horizontal' });
    const wide = chartSpec(spec, 'rows', {
      legendToggle: false,
      height: 300,
      ...layoutFor(900, false),
    }) as never as {
      encoding: { color: { legend: Record<string, unknown> } };
    };
    expect(wide.encoding.color.legend.orient).toBe('right');
  });

  it('angles crowded discrete x labels and exposes named page params', () => {
    const out = chartSpec(spec, 'rows', {
      legendToggle: true,
      height: 300,
      crowded: true,
      params: { period: 'month' },
    }) as never as { config: { axisXDiscrete: { labelAngle: number } }; params: { name: string }[] };
    expect(out.config.axisXDiscrete.labelAngle).toBe(-40);
    expect(out.params.map((p) => p.name)).toEqual(['period', 'series']);
  });
});

describe('crowded x labels', () => {
  it('angles only when the longest label does not fit its category', () => {
    const buckets = ['0 - 5min', '12hrs - 24hrs', 'Older Than 24hrs', 'Not Responded To'];
    expect(labelsCrowded(buckets, 4 * 80)).toBe(true);
    expect(labelsCrowded(['Calls', 'Emails', 'Texts', 'Walk-Ins'], 260)).toBe(false);
    expect(labelsCrowded([], 100)).toBe(false);
  });

  it("guesses before the first drawing from the spec's own label list, else from the rows", () => {
    // Six labels, the longest of 16 characters.
    const labels = [
      'Under a minute',
      'A few minutes',
      'Within the hour',
      'Same day',
      'Next day',
      'Still waiting...',
    ];
    const listed = { encoding: { x: { field: 'bucket', type: 'nominal', sort: labels } } };
    // Known from the spec, before any row: six labels of up to 16 characters in 540 px are crowded.
    expect(guessCrowded(listed, [], 600)).toBe(true);
    expect(guessCrowded(listed, [], 1400)).toBe(false);
    const byRows = { encoding: { x: { field: 'type', type: 'nominal' } } };
    const types = ['Calls', 'Emails', 'Texts', 'Walk-Ins'].map((type) => ({ type, n: 1 }));
    expect(guessCrowded(byRows, types, 600)).toBe(false);
    expect(guessCrowded(byRows, types, 150)).toBe(true);
    // Unknown: no rows yet, rows without the field, a continuous axis, an unmeasured box.
    expect(guessCrowded(byRows, [], 600)).toBeUndefined();
    expect(guessCrowded(byRows, [{ other: 'x' }], 600)).toBeUndefined();
    expect(guessCrowded({ encoding: { x: { field: 'day', type: 'temporal' } } }, types, 600)).toBeUndefined();
    expect(guessCrowded(listed, [], undefined)).toBeUndefined();
  });
});
