import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIngestRecords, writeRecords } from '../../scripts/lib/ingestRecords';
import { spanOf } from '../../src/server/analytics/period';
import { DATA_CODES } from '../../src/server/analytics/queries/dataCodes';
import { splitByMonth, splitByWeek } from '../../src/server/analytics/queries/facts';
import type { DataQuery } from '../../src/server/analytics/request';
import { migrateWithRollups, rollupsCurrent } from '../../src/server/analytics/rollups';
import { DATA_ENDPOINTS } from '../../src/server/analytics/routes/endpoints';
import { importFile } from '../../src/server/ingest/importFile';
import { kindSchema } from '../../src/server/ingest/schemas';
import { generate } from '../../src/server/seed/generate';
import { SCALES } from '../../src/server/seed/scales';
import { seedDatabase } from '../../src/server/seed/seed';
import { TABLES } from '../../src/server/seed/tables';
import type { Row, Store } from '../../src/server/store';
import { DRIVERS, openTestStore, type TestStore } from './stores';

const AS_OF = new Date('2026-11-20T19:00:00Z');
/** The communications columns in the seed's order, as toIngestRecords reads them. */
const TABLES_COMMUNICATION_COLUMNS = TABLES.communications.map((c) => c.name).join(', ');
const SEED = 3;

/** Straightforward aggregates over the raw tables, written independently of rollups.ts. */
const BUCKET = `CASE WHEN response_seconds IS NULL THEN 7 WHEN response_seconds <= 300 THEN 1
  WHEN response_seconds <= 1800 THEN 2 WHEN response_seconds <= 3600 THEN 3 WHEN response_seconds <= 43200 THEN 4
  WHEN response_seconds <= 86400 THEN 5 ELSE 6 END`;
/** Communications by type, direction and response bucket per month or day (migrations 014, 015). */
const commTypeBy = (unit: 'month' | 'day') => ({
  columns: `${unit}, site_id, comm_type, direction, response_required, response_bucket, n, response_sum, response_n`,
  raw: `SELECT date_trunc('${unit}', occurred_at) AS ${unit}, site_id, comm_type, direction, response_required,
      ${BUCKET} AS response_bucket, count(*) AS n, sum(response_seconds) AS response_sum,
      count(response_seconds) AS response_n
    FROM communications GROUP BY 1, 2, 3, 4, 5, 6`,
});
/** Communications by employee, type, direction and response bucket per month or day (migrations 011, 017). */
const commEmployeeBy = (unit: 'month' | 'day') => ({
  columns: `${unit}, site_id, employee_id, comm_type, direction, response_required, response_bucket, n, response_sum, response_n`,
  raw: `SELECT date_trunc('${unit}', occurred_at) AS ${unit}, site_id, employee_id, comm_type, direction,
      response_required, ${BUCKET} AS response_bucket, count(*) AS n,
      sum(response_seconds) AS response_sum, count(response_seconds) AS response_n
    FROM communications GROUP BY 1, 2, 3, 4, 5, 6, 7`,
});
/**
 * The employee rollup's coarser copies per month or day (migrations 018, 019): without the type and
 * the response bucket; the rows that wait for a reply, by response bucket.
 */
