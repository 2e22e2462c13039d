import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTempPostgres, type TempPostgres } from '../../scripts/lib/tempPostgres';
import { startServer } from '../../src/server/main';
import { seedDatabase } from '../../src/server/seed/seed';
import { duckdbPath } from '../../src/server/store';
import { TEST_SEED, testConfig } from './harness';

/** Where the seeded templates are, for `startTestServer` (given to the test files by `inject`). */
export interface SeedTemplates {
  /** A DuckDB file, closed, seeded with TEST_SEED. */
  duckdbFile: string;
  /** The folder of a stopped PostgreSQL cluster seeded with TEST_SEED. */
  postgresDataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    seedTemplates: SeedTemplates;
  }
}

/** Starts a server on a fresh database (DuckDB in `dataDir`, or `pg`), seeds it, and closes it cleanly. */
async function seedOnce(dataDir: string, pg?: TempPostgres): Promise<void> {
  const { app, ctx } = await startServer({
    config: testConfig(dataDir, pg),
    seedWhenEmpty: false,
    logger: false,
  });
  await seedDatabase(ctx.store, TEST_SEED);
  await app.close();
}

/**
 * The API tests' global setup: the small demo scale is seeded once per run on each driver, and
 * every test server that asks for seeded data starts on a copy (a file copy instead of a seed of
 * some seconds, twice per test file). Removed after the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const duckDir = mkdtempSync(join(tmpdir(), 'hawkeye-template-'));
  await seedOnce(duckDir);
  const copyDir = mkdtempSync(join(tmpdir(), 'hawkeye-template-file-'));
  const duckdbFile = join(copyDir, 'hawkeye.duckdb');
  copyFileSync(duckdbPath(duckDir), duckdbFile);
  rmSync(duckDir, { recursive: true, force: true });
  const pg = await startTempPostgres();
  const pgSecretDir = mkdtempSync(join(tmpdir(), 'hawkeye-template-'));
  await seedOnce(pgSecretDir, pg);
  rmSync(pgSecretDir, { recursive: true, force: true });
  await pg.halt();
  project.provide('seedTemplates', { duckdbFile, postgresDataDir: pg.dataDir });
  return async () => {
    rmSync(copyDir, { recursive: true, force: true });
    await pg.stop();
  };
}
