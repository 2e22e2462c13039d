import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { openStore } from '../../src/server/store';

const dir = mkdtempSync(join(tmpdir(), 'hawkeye-duckdb-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('DUCKDB_MEMORY_LIMIT', () => {
  it('caps the memory DuckDB takes before spilling to disk', async () => {
    const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x', DUCKDB_MEMORY_LIMIT: '512MB' });
    const store = await openStore(config);
    try {
      const [row] = await store.query<{ limit: string }>(
        'SELECT current_setting(\'memory_limit\') AS "limit"',
      );
      // DuckDB shows 512 MB (10^6 bytes each) in MiB.
      expect(row?.limit).toBe('488.2 MiB');
    } finally {
      await store.close();
    }
  });

  it('refuses a value DuckDB could not read, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x', DUCKDB_MEMORY_LIMIT: 'lots' })).toThrow(
      "DUCKDB_MEMORY_LIMIT must be a size such as 512MB or 6GB, got 'lots'",
    );
  });
});