const coarseEmployeeBy = (unit: 'month' | 'day') => ({
  [`rollup_comm_employee_dir_${unit}`]: {
    columns: `${unit}, site_id, employee_id, direction, response_required, n, response_sum, response_n`,
    raw: `SELECT date_trunc('${unit}', occurred_at) AS ${unit}, site_id, employee_id, direction, response_required,
        count(*) AS n, sum(response_seconds) AS response_sum, count(response_seconds) AS response_n
      FROM communications GROUP BY 1, 2, 3, 4, 5`,
  },
  [`rollup_response_employee_${unit}`]: {
    columns: `${unit}, site_id, employee_id, response_bucket, n, response_sum, response_n`,
    raw: `SELECT date_trunc('${unit}', occurred_at) AS ${unit}, site_id, employee_id, ${BUCKET} AS response_bucket,
        count(*) AS n, sum(response_seconds) AS response_sum, count(response_seconds) AS response_n
      FROM communications WHERE direction = 'inbound' AND response_required AND comm_type IN ('PHONE', 'SMS', 'EMAIL')
      GROUP BY 1, 2, 3, 4`,
  },
});
const EXPECTED: Record<string, { raw: string; columns: string }> = {
  rollup_comm_site_month: {
    columns:
      'month, site_id, relationship_id, comm_type, direction, is_first_communication, response_required, response_bucket, n, response_sum, response_n',
    raw: `SELECT date_trunc('month', occurred_at) AS month, site_id, relationship_id, comm_type, direction,
        is_first_communication, response_required, ${BUCKET} AS response_bucket, count(*) AS n,
        sum(response_seconds) AS response_sum, count(response_seconds) AS response_n
      FROM communications GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,
  },
  rollup_comm_employee_month: commEmployeeBy('month'),
  rollup_response_week: {
    columns: 'week, site_id, relationship_id, comm_type, is_first_communication, response_sum, response_n',
    raw: `SELECT date_trunc('week', occurred_at) AS week, site_id, relationship_id, comm_type, is_first_communication,
        sum(response_seconds) AS response_sum, count(response_seconds) AS response_n
      FROM communications WHERE direction = 'inbound' AND response_required AND comm_type IN ('PHONE', 'SMS', 'EMAIL')
      GROUP BY 1, 2, 3, 4, 5`,
  },
  rollup_comm_type_month: commTypeBy('month'),
  ...coarseEmployeeBy('month'),
  rollup_response_type_week: {
    columns: 'week, site_id, comm_type, response_sum, response_n',
    raw: `SELECT date_trunc('week', occurred_at) AS week, site_id, comm_type,
        sum(response_seconds) AS response_sum, count(response_seconds) AS response_n
      FROM communications WHERE direction = 'inbound' AND response_required AND comm_type IN ('PHONE', 'SMS', 'EMAIL')
      GROUP BY 1, 2, 3`,
  },
  rollup_call_month: {
    columns: 'month, site_id, ad_source_id, caller_type, call_result, is_missed, n, duration_sum',
    raw: `SELECT date_trunc('month', occurred_at) AS month, site_id, ad_source_id, caller_type, call_result,
        is_missed, count(*) AS n, sum(duration_seconds) AS duration_sum
      FROM communications WHERE comm_type = 'PHONE' AND direction = 'inbound' GROUP BY 1, 2, 3, 4, 5, 6`,
  },
  rollup_call_day: {
    columns: 'day, site_id, ad_source_id, caller_type, call_result, is_missed, n, duration_sum',
    raw: `SELECT date_trunc('day', occurred_at) AS day, site_id, ad_source_id, caller_type, call_result,
        is_missed, count(*) AS n, sum(duration_seconds) AS duration_sum
      FROM communications WHERE comm_type = 'PHONE' AND direction = 'inbound' GROUP BY 1, 2, 3, 4, 5, 6`,
  },
  rollup_comm_type_day: commTypeBy('day'),
  rollup_comm_employee_day: commEmployeeBy('day'),
  ...coarseEmployeeBy('day'),
};

const normalize = (rows: Row[]) =>
  rows
    .map((r) =>
      JSON.stringify(Object.values(r).map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v))),
    )
    .sort();

async function expectRollupsEqualRaw(store: Store): Promise<void> {
  for (const [table, { raw, columns }] of Object.entries(EXPECTED)) {
    const got = await store.query(`SELECT ${columns} FROM ${table}`);
    const want = await store.query(`SELECT ${columns} FROM (${raw}) x`);
    expect(got.length, table).toBeGreaterThan(0);
    expect(normalize(got), table).toEqual(normalize(want));
  }
  const [status] = await store.query(
    'SELECT r.last_data_update AS r, d.last_data_update AS d FROM rollup_status r, data_status d',
  );
  expect(status.r).toBe(status.d);
  expect(await rollupsCurrent(store)).toBe(true);
}

const PERIODS = [
  ['2026-06-01', '2026-09-30'], // whole months
  ['2026-06-17', '2026-10-09'], // partial months at both ends, three whole months apart (two scans)
  ['2026-07-17', '2026-09-09'], // partial months at both ends, one whole month apart (one scan)
  ['2026-07-01T08:30:00', '2026-10-12T17:00:00'], // a time of day
  ['2026-10-21', '2026-11-19'], // no whole month
] as const;
const FILTERS: Partial<DataQuery>[] = [
  {},
  { relationshipIds: [1, 2], commTypes: ['PHONE', 'SMS'] },
  { initialOnly: true, commTypes: ['EMAIL', 'SMS', 'PHONE'] },
  { commTypes: ['PHONE', 'SMS'] }, // the type filter alone: the daily rollup by type answers
];
type Combo = readonly [period: readonly [string, string], filter: Partial<DataQuery>];
/**
 * Every period with no filter, and each filter with one period of its own: each kind of period and
 * each filter is met, in 7 combinations rather than all 15. Each is a test of its own, so a slow
 * machine spreads them over several test timeouts.
 */
const COMBOS: readonly Combo[] = [
  ...PERIODS.map((p) => [p, FILTERS[0]] as const),
  ...FILTERS.slice(1).map((f, i) => [PERIODS[(i + 1) % PERIODS.length], f] as const),
];
const comboName = ([[start, end], f]: Combo) => `${start}..${end} ${JSON.stringify(f)}`;

/** Every dated endpoint and tile answers the same from the rollups as from the raw rows. */
async function expectSameAnswers(store: Store, [[start, end], f]: Combo): Promise<void> {
  const sites = (await store.query<{ id: number }>('SELECT id FROM sites ORDER BY id')).map((r) => r.id);
  for (const trendGroup of ['week', 'month', 'quarter'] as const) {
    const period = spanOf('startDate', start, 'endDate', end);
    const base: DataQuery = {
      siteIds: sites.slice(0, -1),
      period,
      previous: spanOf('startDate', '2026-01-10', 'endDate', '2026-05-31'),
      limit: 100,
      skip: 0,
      sort: [],
      relationshipIds: [],
      commTypes: [],
      initialOnly: false,
      trendGroup,
      ...f,
    };
    const runs = [
      ...DATA_ENDPOINTS.filter((e) => e.dates).map((e) => ({ name: e.path, run: e.run })),
      ...Object.entries(DATA_CODES).map(([code, run]) => ({ name: `#${code}`, run })),
    ];
    for (const { name, run } of runs) {
      if (trendGroup !== 'week' && !name.includes('trend')) continue;
      const fromRaw = await run(store, { ...base, rollupsCurrent: false });
      const fromRollups = await run(store, { ...base, rollupsCurrent: true });
      expect(fromRollups, `${name} ${comboName([[start, end], f])} ${trendGroup}`).toEqual(fromRaw);
    }
  }
}

