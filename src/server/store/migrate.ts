import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Store } from './Store';
import { splitStatements } from './values';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** A numbered migration file: `NNN_name.sql`. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Reads the numbered migrations in order. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({
      version: Number(f.split('_')[0]),
      name: f.replace(/\.sql$/, ''),
      sql: readFileSync(join(dir, f), 'utf8'),
    }));
}

/**
 * The statements of a migration for one driver. The SQL is shared; a statement preceded by a line
 * `-- only: postgres` (or `duckdb`) runs on that driver alone (indexes PostgreSQL needs and DuckDB's
 * column store does not, for instance).
 */
export function statementsFor(sql: string, kind: Store['kind']): string[] {
  const chunks = sql.split(/;\s*(?:\n|$)/);
  const out: string[] = [];
  for (const chunk of chunks) {
    const only = /^\s*--\s*only:\s*(\w+)/m.exec(chunk)?.[1];
    if (only && only !== kind) continue;
    out.push(...splitStatements(chunk));
  }
  return out;
}

/** Applies every migration not yet applied, each in its own transaction; returns the names applied. */
export async function migrate(store: Store, migrations = loadMigrations()): Promise<string[]> {
  await store.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMP NOT NULL)',
  );
  const done = new Set(
    (await store.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version),
  );
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.version)) continue;
    await store.transaction(async (tx) => {
      for (const stmt of statementsFor(m.sql, store.kind)) await tx.exec(stmt);
      await tx.query(
        'INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3::TIMESTAMP)',
        [m.version, m.name, new Date().toISOString().replace('Z', '')],
      );
    });
    applied.push(m.name);
  }
  return applied;
}
