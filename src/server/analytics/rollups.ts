import type { Queryable, Store } from '../store';
import { migrate } from '../store/migrate';
import { RESPONSE_BUCKET_NUMBER, RESPONSE_REQUIRED } from './queries/responseBuckets';

/**
 * A rollup: its table, the period its first column holds (a column of that name), what it is summed
 * from (communications, or a finer rollup written before it), and its SELECT over `from`, the source
 * as `c` (with the periods to rebuild joined, when only some are).
 */
interface Rollup {
  table: string;
  unit: Unit;
  source: string;
  select: (from: string) => string;
}
type Unit = 'month' | 'week' | 'day';

/** Communications by employee per month (migration 011) or day (migration 017): the same columns. */
function commByEmployee(unit: 'month' | 'day'): Rollup {
  return {
    table: `rollup_comm_employee_${unit}`,
    unit,
    source: 'communications',
    select: (from) => `
      SELECT date_trunc('${unit}', c.occurred_at), c.site_id, c.employee_id, c.comm_type, c.direction,
        c.response_required, ${RESPONSE_BUCKET_NUMBER}, count(*), sum(c.response_seconds), count(c.response_seconds)
      FROM ${from}
      GROUP BY 1, 2, 3, 4, 5, 6, 7
      ORDER BY 1, 2`,
  };
}

/**
 * The two coarser copies of an employee rollup (migrations 018 and 019), summed from it: without the
 * type and the response bucket, and the rows that wait for a reply by response bucket.
 */
function coarseByEmployee(unit: 'month' | 'day'): Rollup[] {
  return [
    {
      table: `rollup_comm_employee_dir_${unit}`,
      unit,
      source: `rollup_comm_employee_${unit}`,
      select: (from) => `
      SELECT c.${unit}, c.site_id, c.employee_id, c.direction, c.response_required,
        sum(c.n), sum(c.response_sum), sum(c.response_n)
      FROM ${from}
      GROUP BY 1, 2, 3, 4, 5
      ORDER BY 1, 2`,
    },
    {
      table: `rollup_response_employee_${unit}`,
      unit,
      source: `rollup_comm_employee_${unit}`,
      select: (from) => `
      SELECT c.${unit}, c.site_id, c.employee_id, c.response_bucket, sum(c.n), sum(c.response_sum), sum(c.response_n)
      FROM ${from}
      WHERE ${RESPONSE_REQUIRED}
      GROUP BY 1, 2, 3, 4
      ORDER BY 1, 2`,
    },
  ];
}

/**
 * The rollups of migrations 011, 013, 014, 015, 017, 018 and 019: what each holds, as one INSERT ... SELECT over
 * communications `c` (or over a finer rollup built before it). Counts and sums only, so whole months
 * add up exactly (see queries/facts.ts for how periods are split). Each is written in time order, so
 * a question about some of the months reads only their blocks (DuckDB skips blocks by their min and
 * max): a prior year is 12 of 18 months.
 */