describe('splitByMonth', () => {
  it('cuts a period into whole months and the partial months around them', () => {
    expect(splitByMonth(spanOf('s', '2025-01-01', 'e', '2025-12-31'))).toEqual({
      months: { start: '2025-01-01 00:00:00.000', end: '2026-01-01 00:00:00.000' },
      edges: [],
    });
    expect(splitByMonth(spanOf('s', '2025-11-15', 'e', '2026-02-03'))).toEqual({
      months: { start: '2025-12-01 00:00:00.000', end: '2026-02-01 00:00:00.000' },
      edges: [
        { start: '2025-11-15 00:00:00.000', end: '2025-12-01 00:00:00.000' },
        { start: '2026-02-01 00:00:00.000', end: '2026-02-04 00:00:00.000' },
      ],
    });
    const short = spanOf('s', '2026-10-21', 'e', '2026-11-19');
    expect(splitByMonth(short)).toEqual({ months: null, edges: [short] });
  });

  it('and into whole Monday-based weeks', () => {
    // 2025-01-01 is a Wednesday, 2025-12-31 too.
    expect(splitByWeek(spanOf('s', '2025-01-01', 'e', '2025-12-31'))).toEqual({
      months: { start: '2025-01-06 00:00:00.000', end: '2025-12-29 00:00:00.000' },
      edges: [
        { start: '2025-01-01 00:00:00.000', end: '2025-01-06 00:00:00.000' },
        { start: '2025-12-29 00:00:00.000', end: '2026-01-01 00:00:00.000' },
      ],
    });
    const week = spanOf('s', '2026-11-16', 'e', '2026-11-22');
    expect(splitByWeek(week)).toEqual({ months: week, edges: [] });
  });
});

