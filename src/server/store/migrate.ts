import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../../engine/tools';
import type { Store } from './Store';
import { splitStatements } from './values';

const MIGRATIONS_DIR = join(packageRoot(import.meta.dirname), 'src', 'server', 'migrations');

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

/** The lock every migration step holds: of several instances starting at once, one applies each. */
const MIGRATIONS_LOCK = 'migrations';

/**
 * Applies every migration not yet applied, each in its own transaction; returns the names applied.
 * Several instances may start at once on one PostgreSQL database: each step holds MIGRATIONS_LOCK
 * and looks again once it holds it, so a migration another instance has just applied is skipped
 * rather than applied twice (which failed that start).
 */
export async function migrate(store: Store, migrations = loadMigrations()): Promise<string[]> {
  await store.transaction(
    (tx) =>
      tx.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMP NOT NULL)',
      ),
    { lock: MIGRATIONS_LOCK },
  );
  const done = new Set(
    (await store.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version),
  );
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.version)) continue;
    const ran = await store.transaction(
      async (tx) => {
        const already = await tx.query('SELECT 1 AS applied FROM schema_migrations WHERE version = $1', [
          m.version,
        ]);
        if (already.length > 0) return false;
        for (const stmt of statementsFor(m.sql, store.kind)) await tx.exec(stmt);
        await tx.query(
          'INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3::TIMESTAMP)',
          [m.version, m.name, new Date().toISOString().replace('Z', '')],
        );
        return true;
      },
      { lock: MIGRATIONS_LOCK },
    );
    if (ran) applied.push(m.name);
  }
  return applied;
}
