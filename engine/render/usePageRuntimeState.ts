import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { HostServices } from '../data/hostServices';
import type { TableState } from '../data/tableState';
import type { NormalizedPage } from '../definitions/normalizedPage';
import { filterSpanValue } from '../params/filterSpanValue';
import { initialParams, storageOf, storeParam } from '../params/paramStorage';
import { resolveActions, resolveDrill } from '../params/resolveActions';
import { sharedParamsOf, sharedQuery, sharedQueryKey, valuesFromQuery } from '../params/sharedParams';
import type { TableWidget, Widget } from '../types/dashboard';
import type { PageRuntime } from './pageRuntime';

function tableWidgets(definition: NormalizedPage): TableWidget[] {
  return Object.values(definition.panels)
    .flatMap((p) => p.blocks.flatMap((b) => b.widgets))
    .filter((w: Widget): w is TableWidget => w.kind === 'table');
}

/** The initial paging and sort of every table state of a page, from its widgets' options. */
export function initialTables(definition: NormalizedPage): Record<string, TableState> {
  const tables: Record<string, TableState> = {};
  for (const t of tableWidgets(definition)) {
    const name = t.state ?? t.data;
    tables[name] ??= {
      pageIndex: 0,
      pageSize: t.pageSize ?? 10,
      sort: t.defaultSort
        ? { field: t.defaultSort.field, direction: t.defaultSort.direction ?? 'asc' }
        : null,
    };
  }
  return tables;
}

/** The params a drill opened the page with, those the page declares. */
function openedParams(
  definition: NormalizedPage,
  openedWith: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(openedWith ?? {}).filter(([name]) => name in definition.params));
}

const firstPage = (tables: Record<string, TableState>) =>
  Object.fromEntries(Object.entries(tables).map(([k, t]) => [k, { ...t, pageIndex: 0 }]));

/** The first page at the table's own page size (its definition's), keeping the sort. */
const firstPageAtDefaultSize =
  (initial: Record<string, TableState>) => (tables: Record<string, TableState>) =>
    Object.fromEntries(
      Object.entries(tables).map(([k, t]) => [
        k,
        { ...t, pageIndex: 0, pageSize: initial[k]?.pageSize ?? t.pageSize },
      ]),
    );

const NO_QUERY: Readonly<Record<string, string>> = {};

/**
 * Holds a page's params and table states. Params start from the URL (shareable params), then
 * storage or their defaults; a param change returns tables to their first page at their own page
 * size (SPEC.md section 4: a changed relationship or comm type reloads from page 0, 10 per page);
 * applying the global filter resets the params marked resetOnApply and returns tables to their
 * first page. Shareable params are written to the URL (a history entry per change the user makes),
 * and a URL change the engine did not make (Back, Forward) sets them.
 */
