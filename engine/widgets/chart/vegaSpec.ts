import { useEffect, useMemo, useRef, useState } from 'react';
import type { Spec, View } from 'vega';
import type { VisualizationSpec } from 'vega-embed';
import { type JsonValue, jsonEqual } from '../../tools/jsonValue';
import { importOnce } from '../importOnce';
import { compileLogger } from './compileLogger';
import { preloadVegaEmbed } from './LazyVegaEmbed';

/**
 * Drawing Vega specs with their rows. The definitions' charts come compiled to Vega from the server
 * (engine/definitions/compileCharts.ts) and pies are written in Vega (pieSpec.ts), so a dashboard
 * draws without Vega-Lite's compiler. A chart the server did not compile (the editor's preview of
 * an unsaved definition) is compiled here, once, then kept: in memory for this page and in
 * sessionStorage for the next page load of the session; Vega-Lite's compiler (about a third of the
 * charting code) is loaded only then. A spec reaches the compiler with its named dataset empty
 * (chartSpec.ts), so the compiled spec does not depend on the rows; the rows go into its data
 * entry of that name (`withData`), and page params into its signals (`withSignals`). Layout
 * decisions measured on a drawn chart are remembered for the session likewise.
 */

/** Every key this module keeps in sessionStorage starts so. */
const STORAGE_PREFIX = 'vega-cache:';
const SPEC_PREFIX = `${STORAGE_PREFIX}spec:`;
const LAYOUT_PREFIX = `${STORAGE_PREFIX}layout:`;
const memory = new Map<string, Spec>();
/**
 * Moves on when the host ends the session (`forgetChartCache`): a compile or a drawing that began
 * before then writes nothing afterwards, so signing out leaves no trace in the session's storage.
 */
let generation = 0;

/** Forgets every compiled spec and layout, and keeps work still under way from storing any. */
export function forgetChartCache(): void {
  generation++;
  memory.clear();
  compiling.clear();
  const target = storage();
  if (!target) return;
  for (let i = target.length - 1; i >= 0; i--) {
    const k = target.key(i);
    if (k?.startsWith(STORAGE_PREFIX)) target.removeItem(k);
  }
}

/** The cache's generation now; pass it back when storing what was started now. */
export function chartCacheGeneration(): number {
  return generation;
}

