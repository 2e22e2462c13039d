import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIMED_CODES, DATA_CODES } from '../../src/server/analytics/queries/dataCodes';
import { DATA_ENDPOINTS } from '../../src/server/analytics/routes/endpoints';
import { createAnalyticsAjv, ref } from '../../src/server/analytics/schemas';
import type { Row } from '../../src/server/store';
import { get, post, signIn, type Tokens } from '../fixtures/analytics/client';
import { DRIVERS, startTestServer, type TestServer } from './harness';

// The seeded small scale ends at TEST_AS_OF (2026-11-20 19:00): Last 30 Days.
const P = { startDate: '2026-10-21', endDate: '2026-11-19' };
const START = '2026-10-21 00:00:00';
const END = '2026-11-20 00:00:00';
const ajv = createAnalyticsAjv();

describe.each(DRIVERS)('analytics on the seeded small scale (%s)', (driver) => {
  let server: TestServer;
  let admin: Tokens;
  let manager: Tokens;
  const sql = (text: string, params: unknown[] = []) => server.ctx.store.query(text, params as never);
  const ok = async (path: string, body: object, who: Tokens = admin) => {
    const r = await post(server, who, path, body);
    expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  };
  /** Every row of a table, page by page (pages hold at most 100 rows). */
  const all = async (path: string, body: object) => {
    const rows: Row[] = [];
    let first: { headers: string[]; totalRows: number } | undefined;
    for (let skip = 0; ; skip += 100) {
      const page = await ok(path, { ...body, limit: 100, skip });
      first ??= page;
      rows.push(...page.values);
      // totalRows counts rows, or groups for a table paged by group: skip counts the same.
      if (skip + 100 >= page.totalRows || !page.values.length) break;
    }
    return { headers: first!.headers, values: rows, totalRows: first!.totalRows };
  };
  const bySiteId = (rows: Row[]) => new Map(rows.map((r) => [r.siteId ?? r.id, r]));

  beforeAll(async () => {
    server = await startTestServer({ driver });
    admin = await signIn(server, 'admin');
    manager = await signIn(server, 'manager');
  });
  afterAll(async () => server?.stop());

  describe('figures equal straightforward SQL over the raw tables', () => {
    it('missed calls by site and the tiles', async () => {
      const expected = await sql(
        `SELECT site_id AS "siteId", count(*) AS calls, sum(CASE WHEN is_missed THEN 1 ELSE 0 END) AS missed
         FROM communications WHERE comm_type = 'PHONE' AND direction = 'inbound'
           AND occurred_at >= CAST($1 AS TIMESTAMP) AND occurred_at < CAST($2 AS TIMESTAMP) GROUP BY site_id`,
        [START, END],
      );
      const page = await ok('/api/data/caller_behavior/missed_calls/by_site', { ...P, limit: 100 });
      const got = bySiteId(page.values);
      expect(got.size).toBe(9);
      let calls = 0;
      let missed = 0;
      for (const e of expected) {
        const g = got.get(e.siteId)!;
        expect([g.totalCallCount, g.missedCallCount]).toEqual([Number(e.calls), Number(e.missed)]);
        expect(g.missedCallPercent).toBeCloseTo((Number(e.missed) * 100) / Number(e.calls), 2);
        calls += Number(e.calls);
        missed += Number(e.missed);
      }
      const totals = await ok('/api/data/caller_behavior/missed_calls/by_site/totals', P);
      expect([totals.totalCallCount, totals.missedCallCount]).toEqual([calls, missed]);
      expect((await ok('/api/data', { ...P, requestedData: 100 })).values[0][0]).toBe(calls);
    });

    it('ad source overall', async () => {
      const expected = await sql(
        `SELECT a.name, (SELECT count(*) FROM communications c WHERE c.ad_source_id = a.id AND c.comm_type = 'PHONE'
             AND c.direction = 'inbound' AND c.occurred_at >= CAST($1 AS TIMESTAMP) AND c.occurred_at < CAST($2 AS TIMESTAMP)) AS calls,
           (SELECT count(*) FROM communications c WHERE c.ad_source_id = a.id AND c.comm_type = 'PHONE' AND c.caller_type = 'prospect'
             AND c.direction = 'inbound' AND c.occurred_at >= CAST($1 AS TIMESTAMP) AND c.occurred_at < CAST($2 AS TIMESTAMP)) AS prospects,
           (SELECT count(*) FROM leases l WHERE l.ad_source_id = a.id AND l.leased_on >= DATE '2026-10-21' AND l.leased_on <= DATE '2026-11-19') AS leases
         FROM ad_sources a`,
        [START, END],
      );
      const page = await ok('/api/data/ad_source_effectiveness/overall', { ...P, limit: 100 });
      const got = new Map(page.values.map((r: Row) => [r.adSourceName, r]));
      for (const e of expected.filter((x) => Number(x.calls) + Number(x.leases) > 0)) {
        const g = got.get(e.name) as Row;
        expect([g.callCount, g.prospects, g.lease]).toEqual([
          Number(e.calls),
          Number(e.prospects),
          Number(e.leases),
        ]);
      }
      expect(page.totalRows).toBe(expected.filter((x) => Number(x.calls) + Number(x.leases) > 0).length);
      const bySite = await all('/api/data/ad_source_effectiveness/by_site', P);
      const sites = [...new Set(bySite.values.map((r) => r.siteId))];
      expect(bySite.totalRows).toBe(sites.length);
      const sum = bySite.values.reduce((a: number, r: Row) => a + Number(r.callCount), 0);
      expect(sum).toBe(expected.reduce((a, x) => a + Number(x.calls), 0));
      // Paged by site: three sites a page, every site whole on one page, in the order of the whole.
      const paged: Row[][] = [];
      for (let skip = 0; skip < sites.length; skip += 3)
        paged.push((await ok('/api/data/ad_source_effectiveness/by_site', { ...P, limit: 3, skip })).values);
      for (const [i, rows] of paged.entries())
        expect(new Set(rows.map((r) => r.siteId)).size).toBe(Math.min(3, sites.length - i * 3));
      expect(paged.flat()).toEqual(bySite.values);
    });

    it('call performance by site and by employee', async () => {
      const expected = await sql(
        `SELECT site_id AS "siteId", count(*) AS scored, sum(CASE WHEN is_qualified THEN 1 ELSE 0 END) AS q,
           sum(CASE WHEN is_appointment THEN 1 ELSE 0 END) AS a, avg(score) AS s
         FROM call_scores WHERE scored_at >= CAST($1 AS TIMESTAMP) AND scored_at < CAST($2 AS TIMESTAMP) GROUP BY site_id`,
        [START, END],
      );
      const got = bySiteId(
        (await ok('/api/data/employee_call_performance/by_site', { ...P, limit: 100 })).values,
      );
      for (const e of expected) {
        const g = got.get(e.siteId)!;
        expect([g.scoredCalls, g.qualifiedCalls, g.appointments]).toEqual([
          Number(e.scored),
          Number(e.q),
          Number(e.a),
        ]);
        expect(g.averageTpaScore).toBeCloseTo(Number(e.s), 2);
      }
      const [t] = await sql(
        `SELECT count(*) AS n FROM call_scores WHERE scored_at >= CAST($1 AS TIMESTAMP) AND scored_at < CAST($2 AS TIMESTAMP)`,
        [START, END],
      );
      expect((await ok('/api/data/employee_call_performance/by_employee/totals', P)).scoredCalls).toBe(
        Number(t.n),
      );
    });

    it('volume and no-response by site, and the volume chart', async () => {
      const expected = await sql(
        `SELECT site_id AS "siteId", count(*) AS total, sum(CASE WHEN direction = 'inbound' THEN 1 ELSE 0 END) AS inb,
           sum(CASE WHEN direction = 'inbound' AND NOT response_required THEN 1 ELSE 0 END) AS nr
         FROM communications WHERE occurred_at >= CAST($1 AS TIMESTAMP) AND occurred_at < CAST($2 AS TIMESTAMP) GROUP BY site_id`,
        [START, END],
      );
      const vol = bySiteId((await ok('/api/data/communication/volume/by_site', { ...P, limit: 100 })).values);
      const nr = bySiteId(
        (await ok('/api/data/communication/no_response_volume/by_site', { ...P, limit: 100 })).values,
      );
      for (const e of expected) {
        expect(vol.get(e.siteId)!.totalCommCount).toBe(Number(e.total));
        expect(String(vol.get(e.siteId)!.inbound).split(' ')[0]).toBe(Number(e.inb).toLocaleString('en-US'));
        expect([nr.get(e.siteId)!.inbound, nr.get(e.siteId)!.noResponseRequired]).toEqual([
          Number(e.inb),
          Number(e.nr),
        ]);
      }
      const byType = await sql(
        `SELECT comm_type AS t, count(*) AS n FROM communications WHERE direction = 'inbound'
           AND occurred_at >= CAST($1 AS TIMESTAMP) AND occurred_at < CAST($2 AS TIMESTAMP) GROUP BY comm_type`,
        [START, END],
      );
      const chart = await ok('/api/data/communication/volume/by_type', P);
      const label = { PHONE: 'Calls', EMAIL: 'Emails', SMS: 'Texts', WALKIN: 'Walk-Ins' } as Record<
        string,
        string
      >;
      for (const e of byType) {
        expect(chart.series[0].values.find((v: Row) => v.category === label[String(e.t)]).value).toBe(
          Number(e.n),
        );
      }
      const emp = await ok('/api/data/communication/no_response_volume/by_employee/totals', P);
      expect(emp.inbound).toBe(expected.reduce((a, x) => a + Number(x.inb), 0));
    });

    it('response-time buckets and averages', async () => {
      const expected = await sql(
        `SELECT site_id AS "siteId", count(*) AS total,
           sum(CASE WHEN response_seconds <= 300 THEN 1 ELSE 0 END) AS b1,
           sum(CASE WHEN response_seconds > 86400 THEN 1 ELSE 0 END) AS b6,
           sum(CASE WHEN response_seconds IS NULL THEN 1 ELSE 0 END) AS nr
         FROM communications WHERE direction = 'inbound' AND response_required AND comm_type <> 'WALKIN'
           AND occurred_at >= CAST($1 AS TIMESTAMP) AND occurred_at < CAST($2 AS TIMESTAMP) GROUP BY site_id`,
        [START, END],
      );
      const got = bySiteId(
        (await ok('/api/data/communication/response_time/by_site', { ...P, limit: 100 })).values,
      );
      const count = (cell: unknown) => Number(/\(([\d,]+)\)/.exec(String(cell))![1].replace(/,/g, ''));
      for (const e of expected) {
        const g = got.get(e.siteId)!;
        expect([count(g.timeInverval1), count(g.timeInverval6), count(g.notRespondedTo)]).toEqual([
          Number(e.b1),
          Number(e.b6),
          Number(e.nr),
        ]);
      }
      const avgs = await sql(
        `SELECT comm_type AS t, avg(response_seconds) AS a FROM communications WHERE direction = 'inbound' AND response_required
           AND response_seconds IS NOT NULL AND occurred_at >= CAST($1 AS TIMESTAMP) AND occurred_at < CAST($2 AS TIMESTAMP) GROUP BY comm_type`,
        [START, END],
      );
      const box = await ok('/api/data/communication/average_response_time_box', P);
      const name = { PHONE: 'Missed Call', SMS: 'Text', EMAIL: 'Email' } as Record<string, string>;
      for (const a of avgs) {
        expect(box.find((b: Row) => b.messageType === name[String(a.t)]).commTypeAverage).toBeCloseTo(
          Number(a.a),
          1,
        );
      }
    });

    it('action required by site', async () => {
      const expected = await sql(
        `SELECT site_id AS "siteId", count(*) AS total,
           sum(CASE WHEN created_at > (SELECT last_data_update FROM data_status) - INTERVAL '24 hours' THEN 1 ELSE 0 END) AS new_count,
           sum(CASE WHEN created_at <= (SELECT last_data_update FROM data_status) - INTERVAL '48 hours' THEN 1 ELSE 0 END) AS old48
         FROM action_items WHERE resolved_at IS NULL GROUP BY site_id`,
      );
      const got = bySiteId((await ok('/api/data/action_required/by_site', { limit: 100 })).values);
      for (const e of expected) {
        const g = got.get(e.siteId)!;
        expect([g.totalCount, g.newCount, g.olderThan48HoursCount]).toEqual([
          Number(e.total),
          Number(e.new_count),
          Number(e.old48),
        ]);
      }
    });
  });

  it('every answer matches its response schema, and the OpenAPI document lists every endpoint and stands alone', async () => {
    for (const e of DATA_ENDPOINTS) {
      const body = await ok(e.path, e.dates ? P : {});
      const validate = ajv.getSchema(ref(e.file, e.response).$ref)!;
      expect(validate(body), `${e.path} ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    const codes = ajv.getSchema(ref('data-codes', 'response').$ref)!;
    for (const code of Object.keys(DATA_CODES)) {
      expect(codes(await ok('/api/data', { ...P, requestedData: Number(code) })), code).toBe(true);
    }
    for (const [path, def] of [
      ['/api/sites', 'sites'],
      ['/api/account', 'accounts'],
      ['/api/relationships', 'relationships'],
      ['/api/data/refresh_time', 'refreshTime'],
    ]) {
      const r = await get(server, admin, path);
      expect(r.status).toBe(200);
      expect(ajv.getSchema(ref('reference', def).$ref)!(r.body), path).toBe(true);
    }
    const doc = await (await fetch(`${server.url}/api/openapi.json`)).json();
    for (const e of DATA_ENDPOINTS) expect(doc.paths[e.path]?.post, e.path).toBeDefined();
    // The document stands alone: every reference names a schema inside it.
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object')
        for (const [k, v] of Object.entries(node))
          if (k === '$ref') refs.push(String(v));
          else walk(v);
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of new Set(refs)) {
      expect(ref, 'a reference inside the document').toMatch(/^#\//);
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((n, part) => (n as Record<string, unknown> | undefined)?.[part], doc);
      expect(target, ref).toBeTypeOf('object');
    }
    const pipeName = doc.components.schemas.export.$defs.pipe.properties.name;
    expect(pipeName.enum).toContain('clock');
  });

  describe('sorting and paging', () => {
    const tables = DATA_ENDPOINTS.filter((e) => e.table && !e.path.endsWith('/totals'));
    const key = (v: unknown): number | string | null => {
      if (v === null || v === undefined) return null;
      if (typeof v === 'number') return v;
      const s = String(v);
      const pct = /^(\d+(?:\.\d+)?)% \(/.exec(s);
      if (pct) return Number(pct[1]);
      const cnt = /^([\d,]+) \(/.exec(s);
      if (cnt) return Number(cnt[1].replace(/,/g, ''));
      return s.toLowerCase();
    };
    it.each(tables.map((e) => [e.path, e] as const))(
      '%s: every sortable column both directions, and pages',
      async (_p, e) => {
        const base = e.dates ? P : {};
        for (const column of Object.keys(e.table!.columns)) {
          for (const direction of ['asc', 'desc'] as const) {
            const page = await ok(e.path, { ...base, limit: 100, sort: [{ column, direction }] });
            const keys = page.values.map((r: Row) => key(r[column]));
            const present = keys.filter((k: unknown) => k !== null);
            // Nulls come last whatever the direction.
            expect(keys.slice(0, present.length)).toEqual(present);
            for (let i = 1; i < present.length; i++) {
              const [a, b] = [present[i - 1], present[i]];
              if (typeof a === 'number')
                expect(direction === 'asc' ? a <= b : a >= b, `${column} ${direction} at ${i}`).toBe(true);
            }
            // Reversing the order reverses the page only when the page holds every row.
            if (typeof present[0] === 'string' && present.length > 1 && page.totalRows <= 100) {
              const other = await ok(e.path, {
                ...base,
                limit: 100,
                sort: [{ column, direction: direction === 'asc' ? 'desc' : 'asc' }],
              });
              const otherKeys = other.values.map((r: Row) => key(r[column]));
              expect(new Set(keys).size === keys.length ? [...otherKeys].reverse() : keys.length).toEqual(
                new Set(keys).size === keys.length ? keys : otherKeys.length,
              );
            }
          }
        }
        const every = await all(e.path, base);
        const total = every.totalRows;
        // The entries limit and skip count: rows, or the groups of a table paged by group.
        const groupField = e.table!.pageBy ? /t\."(\w+)"/.exec(e.table!.pageBy)![1] : undefined;
        const entries: Row[][] = [];
        for (const r of every.values as Row[]) {
          if (groupField && entries.length && entries.at(-1)![0][groupField] === r[groupField])
            entries.at(-1)!.push(r);
          else entries.push([r]);
        }
        expect(entries).toHaveLength(total);
        expect(every.values.every((r: Row) => r.maxIndex === total - 1)).toBe(true);
        const first = await ok(e.path, { ...base, limit: 3, skip: 0 });
        expect(first.values).toEqual(entries.slice(0, 3).flat());
        const lastSkip = Math.max(0, total - 2);
        const last = await ok(e.path, { ...base, limit: 3, skip: lastSkip });
        expect(last.values).toEqual(entries.slice(lastSkip).flat());
        const past = await ok(e.path, { ...base, limit: 10, skip: total + 5 });
        expect(past).toEqual({ headers: every.headers, values: [], totalRows: total });
      },
    );
  });

  describe('scope', () => {
    it('reference data of the manager is account 1 only', async () => {
      const sites = (await get(server, manager, '/api/sites')).body as Row[];
      expect(sites.length).toBeGreaterThan(0);
      expect(sites.every((s) => s.accountId === 1)).toBe(true);
      expect(((await get(server, manager, '/api/account')).body as Row[]).map((a) => a.accountId)).toEqual([
        1,
      ]);
    });

    it('the manager asking for another account on every endpoint gets nothing of it', async () => {
      const others = (await sql('SELECT id FROM sites WHERE account_id <> 1')).map((r) => Number(r.id));
      const mine = new Set((await sql('SELECT id FROM sites WHERE account_id = 1')).map((r) => Number(r.id)));
      const otherNames = (await sql('SELECT name FROM sites WHERE account_id <> 1')).map((r) =>
        String(r.name),
      );
      const ask = { siteIds: others, accountIds: [2, 3] };
      for (const e of DATA_ENDPOINTS) {
        const body = await ok(e.path, { ...(e.dates ? P : {}), ...ask, siteId: others[0] }, manager);
        const text = JSON.stringify(body);
        for (const n of otherNames) expect(text.includes(n), `${e.path} leaked ${n}`).toBe(false);
        if (Array.isArray(body.values)) expect(body.values, e.path).toEqual([]);
        else {
          const numbers = [
            ...text.matchAll(
              /"(?:value|count|total\w*|\w+Count|inbound|outbound|callCount|prospects|lease|scoredCalls|appointments|qualifiedCalls|new|olderThan\d+Hours)":(\d+)/g,
            ),
          ];
          expect(
            numbers.every((m) => m[1] === '0'),
            `${e.path} ${text.slice(0, 200)}`,
          ).toBe(true);
        }
        const mixed = await ok(
          e.path,
          { ...(e.dates ? P : {}), siteIds: [...others, ...mine], limit: 100 },
          manager,
        );
        if (Array.isArray(mixed.values) && mixed.values.length && 'siteId' in mixed.values[0]) {
          expect(
            mixed.values.every((r: Row) => mine.has(Number(r.siteId))),
            e.path,
          ).toBe(true);
        }
      }
      for (const code of Object.keys(DATA_CODES)) {
        if (CLAIMED_CODES[Number(code)]) {
          // The ILS codes need the ILS claim, which the manager does not hold: refused outright.
          const refused = await post(server, manager, '/api/data', {
            ...P,
            ...ask,
            requestedData: Number(code),
          });
          expect(refused.status, code).toBe(403);
          expect(refused.body.message).toBe(`Data code ${code} needs the claim HawkEyeDashboardILS=Read`);
          continue;
        }
        const r = await ok('/api/data', { ...P, ...ask, requestedData: Number(code) }, manager);
        const flat = (r.values as unknown[][]).flat();
        if (r.groupBy !== undefined) expect(flat, code).toEqual([]);
        else if (![302, 303, 304].includes(Number(code)))
          expect(
            flat.every((v) => v === 0 || v === null),
            `${code} ${JSON.stringify(r)}`,
          ).toBe(true);
      }
    });

    it('data routes refuse callers without tokens', async () => {
      const res = await fetch(`${server.url}/api/data/action_required`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(401);
      expect((await fetch(`${server.url}/api/sites`)).status).toBe(401);
    });
  });

  describe('bad input answers 400 naming the field, never 500', () => {
    const cases: [string, (dated: boolean) => unknown, string][] = [
      ['wrong type of a date', () => ({ ...P, startDate: 20261021 }), '/startDate'],
      ['impossible date', () => ({ ...P, startDate: '2026-02-31' }), '/startDate'],
      ['malformed date', () => ({ ...P, endDate: 'yesterday' }), '/endDate'],
      ['end before start', () => ({ startDate: '2026-11-19', endDate: '2026-10-21' }), '/endDate'],
      ['huge limit', (d) => ({ ...(d ? P : {}), limit: 100000 }), '/limit'],
      ['limit as text', (d) => ({ ...(d ? P : {}), limit: '10' }), '/limit'],
      ['negative skip', (d) => ({ ...(d ? P : {}), skip: -1 }), '/skip'],
      ['unknown sort column', (d) => ({ ...(d ? P : {}), sort: [{ column: 'nope' }] }), '/sort/0/column'],
      [
        'SQL in a sort column',
        (d) => ({ ...(d ? P : {}), sort: [{ column: 'site; DROP TABLE sites; --' }] }),
        '/sort/0/column',
      ],
      [
        'bad sort direction',
        (d) => ({ ...(d ? P : {}), sort: [{ column: 'x', direction: 'sideways' }] }),
        '/sort/0/column',
      ],
      ['SQL in site ids', (d) => ({ ...(d ? P : {}), siteIds: ['1 OR 1=1'] }), '/siteIds/0'],
      ['unknown comm type', (d) => ({ ...(d ? P : {}), commTypes: ["PHONE' OR '1'='1"] }), '/commTypes/0'],
      ['unknown field', (d) => ({ ...(d ? P : {}), bogus: 1 }), '/bogus'],
      ['bad trend group', (d) => ({ ...(d ? P : {}), timeTrendGroup: 'year' }), '/timeTrendGroup'],
      [
        'bad initialCommunication',
        (d) => ({ ...(d ? P : {}), initialCommunication: 2 }),
        '/initialCommunication',
      ],
      ['body is an array', () => [], '/'],
    ];
    it.each(DATA_ENDPOINTS.map((e) => [e.path, e] as const))('%s', async (_p, e) => {
      for (const [what, body, field] of cases) {
        if (!e.dates && /date|before/.test(what)) continue;
        const r = await post<{ field: string; message: string }>(server, admin, e.path, body(e.dates));
        const expectedField = field === '/sort/0/column' && !e.table ? '/sort' : field;
        expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(400);
        if (!(field === '/sort/0/column' && !e.table)) expect(r.body.field, what).toBe(expectedField);
        else expect(r.body.field.startsWith('/sort'), what).toBe(true);
      }
      if (e.dates) {
        const r = await post<{ field: string }>(server, admin, e.path, { endDate: P.endDate });
        expect([r.status, r.body.field]).toEqual([400, '/startDate']);
      }
    });
    it('POST /api/data: unknown or missing code', async () => {
      expect((await post(server, admin, '/api/data', { ...P, requestedData: 999 })).body).toMatchObject({
        field: '/requestedData',
      });
      expect((await post(server, admin, '/api/data', P)).body).toMatchObject({ field: '/requestedData' });
      expect((await post(server, admin, '/api/data', { ...P, requestedData: '100' })).status).toBe(400);
    });
  });
});
