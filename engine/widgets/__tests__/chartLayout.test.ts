import { describe, expect, it } from 'vitest';
import { chartSpec, labelsCrowded, NARROW_CHART } from '../chart/chartSpec';

const spec = {
  mark: 'bar',
  encoding: {
    x: { field: 'c', type: 'nominal' },
    color: { field: 'g', type: 'nominal', legend: { orient: 'right', legendX: 4 } },
  },
};

describe('chart layout', () => {
  it('moves legends below the plot and wraps them in a narrow box', () => {
    const out = chartSpec(spec, 'rows', { legendToggle: false, height: 300, width: 320 }) as never as {
      config: { legend: { columns: number } };
      encoding: { color: { legend: Record<string, unknown> } };
    };
    expect(320).toBeLessThan(NARROW_CHART);
    expect(out.config.legend.columns).toBe(2);
    expect(out.encoding.color.legend).toEqual({ orient: 'bottom', direction: 'horizontal' });
    const wide = chartSpec(spec, 'rows', { legendToggle: false, height: 300, width: 900 }) as never as {
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
});