/** A short stable key of a spec's JSON (cyrb53: 53 bits), with its length against collisions. */
function keyOf(json: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}.${json.length}`;
}

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** The compiled spec of `key`, from memory or the session's storage. */
function cached(key: string): Spec | undefined {
  const hit = memory.get(key);
  if (hit) return hit;
  const stored = storage()?.getItem(key);
  if (!stored) return undefined;
  try {
    const spec = JSON.parse(stored) as Spec;
    memory.set(key, spec);
    return spec;
  } catch {
    return undefined;
  }
}

/** Whether any compiled spec is kept, in memory or in the session's storage. */
function anySpecCached(): boolean {
  if (memory.size > 0) return true;
  const target = storage();
  if (!target) return false;
  for (let i = 0; i < target.length; i++) if (target.key(i)?.startsWith(SPEC_PREFIX)) return true;
  return false;
}

function keep(key: string, spec: Spec, from: number): void {
  if (from !== generation) return;
  memory.set(key, spec);
  store(key, JSON.stringify(spec), from);
}

/**
 * Writes to the session's storage, unless the session ended since `from`; when full, drops what
 * this module kept there and tries again.
 */
function store(key: string, json: string, from: number): void {
  const target = storage();
  if (!target || from !== generation) return;
  try {
    target.setItem(key, json);
  } catch {
    // Storage full: drop what was kept so far (it is only a cache) and try once more.
    for (let i = target.length - 1; i >= 0; i--) {
      const k = target.key(i);
      if (k?.startsWith(STORAGE_PREFIX)) target.removeItem(k);
    }
    try {
      target.setItem(key, json);
    } catch {
      // Still no room: memory only.
    }
  }
}

/**
 * A layout decision Vega's drawing settled for a chart (e.g. angled x labels), remembered for the
 * session by the chart's spec and width, so the next page load draws it that way the first time.
 */
export function rememberedLayout(spec: unknown, width: number | undefined): boolean | undefined {
  const value = storage()?.getItem(`${LAYOUT_PREFIX}${keyOf(JSON.stringify([spec, width ?? null]))}`);
  return value == null ? undefined : value === '1';
}

/** Remembers a layout decision (`rememberedLayout`) seen by a chart drawn in generation `from`. */
export function rememberLayout(spec: unknown, width: number | undefined, value: boolean, from: number): void {
  store(`${LAYOUT_PREFIX}${keyOf(JSON.stringify([spec, width ?? null]))}`, value ? '1' : '0', from);
}

/** The compiled spec of a Vega-Lite spec when it was compiled before in this session. */
export function cachedVegaSpec(spec: VisualizationSpec): Spec | undefined {
  return cached(SPEC_PREFIX + keyOf(JSON.stringify(spec)));
}

const compiler = importOnce(() => import('vega-lite'));

/** Compiles under way, by cache key: a spec asked for again meanwhile waits for the same. */
const compiling = new Map<string, Promise<Spec>>();

/** Compiles a Vega-Lite spec with Vega-Lite's compiler, loaded on first use, and keeps the result. */
export function compileVegaLite(spec: VisualizationSpec): Promise<Spec> {
  const key = SPEC_PREFIX + keyOf(JSON.stringify(spec));
  const under = compiling.get(key);
  if (under) return under;
  const out: Promise<Spec> = compileNow(spec, key).finally(() => {
    // Not a compile of a later session (forgetChartCache) under the same key.
    if (compiling.get(key) === out) compiling.delete(key);
  });
  compiling.set(key, out);
  return out;
}

async function compileNow(spec: VisualizationSpec, key: string): Promise<Spec> {
  const from = generation;
  const { compile } = await compiler.load();
  const out = compile(spec as Parameters<typeof compile>[0], { logger: compileLogger }).spec;
  keep(key, out, from);
  return out;
}

/** The compiled spec with `rows` as the values of its data entry named `dataset`. */
export function withData(spec: Spec, dataset: string, rows: readonly Record<string, unknown>[]): Spec {
  return {
    ...spec,
    data: (spec.data ?? []).map((d) => (d.name === dataset ? { ...d, values: rows as object[] } : d)),
  } as Spec;
}

/**
 * The compiled spec with its top-level signals of these names set to these values: page params a
 * chart reads, its box's width (chartSignals in chartSpec.ts). Equal to compiling the spec with
 * those values, so one compile serves any values.
 */
export function withSignals(spec: Spec, values: Record<string, unknown> | undefined): Spec {
  if (!values || !spec.signals?.some((s) => s.name in values)) return spec;
  return {
    ...spec,
    signals: spec.signals.map((s) => (s.name in values ? { ...s, value: values[s.name] ?? null } : s)),
  } as Spec;
}

/** No rows: what a chart passes to useVegaSpec while it waits for its box's measure. */
export const NO_ROWS: readonly Record<string, unknown>[] = [];

/**
 * The Vega spec to draw, with `rows` in its dataset named `dataset` and `signals` set
 * (`withSignals`): `compiled` when given (compiled ahead, as the definitions' charts are on the
 * server, or a pie's, written in Vega), else `spec`, a Vega-Lite spec whose `dataset` is left
 * empty, compiled here: at once
 * when it was compiled before in this session, otherwise once the compiler has run (the last spec
 * meanwhile, with `pending` true). `spec` is undefined until the first is ready.
 * `settled`: the spec is the one to draw, whatever rows arrive (a chart whose box is measured; not a
 * pie, whose slices shape its legend), so the compiler may start before the rows.
 */
export function useVegaSpec(
  spec: VisualizationSpec | undefined,
  dataset: string,
  rows: readonly Record<string, unknown>[],
  settled = false,
  { compiled: ahead, signals }: { compiled?: Spec; signals?: Record<string, unknown> } = {},
): { spec: Spec | undefined; pending: boolean } {
  const key = useMemo(() => (ahead || !spec ? '' : SPEC_PREFIX + keyOf(JSON.stringify(spec))), [ahead, spec]);
  // Mounted, rows on their way: load Vega meanwhile, and the compiler when the session has compiled
  // nothing yet (its first page of charts), so neither waits for the
  // rows. Later pages mostly redraw specs compiled before (the spec at mount, before the box is
  // measured, is not the one drawn, so it cannot tell), and load the compiler only when one is new.
  // A chart compiled ahead never loads the compiler.
  const compiledAhead = ahead !== undefined;
  useEffect(() => {
    preloadVegaEmbed();
    if (!compiledAhead && !anySpecCached()) compiler.load().catch(() => undefined);
  }, [compiledAhead]);
  const [compiled, setCompiled] = useState<{ key: string; spec?: Spec; error?: unknown }>();
  // A spec the compiler rejects is thrown here, to the panel's error boundary.
  if (!ahead && compiled?.key === key && compiled.error !== undefined) throw compiled.error;
  // A spec compiled ahead is drawn once there is something to draw: rows, or a settled spec.
  const ready = rows.length > 0 || settled;
  const hit = ahead ? (ready ? ahead : undefined) : compiled?.key === key ? compiled.spec : cached(key);
  // While a changed spec compiles (a resize, a new param, rows that change a scale's domain), the
  // chart keeps its last spec with the rows it was drawn with: new rows under an old spec would
  // meet a colour scale that does not know their labels, and two slices could share a colour.
  const last = useRef<{ spec: Spec; rows: readonly Record<string, unknown>[] } | undefined>(undefined);
  if (hit) last.current = { spec: hit, rows };
  const shown = last.current;
  useEffect(() => {
    // Nothing to draw yet: the compiler waits for rows, or for the spec to be settled (the chart's
    // final size), and then runs while the rows are on their way.
    if (hit || ahead || !spec || !ready) return;
    let live = true;
    compileVegaLite(spec).then(
      (out) => {
        if (live) setCompiled({ key, spec: out });
      },
      (error: unknown) => {
        if (live) setCompiled({ key, error });
      },
    );
    return () => {
      live = false;
    };
  }, [hit, ahead, key, spec, ready]);
  const shownSpec = shown?.spec;
  const shownRows = shown?.rows;
  // Keyed by content: the same values in a new object do not draw the chart again.
  const signalKey = JSON.stringify(signals ?? null);
  const withRows = useMemo(
    () =>
      shownSpec && shownRows
        ? withData(withSignals(shownSpec, JSON.parse(signalKey) ?? undefined), dataset, shownRows)
        : undefined,
    [shownSpec, signalKey, dataset, shownRows],
  );
  return { spec: withRows, pending: rows.length > 0 && !hit };
}

/**
 * Whether a chart shows what it was asked to: `busy` while its rows load, its spec compiles or
 * Vega draws it (the box's aria-busy, which end-to-end tests and screen readers wait on). While
 * busy, `minHeight` holds the box at the height last drawn (`height` before the first drawing), so
 * the panels below do not jump while the chart is drawn: a click aimed at them lands where aimed.
 * `onDrawn` takes the view Vega drew for `spec`. The drawn height is read from the page only when
 * a drawn chart becomes busy again (new rows, a new size): reading it on every drawing made the
 * browser lay the page out once per chart while a page of charts was being drawn.
 */
export function useDrawing(
  spec: Spec | undefined,
  pending: boolean,
  loading: boolean,
  height: number,
): { busy: boolean; minHeight: number | undefined; onDrawn: (view: View) => void } {
  const [drawn, setDrawn] = useState<{ spec: Spec; view: View }>();
  // react-vega draws again only for a spec that differs in content (a deep comparison), so an
  // equal spec (rows fetched again, unchanged) is drawn already.
  const busy =
    loading ||
    pending ||
    (spec !== undefined && !(drawn && jsonEqual(drawn.spec as JsonValue, spec as JsonValue)));
  // Read while the box still shows the last drawing: Vega replaces it only once the new spec is drawn.
  const lastHeight = useMemo(
    () => (busy && drawn ? (drawn.view.container()?.getBoundingClientRect().height ?? height) : height),
    [busy, drawn, height],
  );
  return {
    busy,
    minHeight: busy ? lastHeight : undefined,
    onDrawn: (view) => {
      if (spec) setDrawn({ spec, view });
    },
  };
}
