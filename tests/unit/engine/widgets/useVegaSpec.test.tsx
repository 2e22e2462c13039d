// @vitest-environment jsdom
import { act, useMemo } from 'react';
import type { Spec } from 'vega';
import { describe, expect, it } from 'vitest';
import { chartSpec } from '../../../../engine/widgets/chart/chartSpec';
import { useVegaSpec } from '../../../../engine/widgets/chart/vegaSpec';
import { type PieSlice, pieColoursFor } from '../../../../engine/widgets/pie/pieSlices';
import { PIE_DATASET, pieRows } from '../../../../engine/widgets/pie/pieSpec';
import { mountPointPerTest } from '../../../support/mountPoint';

const mount = mountPointPerTest();

/** What the hook gave on the last render: the rows of the pie's dataset and its colour scale. */
let drawn: { labels: string[]; domain: unknown; range: unknown } | undefined;
/** Read through a call: TypeScript would narrow the variable after `drawn = undefined`. */
const lastDrawn = () => drawn;

/** A Vega-Lite arc chart whose colour scale lists its slices' labels: a new label needs a new compile. */
function Probe({ slices }: { slices: PieSlice[] }) {
  const { spec } = useVegaSpec(
    {
      data: { name: PIE_DATASET },
      datasets: { [PIE_DATASET]: [] },
      mark: 'arc',
      encoding: {
        theta: { field: 'value', type: 'quantitative' },
        color: {
          field: 'label',
          type: 'nominal',
          scale: {
            domain: slices.map((s) => s.label),
            range: pieColoursFor(
              'probe',
              slices.map((s) => s.label),
            ),
          },
        },
      },
    },
    PIE_DATASET,
    pieRows(slices, 300),
  );
  drawn = spec ? shownOf(spec) : undefined;
  return null;
}

function shownOf(spec: Spec) {
  const rows = (spec.data ?? []).find((d) => d.name === PIE_DATASET) as { values?: { label: string }[] };
  const scale = (spec.scales ?? []).find((s) => s.name === 'color') as { domain?: unknown; range?: unknown };
  return { labels: (rows.values ?? []).map((r) => r.label), domain: scale.domain, range: scale.range };
}

const slices = (...labels: string[]): PieSlice[] =>
  labels.map((label) => ({ label, value: 10, percent: 100 / labels.length }));

async function settled(): Promise<void> {
  for (let i = 0; i < 50 && lastDrawn() === undefined; i++)
    await act(() => new Promise((r) => setTimeout(r, 20)));
}

describe('useVegaSpec', () => {
  it('keeps the rows drawn with the last spec while a spec for new rows compiles, so no label meets a colour scale without it', async () => {
    drawn = undefined;
    mount.render(<Probe slices={slices('A', 'B', 'C')} />);
    await settled();
    expect(lastDrawn()?.labels).toEqual(['A', 'B', 'C']);

    // New labels change the colour scale's domain: a spec to compile.
    mount.render(<Probe slices={slices('A', 'D', 'E', 'F')} />);
    // Every label shown is in the scale's domain on every render, before and after the compile.
    const seen: string[][] = [];
    for (let i = 0; i < 50; i++) {
      const now = lastDrawn();
      expect(now).toBeDefined();
      const domain = JSON.stringify(now?.domain);
      for (const l of now?.labels ?? []) expect(domain, l).toContain(JSON.stringify(l));
      seen.push(now?.labels ?? []);
      if (now?.labels.length === 4) break;
      await act(() => new Promise((r) => setTimeout(r, 20)));
    }
    expect(seen[0]).toEqual(['A', 'B', 'C']);
    expect(seen.at(-1)).toEqual(['A', 'D', 'E', 'F']);
  });

  it('compiles a settled chart spec before its rows arrive, and draws them with it', async () => {
    let shown: string[] | undefined;
    let pending: boolean | undefined;
    function ChartProbe({ rows, settled }: { rows: Record<string, unknown>[]; settled: boolean }) {
      const vegaLite = useMemo(
        () =>
          chartSpec(
            {
              mark: 'bar',
              encoding: { x: { field: 'type', type: 'nominal' }, y: { field: 'n', type: 'quantitative' } },
            },
            'rows',
            { legendToggle: false, height: 211 },
          ),
        [],
      );
      const out = useVegaSpec(vegaLite, 'rows', rows, settled);
      const data = out.spec?.data?.find((d) => d.name === 'rows') as
        | { values?: { type: string }[] }
        | undefined;
      shown = data?.values?.map((r) => r.type);
      pending = out.pending;
      return null;
    }
    const tick = () => act(() => new Promise((r) => setTimeout(r, 20)));
    // Settled, rows still on their way: compiled meanwhile, nothing to draw yet.
    mount.render(<ChartProbe rows={[]} settled={true} />);
    for (let i = 0; i < 50 && shown === undefined; i++) await tick();
    expect(shown).toEqual([]);
    // The rows arrive: drawn with the spec compiled before, at once (nothing pending).
    mount.render(<ChartProbe rows={[{ type: 'Calls', n: 3 }]} settled={true} />);
    expect(shown).toEqual(['Calls']);
    expect(pending).toBe(false);
  });
});