const ROLLUPS: readonly Rollup[] = [
  {
    table: 'rollup_comm_site_month',
    unit: 'month',
    source: 'communications',
    select: (from) => `
      SELECT date_trunc('month', c.occurred_at), c.site_id, c.relationship_id, c.comm_type, c.direction,
        c.is_first_communication, c.response_required, ${RESPONSE_BUCKET_NUMBER},
        count(*), sum(c.response_seconds), count(c.response_seconds)
      FROM ${from}
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      ORDER BY 1, 2`,
  },
  commByEmployee('month'),
  {
    table: 'rollup_response_week',
    unit: 'week',
    source: 'communications',
    select: (from) => `
      SELECT date_trunc('week', c.occurred_at), c.site_id, c.relationship_id, c.comm_type,
        c.is_first_communication, sum(c.response_seconds), count(c.response_seconds)
      FROM ${from}
      WHERE ${RESPONSE_REQUIRED}
      GROUP BY 1, 2, 3, 4, 5
      ORDER BY 1, 2`,
  },
  {
    table: 'rollup_call_month',
    unit: 'month',
    source: 'communications',
    select: (from) => `
      SELECT date_trunc('month', c.occurred_at), c.site_id, c.ad_source_id, c.caller_type, c.call_result,
        c.is_missed, count(*), sum(c.duration_seconds)
      FROM ${from}
      WHERE c.comm_type = 'PHONE' AND c.direction = 'inbound'
      GROUP BY 1, 2, 3, 4, 5, 6
      ORDER BY 1, 2`,
  },
  {
    // Migration 014's coarser copies, summed from the finer rollups above (built first).
    table: 'rollup_comm_type_month',
    unit: 'month',
    source: 'rollup_comm_site_month',
    select: (from) => `
      SELECT c.month, c.site_id, c.comm_type, c.direction, c.response_required, c.response_bucket,
        sum(c.n), sum(c.response_sum), sum(c.response_n)
      FROM ${from}
      GROUP BY 1, 2, 3, 4, 5, 6
      ORDER BY 1, 2`,
  },
  // Migration 018's coarser copies, summed from the employee rollup (built before them).
  ...coarseByEmployee('month'),
  {
    table: 'rollup_response_type_week',
    unit: 'week',
    source: 'rollup_response_week',
    select: (from) => `
      SELECT c.week, c.site_id, c.comm_type, sum(c.response_sum), sum(c.response_n)
      FROM ${from}
      GROUP BY 1, 2, 3
      ORDER BY 1, 2`,
  },
  {
    table: 'rollup_call_day',
    unit: 'day',
    source: 'communications',
    select: (from) => `
      SELECT date_trunc('day', c.occurred_at), c.site_id, c.ad_source_id, c.caller_type, c.call_result,
        c.is_missed, count(*), sum(c.duration_seconds)
      FROM ${from}
      WHERE c.comm_type = 'PHONE' AND c.direction = 'inbound'
      GROUP BY 1, 2, 3, 4, 5, 6
      ORDER BY 1, 2`,
  },
  {
    table: 'rollup_comm_type_day',
    unit: 'day',
    source: 'communications',
    select: (from) => `
      SELECT date_trunc('day', c.occurred_at), c.site_id, c.comm_type, c.direction, c.response_required,
        ${RESPONSE_BUCKET_NUMBER}, count(*), sum(c.response_seconds), count(c.response_seconds)
      FROM ${from}
      GROUP BY 1, 2, 3, 4, 5, 6
      ORDER BY 1, 2`,
  },
  commByEmployee('day'),
  // Migration 019's, from the daily employee rollup just built.
  ...coarseByEmployee('day'),
];

/** Tables the analytics queries read that a PostgreSQL ANALYZE should refresh after a load. */
const BASE_TABLES = ['communications', 'call_scores', 'leases', 'action_items', 'contacts'];

export interface RefreshOptions {
  /** The driver: on PostgreSQL the base tables' planner statistics are refreshed too. */
  kind?: 'duckdb' | 'postgres';
}

/**
 * Rebuilds every rollup from the raw tables and marks them current for data_status's data version.
 * Run it inside the transaction that loads the data (seed, import) so readers never see a mix.
 */
export async function refreshRollups(db: Queryable, opts: RefreshOptions = {}): Promise<{ ms: number }> {
  const started = performance.now();
  for (const r of ROLLUPS) {
    await db.exec(`DELETE FROM ${r.table}`);
    await db.exec(`INSERT INTO ${r.table} ${r.select(`${r.source} c`)}`);
  }
  await markRollupsCurrent(db);
  // Fresh tables have no statistics yet; ANALYZE of these small tables is cheap on both drivers.
  for (const r of ROLLUPS) await db.exec(`ANALYZE ${r.table}`);
  if (opts.kind === 'postgres') for (const t of BASE_TABLES) await db.exec(`ANALYZE ${t}`);
  return { ms: performance.now() - started };
}

