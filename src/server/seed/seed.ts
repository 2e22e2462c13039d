import { ROLLUPS_LOCK, refreshRollups } from '../analytics/rollups';
import { createUser } from '../auth/users';
import { seedDemoSubscriptions } from '../deliveries/demoSubscriptions';
import type { Store } from '../store';
import { DEMO_USERS } from './demoUsers';
import { generate } from './generate';
import { SCALES, type ScaleName } from './scales';
import { TABLE_ORDER, TABLES } from './tables';

export interface SeedOptions {
  scale: ScaleName;
  seed: number;
  /** The last data update; defaults to the most recent 11:00 or 19:00 update (SPEC.md section 9). */
  asOf?: Date;
  progress?: (message: string) => void;
  /** Also create the demo sign-ins (default true). */
  users?: boolean;
}

/** The latest scheduled data update (11:00 or 19:00) at or before `now`, as site-local clock time. */
export function lastScheduledUpdate(now = new Date()): Date {
  // Clock fields of the local time, stored as if UTC (the store keeps site-local times).
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const hour = local.getUTCHours();
  if (hour >= 19) return new Date(day + 19 * 3_600_000);
  if (hour >= 11) return new Date(day + 11 * 3_600_000);
  return new Date(day - 5 * 3_600_000);
}

/** True when the database already holds data (a second start reuses it). */
export async function isSeeded(store: Store): Promise<boolean> {
  const [row] = await store.query<{ n: number }>('SELECT count(*) AS n FROM data_status');
  return row.n > 0;
}

/** Empties every data table (not users). */
export async function clearData(store: Store): Promise<void> {
  await store.transaction(async (tx) => {
    for (const t of [...TABLE_ORDER].reverse()) await tx.exec(`DELETE FROM ${t}`);
  });
}

/** Replaces the data with a freshly generated demo data set and makes sure the demo users exist. */
export async function seedDatabase(store: Store, opts: SeedOptions): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const scale = SCALES[opts.scale];
  await clearData(store);
  let lastReport = Date.now();
  await store.transaction(
    async (tx) => {
      for (const batch of generate({ scale, seed: opts.seed, asOf: opts.asOf ?? lastScheduledUpdate() })) {
        await tx.bulkInsert(batch.table, TABLES[batch.table], batch.rows);
        counts[batch.table] = (counts[batch.table] ?? 0) + batch.rows.length;
        if (opts.progress && Date.now() - lastReport > 2000) {
          lastReport = Date.now();
          opts.progress(`${(counts.communications ?? 0).toLocaleString('en-US')} communications`);
        }
      }
      await refreshRollups(tx, { kind: store.kind });
    },
    { lock: ROLLUPS_LOCK },
  );
  if (opts.users !== false) {
    for (const u of DEMO_USERS) {
      const [exists] = await store.query('SELECT id FROM users WHERE username = $1', [u.username]);
      if (!exists) await createUser(store, u);
    }
    // Subscribed as of the data's last update: the first Monday after it is due.
    await seedDemoSubscriptions(store, opts.asOf ?? lastScheduledUpdate());
  }
  return counts;
}
