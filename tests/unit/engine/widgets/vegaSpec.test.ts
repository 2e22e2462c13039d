import { parse, View } from 'vega';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chartSpec } from '../../../../engine/widgets/chart/chartSpec';

/** The browser's sessionStorage, for Node: a page load's module cache goes, this stays. */
class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, String(v));
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
  clear() {
    this.items.clear();
  }
}

const author = {
  mark: 'bar',
  encoding: {
    x: { field: 'type', type: 'nominal' },
    y: { field: 'count', type: 'quantitative' },
  },
};
const rows = [
  { type: 'Calls', count: 12 },
  { type: 'Texts', count: 7 },
  { type: 'Emails', count: 3 },
];
const vegaLite = chartSpec(author, 'rows', { legendToggle: false, height: 200 });

/** The module afresh, as on a new page load (its in-memory cache empty; sessionStorage kept). */
async function freshModule() {
  vi.resetModules();
  return import('../../../../engine/widgets/chart/vegaSpec');
}

describe('compiled chart specs', () => {
  beforeAll(() => {
    globalThis.sessionStorage ??= new MemoryStorage() as unknown as Storage;
  });
  beforeEach(() => sessionStorage.clear());

  it('compiles once with an empty dataset and draws whatever rows are put in', async () => {
    const { compileVegaLite, withData } = await freshModule();
    const compiled = await compileVegaLite(vegaLite);
    const view = new View(parse(withData(compiled, 'rows', rows)), { renderer: 'none' });
    await view.runAsync();
    expect(view.data('rows').map((r) => r.type)).toEqual(['Calls', 'Texts', 'Emails']);
    const fewer = new View(parse(withData(compiled, 'rows', rows.slice(0, 1))), { renderer: 'none' });
    await fewer.runAsync();
    expect(fewer.data('rows')).toHaveLength(1);
  });

  it('serves a spec compiled earlier in the session on the next page load, without the compiler', async () => {
    const first = await freshModule();
    const compiled = await first.compileVegaLite(vegaLite);
    const next = await freshModule();
    expect(next.cachedVegaSpec(vegaLite)).toEqual(compiled);
    // A spec that differs in anything (here the height) is not mistaken for it.
    const taller = chartSpec(author, 'rows', { legendToggle: false, height: 300 });
    expect(next.cachedVegaSpec(taller)).toBeUndefined();
  });

  it('compiles a spec asked for twice meanwhile once, and says why a spec does not compile', async () => {
    const module = await freshModule();
    const [a, b] = await Promise.all([module.compileVegaLite(vegaLite), module.compileVegaLite(vegaLite)]);
    expect(b).toBe(a);
    // Kept for the next page load of the session like any other.
    expect((await freshModule()).cachedVegaSpec(vegaLite)).toEqual(a);
    // A spec without a mark or a layer: the compiler says so, for the panel's error card.
    const { mark: _mark, ...markless } = vegaLite as Record<string, unknown>;
    await expect(module.compileVegaLite(markless as typeof vegaLite)).rejects.toThrow(
      /Invalid specification .*"mark", "layer"/,
    );
  });

  it('forgets compiled specs with the session', async () => {
    const first = await freshModule();
    await first.compileVegaLite(vegaLite);
    sessionStorage.clear();
    expect((await freshModule()).cachedVegaSpec(vegaLite)).toBeUndefined();
  });

  it('stores nothing begun before the session ended: a compile or a layout that finishes after it', async () => {
    const module = await freshModule();
    const drawnIn = module.chartCacheGeneration();
    const compiling = module.compileVegaLite(vegaLite);
    // Sign-out clears the storage and forgets the cache while the compile is under way.
    sessionStorage.clear();
    module.forgetChartCache();
    await compiling;
    module.rememberLayout(author, 440, true, drawnIn);
    expect(sessionStorage.length).toBe(0);
    expect(module.cachedVegaSpec(vegaLite)).toBeUndefined();
  });

  it('remembers a layout measured on a drawn chart for that chart at that width', async () => {
    const first = await freshModule();
    expect(first.rememberedLayout(author, 440)).toBeUndefined();
    first.rememberLayout(author, 440, true, first.chartCacheGeneration());
    const next = await freshModule();
    expect(next.rememberedLayout(author, 440)).toBe(true);
    expect(next.rememberedLayout(author, 700)).toBeUndefined();
    next.rememberLayout(author, 440, false, next.chartCacheGeneration());
    expect(next.rememberedLayout(author, 440)).toBe(false);
  });
});
