import { type Queryable, readerFor, type Store } from '../store';
import type { DataQuery } from './request';
import { type DataVersion, dataVersion } from './rollups';

/**
 * Where an analytics read runs: a replica that has replayed the data version read from the primary
 * for this request (and, when the query reads the rollups, their rebuild for it), else the primary.
 * An import through any instance moves the version on the primary, so no instance answers from a
 * replica that has not replayed it yet, and the result cache, keyed by that version, never keeps an
 * older answer under a newer version. Before the first load (no version) the primary answers.
 */
export function analyticsReader(
  store: Store,
  data: { version: string | null; rollupsCurrent?: boolean },
): Promise<Queryable> {
  if (data.version === null) return Promise.resolve(store);
  const usesRollups = data.rollupsCurrent === true;
  const marker = (d: DataVersion) => JSON.stringify([d.version, usesRollups && d.rollupsCurrent]);
  return readerFor(store, marker({ version: data.version, rollupsCurrent: usesRollups }), async (q) =>
    marker(await dataVersion(q)),
  );
}

/** Where a resolved query's reads run (its data version, and whether it reads the rollups). */
export function readerOfQuery(store: Store, q: DataQuery): Promise<Queryable> {
  return analyticsReader(store, { version: q.dataVersion ?? null, rollupsCurrent: q.rollupsCurrent });
}