describe.each(DRIVERS)('analytics rollups on %s', (driver) => {
  let t: TestStore;

  beforeAll(async () => {
    t = await openTestStore(driver);
    await seedDatabase(t.store, { scale: 'small', seed: SEED, asOf: AS_OF, users: false });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('equal the raw-table aggregates after a seed', async () => {
    await expectRollupsEqualRaw(t.store);
  });

  it.each(COMBOS.map((c) => [comboName(c), c] as const))(
    'give the same answers as the raw tables: %s',
    async (_, combo) => {
      await expectSameAnswers(t.store, combo);
    },
  );

  it('equal the raw-table aggregates after an import that changes and adds communications', async () => {
    const rows: unknown[][] = [];
    for (const b of generate({ scale: SCALES.small, seed: SEED, asOf: AS_OF }))
      if (b.table === 'communications') rows.push(...b.rows);
    const shift = (v: unknown, days: number) =>
      typeof v === 'string'
        ? new Date(Date.parse(`${v}Z`) - days * 86_400_000).toISOString().slice(0, 19)
        : v;
    const records = toIngestRecords('communications', rows.slice(0, 400)).map((r, i) => {
      // Move some to another month, turn some into missed prospect calls, change reply times.
      const out = { ...r };
      if (i % 3 === 0) {
        out.occurred_at = shift(r.occurred_at, 40);
        if (r.responded_at) out.responded_at = shift(r.responded_at, 40);
      }
      if (i % 5 === 0) out.duration_seconds = 777;
      if (i % 7 === 0 && r.comm_type === 'PHONE' && r.direction === 'inbound') {
        out.caller_type = 'prospect';
        out.is_missed = !r.is_missed;
      }
      if (i % 11 === 0 && r.responded_at) out.responded_at = shift(r.responded_at, -2);
      return out;
    });
    const added = records.slice(0, 50).map((r) => ({ ...r, id: (r.id as number) + 50_000_000 }));
    const path = join(t.dir, 'changes.ndjson');
    await writeRecords(path, [...records, ...added], kindSchema('communications').fields);
    const asOf = new Date('2026-11-21T11:00:00Z');
    await importFile(t.store, 'communications', path, { asOf });
    const [moved] = await t.store.query('SELECT occurred_at FROM communications WHERE id = $1', [
      records[0].id as number,
    ]);
    expect(moved.occurred_at).toBe(`${records[0].occurred_at}.000Z`);
    await expectRollupsEqualRaw(t.store);
    // The rollup tables equal the raw aggregates again (above); the queries over them were checked
    // on every kind of period and filter after the seed: a sample shows they read the new rows.
    for (const combo of [COMBOS[1], COMBOS[PERIODS.length]]) await expectSameAnswers(t.store, combo);
  });

  it('equal the raw-table aggregates after imports that move communications to other sites and repeat a batch', async () => {
    const rows = await t.store.query<{ id: number; site_id: number; occurred_at: string }>(
      `SELECT id, site_id, occurred_at FROM communications ORDER BY id LIMIT 300`,
    );
    const sites = (await t.store.query<{ id: number }>('SELECT id FROM sites ORDER BY id')).map((r) => r.id);
    const fields = kindSchema('communications').fields;
    const current = toIngestRecords(
      'communications',
      (
        await t.store.query(
          `SELECT ${TABLES_COMMUNICATION_COLUMNS} FROM communications WHERE id IN (${rows.map((r) => r.id).join(',')})`,
        )
      ).map((r) =>
        Object.values(r).map((v) =>
          typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v) ? Date.parse(v) : v,
        ),
      ),
    );
    // Every third to the next site, every fifth a year later (across months and weeks too).
    const moved = current.map((r, i) => {
      const out = { ...r };
      if (i % 3 === 0) out.site_id = sites[(sites.indexOf(r.site_id as number) + 1) % sites.length];
      if (i % 5 === 0) {
        out.occurred_at = `2025${(r.occurred_at as string).slice(4)}`;
        if (r.responded_at) out.responded_at = `2025${(r.responded_at as string).slice(4)}`;
      }
      return out;
    });
    const path = join(t.dir, 'moves.ndjson');
    await writeRecords(path, moved, fields);
    await importFile(t.store, 'communications', path, { asOf: new Date('2026-11-21T19:00:00Z') });
    await expectRollupsEqualRaw(t.store);
    const [{ n }] = await t.store.query<{ n: number }>('SELECT count(*) AS n FROM communications');
    await importFile(t.store, 'communications', path, { asOf: new Date('2026-11-22T11:00:00Z') });
    const [{ n: again }] = await t.store.query<{ n: number }>('SELECT count(*) AS n FROM communications');
    expect(again).toBe(n);
    await expectRollupsEqualRaw(t.store);
  });

  it('are recomputed only where an import changes communications: other periods are not rebuilt', async () => {
    // A row no rebuild would write (a month without data): an import rebuilding everything drops it.
    await t.store.exec(
      "INSERT INTO rollup_call_month (month, site_id, ad_source_id, caller_type, call_result, is_missed, n, duration_sum) VALUES (TIMESTAMP '2001-01-01', 1, NULL, NULL, NULL, FALSE, 1, 0)",
    );
    const [one] = await t.store.query(
      `SELECT ${TABLES_COMMUNICATION_COLUMNS} FROM communications ORDER BY id LIMIT 1`,
    );
    const record = toIngestRecords('communications', [
      Object.values(one).map((v) =>
        typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v) ? Date.parse(v) : v,
      ),
    ])[0];
    const path = join(t.dir, 'one.ndjson');
    await writeRecords(path, [{ ...record, duration_seconds: 4242 }], kindSchema('communications').fields);
    await importFile(t.store, 'communications', path, { asOf: new Date('2026-11-22T19:00:00Z') });
    const kept = await t.store.query("SELECT n FROM rollup_call_month WHERE month = TIMESTAMP '2001-01-01'");
    expect(kept).toEqual([{ n: 1 }]);
    await t.store.exec("DELETE FROM rollup_call_month WHERE month = TIMESTAMP '2001-01-01'");
    await expectRollupsEqualRaw(t.store);
  });

  it('are rebuilt by the migration that adds one, so an upgrade does not leave them stale', async () => {
    // The store as it was before migration 017: without its table, the migration not applied.
    await t.store.exec('DROP TABLE rollup_comm_employee_day');
    await t.store.exec('DELETE FROM schema_migrations WHERE version = 17');
    const lines: string[] = [];
    const { applied, rebuiltMs } = await migrateWithRollups(t.store, (line) => lines.push(line));
    expect(applied).toEqual(['017_daily_employee_rollup']);
    expect(rebuiltMs).toBeGreaterThan(0);
    expect(lines).toEqual([
      'Rebuilding the rollups: they are not current for the data (after a migration that adds one)...',
      expect.stringMatching(/^Rebuilt the rollups in \d+\.\d s$/),
    ]);
    await expectRollupsEqualRaw(t.store);
    // A start with nothing to do rebuilds nothing.
    expect(await migrateWithRollups(t.store)).toEqual({ applied: [], rebuiltMs: null });
  });

  it('are rebuilt at the next start when a rebuild was cut short', async () => {
    // The migration committed, the rebuild after it did not (the process stopped mid-way).
    await t.store.exec('DELETE FROM rollup_status');
    await t.store.exec('DELETE FROM rollup_comm_employee_day');
    const { applied, rebuiltMs } = await migrateWithRollups(t.store);
    expect(applied).toEqual([]);
    expect(rebuiltMs).toBeGreaterThan(0);
    await expectRollupsEqualRaw(t.store);
  });

  it('are not used when the data changed without a refresh', async () => {
    await t.store.exec("UPDATE data_status SET last_data_update = TIMESTAMP '2026-11-22 11:00:00'");
    expect(await rollupsCurrent(t.store)).toBe(false);
  });
});