export function usePageRuntimeState(definition: NormalizedPage, host: HostServices): PageRuntime {
  const storage = storageOf(host);
  const shared = useMemo(() => sharedParamsOf(definition.params), [definition]);
  const query = host.urlQuery ?? NO_QUERY;
  const urlKey = sharedQueryKey(shared, query);
  const [entry] = useState(() => valuesFromQuery(shared, query, host));
  // A URL that names a whole view: the shared params it leaves out are at their defaults.
  const [urlDefaults] = useState(() =>
    host.urlIsWholeView && !host.openedWith ? new Set(shared.map((s) => s.name)) : undefined,
  );
  const [params, setParamValues] = useState(() => ({
    ...initialParams(
      definition.params,
      storage,
      host.applyCount > 0 ? host.appliedFilter : undefined,
      urlDefaults,
    ),
    ...Object.fromEntries(entry.values),
    ...openedParams(definition, host.openedWith),
  }));
  const [tables, setTables] = useState(() => initialTables(definition));
  const [dropped, setDropped] = useState<readonly string[]>(entry.dropped);
  const [seenUrl, setSeenUrl] = useState(urlKey);
  /** How the next URL write goes: 'push' after the user changed a param, else 'replace'. */
  const nextWrite = useRef<'push' | 'replace'>('replace');
  /**
   * The URLs (their shared part) this page wrote that have not come back yet. A write comes back
   * after the render that asked for it, by which time the params may have moved on (an apply, a
   * pill falling back and back again): such a URL is the page's own, not a Back or Forward to follow.
   */
  const ownWrites = useRef<string[]>([]);
  /**
   * A Back or Forward since the last render: the URL is followed even when it reads as the one the
   * page last saw. The page's own write may never have been shown before the move (a host may
   * render a URL change late, and the move then comes in the same render), and the writes pending
   * are history now.
   */
  const historyMoves = host.historyMoves ?? 0;
  const [seenMoves, setSeenMoves] = useState(historyMoves);
  const moved = historyMoves !== seenMoves;
  if (moved) ownWrites.current = [];
  const ownUrl = ownWrites.current.includes(urlKey);

  const changeParams = useCallback(
    (changes: ReadonlyMap<string, unknown>) => {
      if (!changes.size) return;
      setParamValues((current) => {
        const next = { ...current };
        for (const [name, value] of changes) {
          const param = definition.params[name];
          if (!param) continue;
          next[name] = value === undefined ? param.default : value;
          storeParam(param, value === undefined ? undefined : value, storage);
        }
        return next;
      });
      setTables(firstPageAtDefaultSize(initialTables(definition)));
    },
    [definition, storage],
  );
  const setParams = useCallback(
    (changes: ReadonlyMap<string, unknown>, history: 'push' | 'replace' = 'push') => {
      if (changes.size && history === 'push') nextWrite.current = 'push';
      changeParams(changes);
    },
    [changeParams],
  );

  // Applying the global filter, and a URL changed by Back or Forward: adjusted while rendering (not
  // in an effect), so no data source ever sees the new filter with the params of the old one (a
  // stale request, e.g. a 90-day trend by week). When both come together (Back across an apply),
  // the URL's values win over the apply's resets.
  const [seenApply, setSeenApply] = useState(host.applyCount);
  const applied = host.applyCount !== seenApply;
  const urlMoved = urlKey !== seenUrl || moved;
  if (applied || urlMoved) {
    const changes = new Map<string, unknown>();
    if (applied) {
      // The first apply (the filter bar restoring the stored filter as the page loads) keeps what the
      // page remembered, as a later visit would; every later apply follows the filter.
      const restoring = seenApply === 0;
      setSeenApply(host.applyCount);
      for (const [name, p] of Object.entries(definition.params)) {
        if (restoring && p.storageKey && storage?.getItem(p.storageKey) != null) continue;
        if (restoring && urlDefaults?.has(name)) continue;
        if (restoring && host.openedWith && name in host.openedWith) continue;
        const fromSpan = p.fromFilterSpan ? filterSpanValue(p.fromFilterSpan, host.appliedFilter) : undefined;
        if (fromSpan !== undefined) changes.set(name, fromSpan);
        else if (p.resetOnApply) changes.set(name, undefined);
      }
    }
    // The engine's own write comes back as a URL that says what the params already hold.
    if (urlMoved) {
      setSeenUrl(urlKey);
      setSeenMoves(historyMoves);
      const held = sharedQueryKey(shared, sharedQuery(shared, definition.params, params));
      if (!ownUrl && (applied || urlKey !== held)) {
        const fromUrl = valuesFromQuery(shared, query, host);
        for (const s of shared) changes.set(s.name, fromUrl.values.get(s.name));
        if (fromUrl.dropped.length) setDropped(fromUrl.dropped);
      }
    }
    changeParams(changes);
    if (applied) setTables(firstPage);
  }

  // The URL follows the shareable params: a user's change adds a history entry, anything else
  // (entry, apply, Back) changes the current one.
  useEffect(() => {
    const how = nextWrite.current;
    nextWrite.current = 'replace';
    if (!host.setUrlQuery || !shared.length) return;
    const wanted = sharedQuery(shared, definition.params, params);
    const wantedKey = sharedQueryKey(shared, wanted);
    if (wantedKey === sharedQueryKey(shared, host.urlQuery ?? NO_QUERY)) return;
    ownWrites.current.push(wantedKey);
    host.setUrlQuery(wanted, how);
  }, [params, host, shared, definition]);

  // A write that came back is done, and so are those before it (superseded).
  useEffect(() => {
    const at = ownWrites.current.indexOf(urlKey);
    if (at >= 0) ownWrites.current.splice(0, at + 1);
  }, [urlKey]);

  // Told once per drop (not again when the host's services change).
  // biome-ignore lint/correctness/useExhaustiveDependencies: host is read when a drop happens
  useEffect(() => {
    if (dropped.length) host.onSharedValuesDropped?.(dropped);
  }, [dropped]);

  return useMemo<PageRuntime>(
    () => ({
      definition,
      host,
      params,
      setParams,
      runActions: (actions, event) => {
        setParams(resolveActions(actions, event, params));
        const drill = resolveDrill(actions, event, params);
        if (drill) host.openPage?.(drill.page, drill.params);
      },
      tables,
      setTable: (name, state) => setTables((t) => ({ ...t, [name]: state })),
    }),
    [definition, host, params, setParams, tables],
  );
}
