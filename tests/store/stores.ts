import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTempPostgres } from '../../scripts/lib/tempPostgres';
import type { Store } from '../../src/server/store';
import { DuckDBStore } from '../../src/server/store/duckdb';
import { migrate } from '../../src/server/store/migrate';
import { PostgresStore } from '../../src/server/store/postgres';

export const DRIVERS = ['duckdb', 'postgres'] as const;
export type Driver = (typeof DRIVERS)[number];

export interface TestStore {
  store: Store;
  dir: string;
  /** PostgreSQL's connection URL (its cluster can hold more databases); unset on DuckDB. */
  url?: string;
  /** Closes the store and removes its files (and its PostgreSQL cluster). */
  cleanup(): Promise<void>;
}

/** A migrated, empty store of the given driver: a DuckDB file in a temp folder, or a throwaway cluster. */
export async function openTestStore(driver: Driver): Promise<TestStore> {
  const dir = mkdtempSync(join(tmpdir(), 'hawkeye-store-'));
  if (driver === 'duckdb') {
    // One DuckDB worker thread: the test data is small and a second thread mostly waited for work.
    // The whole store project alone (2026-11-27 16:30, in turns): 88 s and 108 busy CPU-seconds with
    // DuckDB's default of one per core, 79 s and 91 with one. The API tests' servers keep the default.
    const store = await DuckDBStore.open(join(dir, 'test.duckdb'), { threads: 1 });
    await migrate(store);
    return {
      store,
      dir,
      async cleanup() {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const pg = await startTempPostgres();
  const store = await PostgresStore.open(pg.url);
  await migrate(store);
  return {
    store,
    dir,
    url: pg.url,
    async cleanup() {
      await store.close();
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
