import type { Store } from '../store';
import { type DataVersion, dataVersion } from './rollups';

/** Values remembered per data version at most (the oldest first out). */
const MAX_KEPT = 5_000;

interface StoreMemo {
  /** The version read, and Store.dataChanges before it was read. */
  version?: { value: DataVersion; writes: number };
  /** The data version the kept values were read under, and the values by their keys. */
  keptOf?: string | null;
  kept: Map<string, Promise<unknown>>;
}

const memos = new WeakMap<object, StoreMemo>();

/** The memo of a store (or of whatever else owns the values). */
function memoOf(owner: object): StoreMemo {
  let memo = memos.get(owner);
  if (!memo) {
    memo = { kept: new Map() };
    memos.set(owner, memo);
  }
  return memo;
}

/**
 * The current data version. A store that says when its data may have changed (Store.dataChanges:
 * DuckDB's own writes; PostgreSQL's, and other processes' as their notifications arrive) keeps the
 * version read until then, so no request asks again; otherwise it is read every time.
 */
export async function currentDataVersion(store: Store): Promise<DataVersion> {
  const writes = store.dataChanges;
  if (writes === undefined) return dataVersion(store);
  const memo = memoOf(store);
  if (memo.version && memo.version.writes === writes) return memo.version.value;
  const value = await dataVersion(store);
  memo.version = { value, writes };
  return value;
}

/**
 * `resolve()` once per `key` and data version. Whatever is read from the data stays the same until
 * the version moves (every seed and import moves it in the transaction that loads the data), so a
 * caller's resolved scope, or a set of figures that several answers share, is worked out once and
 * shared by the requests that need it, those arriving together included. Nothing is kept before the
 * first load (version null), nor a failed lookup.
 */
export function onceForVersion<T>(
  owner: object,
  version: string | null,
  key: string,
  resolve: () => Promise<T>,
): Promise<T> {
  if (version === null) return resolve();
  const memo = memoOf(owner);
  if (memo.keptOf !== version) {
    memo.kept.clear();
    memo.keptOf = version;
  }
  let hit = memo.kept.get(key) as Promise<T> | undefined;
  if (!hit) {
    const value = resolve();
    hit = value;
    memo.kept.set(key, value);
    if (memo.kept.size > MAX_KEPT) memo.kept.delete(memo.kept.keys().next().value as string);
    value.catch(() => {
      if (memo.kept.get(key) === value) memo.kept.delete(key);
    });
  }
  return hit;
}