/**
 * Records that the rollups are built for the current data_status.last_data_update: after a rebuild,
 * or a load that changed no communications (no rollup reads another table) while they were current.
 */
export async function markRollupsCurrent(db: Queryable): Promise<void> {
  await db.exec('DELETE FROM rollup_status');
  await db.query(
    `INSERT INTO rollup_status (id, last_data_update, data_version, refreshed_at)
     SELECT 1, (SELECT last_data_update FROM data_status WHERE id = 1),
       (SELECT data_version FROM data_status WHERE id = 1), $1::TIMESTAMP`,
    [new Date().toISOString().replace('Z', '')],
  );
}

/** The temporary table of the (site, day) pairs a load changes, which refreshChangedRollups rebuilds. */
const CHANGED = 'rollup_changed_days';

/**
 * Notes the (site, day) of every communication a load is about to replace (its ids in `stage`) and
 * of every one it writes (the rows of `stage`, with site_id and occurred_at). Call it before the
 * load deletes the rows it replaces: a record an upsert moves to another day or site changes both.
 */
export async function noteChangedCommunications(db: Queryable, stage: string): Promise<void> {
  await db.exec(`DROP TABLE IF EXISTS ${CHANGED}`);
  await db.exec(
    `CREATE TEMP TABLE ${CHANGED} AS
     SELECT DISTINCT site_id, date_trunc('day', occurred_at) AS day FROM (
       SELECT c.site_id, c.occurred_at FROM communications c WHERE c.id IN (SELECT id FROM ${stage})
       UNION ALL SELECT s.site_id, s.occurred_at FROM ${stage} s) x`,
  );
}

const STEP: Record<Unit, string> = {
  month: "INTERVAL '1 month'",
  week: "INTERVAL '7 days'",
  day: "INTERVAL '1 day'",
};

/**
 * Rebuilds the rollup rows of the periods (days, weeks, months) and sites that noteChangedCommunications
 * noted, from the communications of those periods and sites only, and marks the rollups current: the
 * work follows the batch, not the database. Only when the rollups were current before the load (else
 * refreshRollups). Each rollup's rows for a (period, site) are all of that site's rows in the period
 * (every employee, type and bucket), so deleting and summing them again gives what a rebuild would.
 */
export async function refreshChangedRollups(db: Queryable): Promise<{ ms: number }> {
  const started = performance.now();
  const bounds = {} as Record<Unit, { lo: string; hi: string }>;
  for (const unit of Object.keys(STEP) as Unit[]) {
    const table = `${CHANGED}_${unit}`;
    await db.exec(`DROP TABLE IF EXISTS ${table}`);
    await db.exec(
      `CREATE TEMP TABLE ${table} AS
       SELECT DISTINCT site_id, date_trunc('${unit}', day) AS period_start,
         date_trunc('${unit}', day) + ${STEP[unit]} AS period_end
       FROM ${CHANGED}`,
    );
    // The whole span as constants too: DuckDB then skips the blocks outside it (zone maps).
    const [b] = await db.query<{ lo: string | null; hi: string | null }>(
      `SELECT CAST(min(period_start) AS VARCHAR) AS lo, CAST(max(period_end) AS VARCHAR) AS hi FROM ${table}`,
    );
    if (b.lo === null || b.hi === null) {
      bounds[unit] = { lo: "TIMESTAMP '2000-01-01'", hi: "TIMESTAMP '2000-01-01'" };
    } else bounds[unit] = { lo: `TIMESTAMP '${b.lo}'`, hi: `TIMESTAMP '${b.hi}'` };
  }
  for (const r of ROLLUPS) {
    const changed = `${CHANGED}_${r.unit}`;
    const { lo, hi } = bounds[r.unit];
    await db.exec(
      `DELETE FROM ${r.table} WHERE ${r.unit} >= ${lo} AND ${r.unit} < ${hi}
         AND EXISTS (SELECT 1 FROM ${changed} t WHERE t.site_id = ${r.table}.site_id AND t.period_start = ${r.table}.${r.unit})`,
    );
    const from =
      r.source === 'communications'
        ? `communications c JOIN ${changed} t ON t.site_id = c.site_id
             AND c.occurred_at >= t.period_start AND c.occurred_at < t.period_end
             AND c.occurred_at >= ${lo} AND c.occurred_at < ${hi}`
        : `${r.source} c JOIN ${changed} t ON t.site_id = c.site_id AND t.period_start = c.${r.unit}
             AND c.${r.unit} >= ${lo} AND c.${r.unit} < ${hi}`;
    await db.exec(`INSERT INTO ${r.table} ${r.select(from)}`);
  }
  for (const unit of Object.keys(STEP)) await db.exec(`DROP TABLE ${CHANGED}_${unit}`);
  await db.exec(`DROP TABLE ${CHANGED}`);
  await markRollupsCurrent(db);
  return { ms: performance.now() - started };
}

