import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../src/server/seed/seed';
import type { Store } from '../../src/server/store';
import { openTestStore, type TestStore } from './stores';

const AS_OF = new Date('2026-11-20T19:00:00Z');

/** One number from a query. */
async function one(store: Store, sql: string): Promise<number> {
  const [row] = await store.query(sql);
  return Number(Object.values(row)[0]);
}

// The demo scale's shape, measured with SQL on the seeded database (issue: 'Realistic').
describe('demo data distributions', () => {
  let t: TestStore;
  let s: Store;
  beforeAll(async () => {
    // The demo scale: DuckDB's own thread count, as the app seeds it (stores.ts).
    t = await openTestStore('duckdb', { duckdbThreads: 0 });
    s = t.store;
    await seedDatabase(s, { scale: 'demo', seed: 1, asOf: AS_OF, users: false });
    // A million communications: 13.4 s alone on 2026-11-27 (bench:api's demo seed, 09:00), and near
    // 120 s with two checkouts' `npm test` running (17:31, the whole file 120.0 s).
  }, 300_000);
  afterAll(async () => {
    await t?.cleanup();
  });

  it('has 3 accounts, about 60 sites and 400 employees with a few inactive, 12 ad sources', async () => {
    expect(await one(s, 'SELECT count(*) FROM accounts')).toBe(3);
    expect(await one(s, 'SELECT count(*) FROM sites')).toBe(60);
    const inactiveSites = await one(s, 'SELECT count(*) FROM sites WHERE NOT is_active');
    expect(inactiveSites).toBeGreaterThanOrEqual(1);
    expect(inactiveSites).toBeLessThanOrEqual(8);
    const employees = await one(s, 'SELECT count(*) FROM employees');
    expect(employees).toBeGreaterThan(340);
    expect(employees).toBeLessThan(460);
    expect(await one(s, 'SELECT count(*) FROM employees WHERE NOT is_active')).toBeGreaterThan(10);
    expect(await one(s, 'SELECT count(*) FROM ad_sources')).toBe(12);
    expect(await one(s, 'SELECT count(*) FROM ad_sources WHERE NOT is_active')).toBeGreaterThan(0);
  });

  it('covers 18 months ending at the last update with about a million communications', async () => {
    const n = await one(s, 'SELECT count(*) FROM communications');
    expect(n).toBeGreaterThan(900_000);
    expect(n).toBeLessThan(1_150_000);
    const [span] = await s.query<{ first: string; last: string }>(
      'SELECT min(occurred_at) AS first, max(occurred_at) AS last FROM communications',
    );
    expect(span.first.slice(0, 7)).toBe('2025-05');
    expect(span.last < AS_OF.toISOString()).toBe(true);
    expect(span.last > '2026-11-20T12:00').toBe(true);
  });

  it('misses 20 to 35 percent of inbound calls, more on evenings and weekends', async () => {
    const inbound = "comm_type = 'PHONE' AND direction = 'inbound'";
    const rate = (where: string) =>
      one(
        s,
        `SELECT avg(CASE WHEN is_missed THEN 1.0 ELSE 0.0 END) FROM communications WHERE ${inbound} AND ${where}`,
      );
    const overall = await rate('TRUE');
    expect(overall).toBeGreaterThan(0.2);
    expect(overall).toBeLessThan(0.35);
    const weekdayDay = await rate(
      'dayofweek(occurred_at) BETWEEN 1 AND 5 AND hour(occurred_at) BETWEEN 9 AND 16',
    );
    const evening = await rate('hour(occurred_at) >= 18');
    const weekend = await rate('dayofweek(occurred_at) IN (0, 6)');
    expect(evening).toBeGreaterThan(weekdayDay + 0.05);
    expect(weekend).toBeGreaterThan(weekdayDay + 0.03);
  });

  it('has about a quarter of callers as prospects, and 5 to 9 percent of prospects lease', async () => {
    const prospectShare = await one(
      s,
      "SELECT avg(CASE WHEN caller_type = 'prospect' THEN 1.0 ELSE 0.0 END) FROM communications WHERE comm_type = 'PHONE' AND direction = 'inbound'",
    );
    expect(prospectShare).toBeGreaterThan(0.2);
    expect(prospectShare).toBeLessThan(0.3);
    const prospects = await one(
      s,
      "SELECT count(DISTINCT contact_id) FROM communications WHERE direction = 'inbound' AND (caller_type = 'prospect' OR comm_type = 'WALKIN')",
    );
    const leases = await one(s, 'SELECT count(*) FROM leases');
    expect(leases / prospects).toBeGreaterThan(0.05);
    expect(leases / prospects).toBeLessThan(0.09);
  });

  it('scores calls mostly 60 to 95, averaging about 82, with about 12 percent appointments', async () => {
    const avg = await one(s, 'SELECT avg(score) FROM call_scores');
    expect(avg).toBeGreaterThan(79);
    expect(avg).toBeLessThan(85);
    const inRange = await one(
      s,
      'SELECT avg(CASE WHEN score BETWEEN 60 AND 95 THEN 1.0 ELSE 0.0 END) FROM call_scores',
    );
    expect(inRange).toBeGreaterThan(0.8);
    const appointments = await one(
      s,
      'SELECT avg(CASE WHEN is_appointment THEN 1.0 ELSE 0.0 END) FROM call_scores',
    );
    expect(appointments).toBeGreaterThan(0.1);
    expect(appointments).toBeLessThan(0.14);
  });

  it('has heavy-tailed reply times, a share never answered, and some employees much faster than others', async () => {
    const never = await one(
      s,
      'SELECT avg(CASE WHEN responded_at IS NULL THEN 1.0 ELSE 0.0 END) FROM communications WHERE response_required',
    );
    expect(never).toBeGreaterThan(0.03);
    expect(never).toBeLessThan(0.25);
    const [q] = await s.query<{ p50: number; p95: number }>(
      'SELECT quantile_cont(response_seconds, 0.5) AS p50, quantile_cont(response_seconds, 0.95) AS p95 FROM communications WHERE response_seconds IS NOT NULL',
    );
    expect(q.p95 / q.p50).toBeGreaterThan(10);
    const [spread] = await s.query<{ fast: number; slow: number }>(
      `SELECT quantile_cont(m, 0.1) AS fast, quantile_cont(m, 0.9) AS slow FROM (
         SELECT employee_id, median(response_seconds) AS m FROM communications
         WHERE response_seconds IS NOT NULL GROUP BY employee_id HAVING count(*) > 200)`,
    );
    expect(spread.slow / spread.fast).toBeGreaterThan(4);
  });

  it('peaks in spring and summer and follows a weekly rhythm', async () => {
    const perDay = (where: string) =>
      one(
        s,
        `SELECT count(*) * 1.0 / count(DISTINCT CAST(occurred_at AS DATE)) FROM communications WHERE ${where}`,
      );
    const summer = await perDay("occurred_at >= '2026-06-01' AND occurred_at < '2026-08-01'");
    const winter = await perDay("occurred_at >= '2025-12-01' AND occurred_at < '2026-02-01'");
    expect(summer / winter).toBeGreaterThan(1.4);
    const monday = await perDay('dayofweek(occurred_at) = 1');
    const sunday = await perDay('dayofweek(occurred_at) = 0');
    expect(monday / sunday).toBeGreaterThan(1.6);
  });

  it('has an action-required backlog of every age at the last update', async () => {
    const age = (lo: number, hi: number) =>
      one(
        s,
        `SELECT count(*) FROM action_items WHERE resolved_at IS NULL
           AND created_at <= TIMESTAMP '2026-11-20 19:00:00' - INTERVAL ${lo} HOUR
           AND created_at > TIMESTAMP '2026-11-20 19:00:00' - INTERVAL ${hi} HOUR`,
      );
    // An open item is a communication still waiting for a reply, and most communications of the
    // last two days are answered within hours: the young buckets are the smaller ones.
    expect(await age(0, 24)).toBeGreaterThan(25);
    expect(await age(24, 48)).toBeGreaterThan(25);
    expect(await age(48, 24 * 60)).toBeGreaterThan(100);
    // Each open item stands for one such communication, at its time.
    expect(
      await one(
        s,
        `SELECT count(*) FROM action_items ai LEFT JOIN communications c ON c.id = ai.communication_id
         WHERE ai.resolved_at IS NULL AND (c.direction = 'inbound' AND c.response_required
           AND c.responded_at IS NULL AND c.occurred_at = ai.created_at AND c.site_id = ai.site_id
           AND c.relationship_id = ai.relationship_id AND c.comm_type = ai.comm_type
           AND c.employee_id = ai.employee_id) IS NOT TRUE`,
      ),
    ).toBe(0);
    expect(
      await one(
        s,
        'SELECT count(*) - count(DISTINCT communication_id) FROM action_items WHERE resolved_at IS NULL',
      ),
    ).toBe(0);
    const [row] = await s.query<{ last_data_update: string }>('SELECT last_data_update FROM data_status');
    expect(row.last_data_update).toBe('2026-11-20T19:00:00.000Z');
  });
});
