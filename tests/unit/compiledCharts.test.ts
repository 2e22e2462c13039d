import { resolve } from 'node:path';
import { parse, type Spec, View } from 'vega';
import { compile } from 'vega-lite';
import { describe, expect, it, vi } from 'vitest';
import type { NormalizedPage } from '../../engine/definitions/normalizedPage';
import type { ChartWidget } from '../../engine/types/dashboard';
import {
  type CompiledChart,
  chartLayouts,
  chartSignals,
  chartSpec,
  layoutName,
} from '../../engine/widgets/chart/chartSpec';
import { withSignals } from '../../engine/widgets/chart/vegaSpec';
import { DefinitionStore, defaultDefinitionPaths } from '../../src/server/dashboards/definitionStore';
import { quietVegaLite as quiet } from '../support/quietVegaLite';

// Compiling Vega-Lite's schema and every chart takes seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const root = resolve(import.meta.dirname, '..', '..');

/** Every chart widget of the served pages, with the page it is on. */
function charts(
  pages: NormalizedPage[],
): { page: NormalizedPage; widget: ChartWidget & { vega?: CompiledChart } }[] {
  const found: { page: NormalizedPage; widget: ChartWidget & { vega?: CompiledChart } }[] = [];
  const walk = (page: NormalizedPage, node: unknown) => {
    if (Array.isArray(node)) for (const item of node) walk(page, item);
    else if (node && typeof node === 'object') {
      if ((node as { kind?: unknown }).kind === 'chart') found.push({ page, widget: node as ChartWidget });
      else for (const value of Object.values(node)) walk(page, value);
    }
  };
  for (const page of pages) walk(page, page.panels);
  return found;
}

/** The values a page param may take: its default, its steps and options. */
function paramValues(page: NormalizedPage, name: string): unknown[] {
  const param = page.params[name] as unknown as Record<string, unknown> | undefined;
  const values = new Set<unknown>([param?.default ?? null]);
  const collect = (node: unknown) => {
    if (Array.isArray(node)) for (const item of node) collect(item);
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) {
        if ((k === 'value' || k === 'otherwise') && (typeof v === 'string' || typeof v === 'number'))
          values.add(v);
        else collect(v);
      }
  };
  collect(param);
  return [...values];
}

const store = new DefinitionStore({
  ...defaultDefinitionPaths(root),
  log: { info: () => {}, warn: () => {}, error: (m) => console.error(m) },
});

describe("the dashboards' charts, compiled where the definitions are loaded", () => {
  it('ship a Vega spec for each layout, equal with any signal values to a direct compile', () => {
    expect(store.reload()).toBe(0);
    const all = charts(store.all());
    expect(all.length).toBeGreaterThan(0);
    let compared = 0;
    for (const { page, widget } of all) {
      const author = widget.spec as Record<string, unknown>;
      const layouts = chartLayouts(author);
      expect(Object.keys(widget.vega ?? {}).sort()).toEqual(layouts.map(layoutName).sort());
      const names = widget.params ?? [];
      // Every combination of the named params' values (one param at most on today's pages).
      let combos: Record<string, unknown>[] = [{}];
      for (const n of names)
        combos = combos.flatMap((c) => paramValues(page, n).map((v) => ({ ...c, [n]: v })));
      for (const layout of layouts)
        for (const params of combos)
          for (const width of layout.narrow ? [320, 460, 540] : [900]) {
            const shipped = withSignals(
              widget.vega?.[layoutName(layout)] as Spec,
              chartSignals(params, width),
            );
            const direct = compile(
              chartSpec(author, widget.dataset ?? 'rows', {
                legendToggle: widget.legendToggle === true,
                height: widget.height ?? 350,
                ...layout,
                params: names.length ? params : undefined,
                boxWidth: layout.narrow ? width : undefined,
              }) as Parameters<typeof compile>[0],
              { logger: quiet },
            ).spec;
            expect(
              shipped,
              `${page.id} ${widget.id} ${layoutName(layout)} ${JSON.stringify(params)} ${width}`,
            ).toEqual(direct);
            compared++;
          }
    }
    expect(compared).toBeGreaterThan(all.length);
  });

  it("a narrow chart's legend wraps to its box's width as the fixed numbers did", async () => {
    const rows = ['Calls', 'Emails', 'Texts', 'Walk-Ins', 'Voicemails'].flatMap((group, i) =>
      ['Mon', 'Tue', 'Wed'].map((day, d) => ({ day, group, n: i + d })),
    );
    const author = {
      mark: 'bar',
      encoding: {
        x: { field: 'day', type: 'nominal' },
        y: { field: 'n', type: 'quantitative' },
        color: { field: 'group', type: 'nominal', legend: { orient: 'right' } },
      },
    };
    const base = chartSpec(author, 'rows', { legendToggle: false, height: 200, narrow: true }) as Record<
      string,
      unknown
    >;
    for (const width of [300, 440]) {
      const signalled = withSignals(
        compile({ ...base, width } as never, { logger: quiet }).spec,
        chartSignals({}, width),
      );
      const config = base.config as { legend: Record<string, unknown> };
      const fixed = compile(
        {
          ...base,
          width,
          params: undefined,
          config: {
            ...config,
            legend: {
              ...config.legend,
              columns: Math.max(1, Math.floor((width - 20) / 130)),
              labelLimit: Math.max(80, width - 60),
            },
          },
        } as never,
        { logger: quiet },
      ).spec;
      expect(await svg(signalled, rows)).toBe(await svg(fixed, rows));
    }
  });
});

async function svg(spec: Spec, rows: Record<string, unknown>[]): Promise<string> {
  const data = (spec.data ?? []).map((d) => (d.name === 'rows' ? { ...d, values: rows } : d));
  const view = new View(parse({ ...spec, data } as Spec), { renderer: 'none' });
  await view.runAsync();
  const out = await view.toSVG();
  view.finalize();
  return out;
}