/**
 * The lock every transaction that rebuilds the rollups holds (seed, import, a start): on PostgreSQL
 * two rebuilds at once would each delete what the other had not yet written and both insert theirs.
 */
export const ROLLUPS_LOCK = 'rollups';

/**
 * Migrates the store, then rebuilds the rollups when they are not current while there is data: a
 * migration that adds a rollup starts its table empty and so marks every rollup not current, and
 * until the next import every question would read the raw rows. Checked at every start, not only
 * one that applied a migration, so a rebuild cut short (the process stopped mid-way) is done at the
 * next; under ROLLUPS_LOCK, and checked again once the lock is held, so of several instances
 * starting together on one PostgreSQL one rebuilds. `say` hears a line before and after a rebuild.
 */
export async function migrateWithRollups(
  store: Store,
  say: (line: string) => void = () => undefined,
): Promise<{ applied: string[]; rebuiltMs: number | null }> {
  const applied = await migrate(store);
  const stale = async (db: Queryable) => {
    const v = await dataVersion(db);
    return v.version !== null && !v.rollupsCurrent;
  };
  if (!(await stale(store))) return { applied, rebuiltMs: null };
  say('Rebuilding the rollups: they are not current for the data (after a migration that adds one)...');
  const rebuilt = await store.transaction(
    async (tx) => ((await stale(tx)) ? refreshRollups(tx, { kind: store.kind }) : null),
    { lock: ROLLUPS_LOCK },
  );
  if (rebuilt) say(`Rebuilt the rollups in ${(rebuilt.ms / 1000).toFixed(1)} s`);
  else say('Another process rebuilt them meanwhile');
  return { applied, rebuiltMs: rebuilt?.ms ?? null };
}

/** True when the rollups were built for the current data (seed or import since the last change). */
export async function rollupsCurrent(db: Queryable): Promise<boolean> {
  return (await dataVersion(db)).rollupsCurrent;
}

/**
 * The data version and rollupsCurrent. The version is data_status's counter, which every load moves
 * (migration 024), then its last update time (which a change by hand moves): '7 2026-11-20 19:00:00';
 * null before any load.
 */
export interface DataVersion {
  version: string | null;
  rollupsCurrent: boolean;
}

/**
 * Which data a request reads: the version every seed and import moves, and whether the rollups were
 * built for it. One lookup of two single-row tables per request.
 */
export async function dataVersion(db: Queryable): Promise<DataVersion> {
  const [row] = await db.query<{ v: string | null; ok: number }>(
    `SELECT CAST(d.data_version AS VARCHAR) || ' ' || CAST(d.last_data_update AS VARCHAR) AS v,
       CASE WHEN r.data_version = d.data_version AND r.last_data_update = d.last_data_update
         THEN 1 ELSE 0 END AS ok
     FROM data_status d LEFT JOIN rollup_status r ON r.id = 1
     WHERE d.id = 1`,
  );
  return { version: row?.v ?? null, rollupsCurrent: Number(row?.ok ?? 0) > 0 };
}
