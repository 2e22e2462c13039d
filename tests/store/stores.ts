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

/**
 * A migrated, empty store of the given driver: a DuckDB file in a temp folder, or a throwaway cluster.
 *
 * DuckDB runs one worker thread unless `duckdbThreads` says otherwise: on the small test data a
 * second thread mostly waited for work (the whole store project alone, 2026-11-27 16:30, in turns:
 * 88 s and 108 busy CPU-seconds with DuckDB's default of one per core, 79 s and 91 with one). A test
 * that seeds the demo scale (a million communications) asks for DuckDB's default (`0`): on one
 * thread, beside another checkout's suite, that seed outlasted its hook's 120 s. The API tests'
 * servers keep the default too.
 */
export async function openTestStore(
  driver: Driver,
  opts: { duckdbThreads?: number } = {},
): Promise<TestStore> {
  const dir = mkdtempSync(join(tmpdir(), 'hawkeye-store-'));
  if (driver === 'duckdb') {
    const threads = opts.duckdbThreads ?? 1;
    const store = await DuckDBStore.open(join(dir, 'test.duckdb'), threads ? { threads } : {});
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
