import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBStore } from './duckdb';
import { PostgresStore } from './postgres';
import type { Store } from './Store';

export { isConnectionFailure, StoreUnavailableError } from './errors';
export type { BulkColumn, Param, Queryable, Row, Store, TransactionOptions } from './Store';

/** Where the store lives: PostgreSQL when a URL is given, otherwise a DuckDB file in the data folder. */
export interface StoreLocation {
  databaseUrl?: string;
  dataDir: string;
  /** DuckDB's worker threads (unset: DuckDB's default, one per core). */
  duckdbThreads?: number;
}

/** The DuckDB file inside a data folder. */
export function duckdbPath(dataDir: string): string {
  return join(dataDir, 'hawkeye.duckdb');
}

/** Opens the store the configuration names, creating the data folder for DuckDB when absent. */
export async function openStore(where: StoreLocation): Promise<Store> {
  // A database that is still starting gets a few seconds before start-up gives up.
  if (where.databaseUrl) return PostgresStore.open(where.databaseUrl, { waitMs: 10_000 });
  mkdirSync(where.dataDir, { recursive: true });
  return DuckDBStore.open(duckdbPath(where.dataDir), { threads: where.duckdbThreads });
}
