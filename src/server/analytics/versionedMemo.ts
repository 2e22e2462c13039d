import type { Store } from '../store';
import { type DataVersion, dataVersion } from './rollups';

/** Scopes remembered per data version at most (the oldest first out). */
const MAX_SCOPES = 5_000;

interface StoreMemo {
  /** The version read, and Store.localWrites before it was read. */
  version?: { value: DataVersion; writes: number };
  /** The data version the scopes were resolved under, and the scopes by their inputs. */
  scopesOf?: string | null;
  scopes: Map<string, Promise<number[]>>;
}

const memos = new WeakMap<Store, StoreMemo>();

function memoOf(store: Store): StoreMemo {
  let memo = memos.get(store);
  if (!memo) {
    memo = { scopes: new Map() };
    memos.set(store, memo);
  }
  return memo;
}

/**
 * The current data version. A store that is its database's only writer (DuckDB) says when it
 * writes (Store.localWrites), so the version read stays good until then and no request asks again;
 * with other writers (PostgreSQL: other instances, imports) it is read every time.
 */
export async function currentDataVersion(store: Store): Promise<DataVersion> {
  const writes = store.localWrites;
  if (writes === undefined) return dataVersion(store);
  const memo = memoOf(store);
  if (memo.version && memo.version.writes === writes) return memo.version.value;
  const value = await dataVersion(store);
  memo.version = { value, writes };
  return value;
}

/**
 * `resolve()` once per `key` and data version: sites and accounts change only with the data (every
 * seed and import moves the version in the transaction that loads them), so a caller's resolved
 * scope is the same until the version moves. Nothing is kept before the first load (version null).
 */
export function scopeForVersion(
  store: Store,
  version: string | null,
  key: string,
  resolve: () => Promise<number[]>,
): Promise<number[]> {
  if (version === null) return resolve();
  const memo = memoOf(store);
  if (memo.scopesOf !== version) {
    memo.scopes.clear();
    memo.scopesOf = version;
  }
  let hit = memo.scopes.get(key);
  if (!hit) {
    hit = resolve();
    memo.scopes.set(key, hit);
    if (memo.scopes.size > MAX_SCOPES) memo.scopes.delete(memo.scopes.keys().next().value as string);
    // A failed lookup is not kept.
    hit.catch(() => {
      if (memo.scopes.get(key) === hit) memo.scopes.delete(key);
    });
  }
  return hit;
}
