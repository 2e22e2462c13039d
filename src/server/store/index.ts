import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBStore } from './duckdb';
import { PostgresStore } from './postgres';
import { type ReplicaState, ReplicatedStore } from './replicated';
import type { Queryable, Store } from './Store';

export { isConnectionFailure, isDiskFull, isUnavailable, StoreUnavailableError } from './errors';
export type { ReplicaState } from './replicated';
export type { BulkColumn, Param, Queryable, Row, Store, TransactionOptions } from './Store';

/** Where the store lives: PostgreSQL when a URL is given, otherwise a DuckDB file in the data folder. */
export interface StoreLocation {
  databaseUrl?: string;
  /** PostgreSQL streaming replicas that may serve the analytics reads (with databaseUrl only). */
  databaseReplicaUrls?: readonly string[];
  /** A replica further behind than this is out of the read pool. */
  replicaMaxLagMs?: number;
  /** How often the replicas' lag is measured. */
  replicaCheckIntervalMs?: number;
  /** Told when a replica enters or leaves the read pool. */
  onReplicaChange?: (replica: ReplicaState) => void;
  dataDir: string;
  /** DuckDB's worker threads (unset: DuckDB's default, one per core). */
  duckdbThreads?: number;
  /** The most memory DuckDB takes before it spills to disk (unset: DuckDB's default). */
  duckdbMemoryLimit?: string;
}

/** The DuckDB file inside a data folder. */
export function duckdbPath(dataDir: string): string {
  return join(dataDir, 'hawkeye.duckdb');
}

/** Opens the store the configuration names, creating the data folder for DuckDB when absent. */
export async function openStore(where: StoreLocation): Promise<Store> {
  // A database that is still starting gets a few seconds before start-up gives up.
  if (where.databaseUrl && where.databaseReplicaUrls?.length)
    return ReplicatedStore.open(where.databaseUrl, where.databaseReplicaUrls, {
      waitMs: 10_000,
      maxLagMs: where.replicaMaxLagMs ?? 5_000,
      checkIntervalMs: where.replicaCheckIntervalMs ?? 1_000,
      onChange: where.onReplicaChange,
    });
  if (where.databaseUrl) return PostgresStore.open(where.databaseUrl, { waitMs: 10_000 });
  mkdirSync(where.dataDir, { recursive: true });
  return DuckDBStore.open(duckdbPath(where.dataDir), {
    threads: where.duckdbThreads,
    memoryLimit: where.duckdbMemoryLimit,
  });
}

/**
 * Where a read that may be served by a replica runs (ReplicatedStore.reader): a replica that has
 * replayed up to `expected` (a marker read from the primary, such as the data version), else the
 * store itself. Writes, and reads that must see the caller's own writes, use the store directly.
 */
export function readerFor(
  store: Store,
  expected: string,
  readMarker: (q: Queryable) => Promise<string>,
): Promise<Queryable> {
  return store instanceof ReplicatedStore ? store.reader(expected, readMarker) : Promise.resolve(store);
}

/** The replicas' states, when the store has any (for /readyz and the operations guide's checks). */
export function replicaStates(store: Store): ReplicaState[] | undefined {
  return store instanceof ReplicatedStore ? store.replicas() : undefined;
}
