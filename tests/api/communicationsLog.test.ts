import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyPipe, type Pipe } from '../../engine/tools';
import dashboardCommon from '../../schemas/dashboard/common.schema.json';
import type { Row } from '../../src/server/store';
import { RELATIONSHIPS } from '../../src/shared/relationships';
import { post, signIn, type Tokens } from '../fixtures/analytics/client';
import { DRIVERS, startTestServer, type TestServer } from './harness';

// The communications log (issue 17): its totals equal the figures of the tables a user drills from,
// its filters narrow as named, and it never shows another account's communications. And the export
// form of the data endpoints: every row of the same query streamed as CSV, the cells as the table
// shows them, validated and scoped like the endpoint itself.
const P = { startDate: '2026-10-21', endDate: '2026-11-19' };
const LOG = '/api/data/communications/log';
const BY_SITE = '/api/data/caller_behavior/missed_calls/by_site';

const LOG_CSV = {
  fileName: 'Communications Log - Log - Last 30 Days.csv',
  rows: '/values',
  total: '/totalRows',
  rowNumbers: '#',
  columns: [
    { header: 'Time', field: 'occurredAt', pipe: { name: 'date', args: ['M/D/YYYY h:mm A'] } },
    { header: 'Site', field: 'site', inactiveField: 'siteIsActive' },
    { header: 'Missed', field: 'isMissed', pipe: { name: 'boolean', args: ['Yes', 'No'] } },
    { header: 'Duration', field: 'durationSeconds', pipe: { name: 'clock' } },
  ],
};

/** Splits CSV text into rows of cells (RFC 4180 quoting, CRLF line ends). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

/** The file of an export answer: whether it starts with the UTF-8 byte order mark, and its rows. */
async function fileOf(res: Response): Promise<{ bom: boolean; text: string; lines: string[][] }> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bom ? bytes.subarray(3) : bytes);
  return { bom, text, lines: parseCsv(text) };
}

describe.each(DRIVERS)('communications log on the seeded small scale (%s)', (driver) => {
  let server: TestServer;
  let admin: Tokens;
  let manager: Tokens;
  /** The server's log lines (level info and up), parsed. */
  const logged: { level: number; msg: string }[] = [];
  const sql = (text: string) => server.ctx.store.query(text, []);
  const ok = async (path: string, body: object, who: Tokens = admin) => {
    const r = await post(server, who, path, body);
    expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  };
  const total = async (body: object, who: Tokens = admin): Promise<number> =>
    (await ok(LOG, { ...P, limit: 1, ...body }, who)).totalRows;

  const exportOf = (path: string, request: object, csv: object, who: Tokens = admin) =>
    fetch(`${server.url}${path}/export`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${who.accessToken}`,
        'x-extended-data-token': who.extendedDataToken,
      },
      body: JSON.stringify({ request, csv }),
    });

  beforeAll(async () => {
    server = await startTestServer({ driver, log: (line) => logged.push(JSON.parse(line)) });
    admin = await signIn(server, 'admin');
    manager = await signIn(server, 'manager');
  });
  afterAll(async () => server?.stop());

  it('lists communications newest first, each with its fields', async () => {
    const page = await ok(LOG, { ...P, limit: 50 });
    expect(page.values).toHaveLength(50);
    expect(page.totalRows).toBeGreaterThan(1000);
    const times = page.values.map((r: Row) => String(r.occurredAt));
    expect([...times].sort().reverse()).toEqual(times);
    expect(times[0] < '2026-11-20T00:00:00').toBe(true);
    expect(times.at(-1)! >= '2026-10-21T00:00:00').toBe(true);
    const calls = await ok(LOG, {
      ...P,
      commTypes: ['PHONE'],
      direction: 'inbound',
      missed: false,
      limit: 1,
    });
    const call = calls.values[0];
    expect(call).toMatchObject({ commType: 'Call', direction: 'Inbound', isMissed: false });
    expect(['Prospect', 'Non-Prospect', 'Undetermined']).toContain(call.callerType);
    expect(typeof call.site).toBe('string');
    expect(call.maxIndex).toBe(calls.totalRows - 1);
    expect(page.values[0].maxIndex).toBe(page.totalRows - 1);
  });

  it("a site's missed calls number the Missed Calls By Site table's", async () => {
    const sites = (await ok('/api/data/caller_behavior/missed_calls/by_site', { ...P, limit: 100 })).values;
    expect(sites.length).toBeGreaterThan(1);
    for (const s of sites.slice(0, 4)) {
      const filter = { siteId: s.siteId, commTypes: ['PHONE'], direction: 'inbound' };
      expect(await total({ ...filter, missed: true })).toBe(s.missedCallCount);
      expect(await total(filter)).toBe(s.totalCallCount);
    }
  });

  it("a response-time bucket of a site or an employee numbers the Response Time table's", async () => {
    const filters = { relationshipIds: [1, 2, 3], commTypes: ['SMS', 'EMAIL'] };
    const site = (await ok('/api/data/communication/response_time/by_site', { ...P, ...filters })).values[0];
    for (const key of ['timeInverval1', 'timeInverval4', 'notRespondedTo']) {
      const count = Number(/\(([\d,]+)\)/.exec(site[key])![1].replace(/,/g, ''));
      expect(await total({ ...filters, siteId: site.siteId, responseBuckets: [key] }), key).toBe(count);
    }
    const emp = (await ok('/api/data/communication/response_time/by_employee', P)).values[0];
    const count = Number(/\(([\d,]+)\)/.exec(emp.timeInverval2)![1].replace(/,/g, ''));
    expect(
      await total({ siteId: emp.siteId, employeeId: emp.employeeId, responseBuckets: ['timeInverval2'] }),
    ).toBe(count);
  });

  it("an employee's scored calls number the Call Performance table's", async () => {
    const emps = (await ok('/api/data/employee_call_performance/by_employee', { ...P, limit: 3 })).values;
    for (const e of emps) {
      expect(await total({ siteId: e.siteId, employeeId: e.employeeId, scored: true })).toBe(e.scoredCalls);
    }
  });

  it("an ad source's calls number the Ad Source Effectiveness table's", async () => {
    const [row] = await sql(
      `SELECT a.id, count(*) AS n FROM communications c JOIN ad_sources a ON a.id = c.ad_source_id
       WHERE c.comm_type = 'PHONE' AND c.direction = 'inbound'
         AND c.occurred_at >= TIMESTAMP '2026-10-21 00:00:00' AND c.occurred_at < TIMESTAMP '2026-11-20 00:00:00'
       GROUP BY a.id ORDER BY n DESC, a.id LIMIT 1`,
    );
    const overall = (await ok('/api/data/ad_source_effectiveness/overall', { ...P, limit: 100 })).values;
    const shown = overall.find((r: Row) => r.callCount === Number(row.n));
    expect(shown).toBeDefined();
    expect(await total({ adSourceId: Number(row.id), commTypes: ['PHONE'], direction: 'inbound' })).toBe(
      Number(row.n),
    );
  });

  it('a site volume cell numbers the Volume table', async () => {
    const s = (await ok('/api/data/communication/volume/by_site', P)).values[0];
    expect(await total({ siteId: s.siteId })).toBe(s.totalCommCount);
    const inbound = Number(String(s.inbound).split(' ')[0].replace(/,/g, ''));
    expect(await total({ siteId: s.siteId, direction: 'inbound' })).toBe(inbound);
  });

  it('every filter narrows to rows that match it, and sorts as asked', async () => {
    const page = await ok(LOG, {
      ...P,
      limit: 100,
      callerTypes: ['prospect'],
      callResults: ['Answered'],
      minDurationSeconds: 60,
      maxDurationSeconds: 600,
      sort: [{ column: 'durationSeconds', direction: 'asc' }],
    });
    expect(page.values.length).toBeGreaterThan(0);
    for (const r of page.values) {
      expect([r.callerType, r.callResult]).toEqual(['Prospect', 'Answered']);
      expect(r.durationSeconds >= 60 && r.durationSeconds <= 600).toBe(true);
    }
    const d = page.values.map((r: Row) => r.durationSeconds);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    const first = await ok(LOG, { ...P, limit: 20, initialCommunication: 1, relationshipIds: [2] });
    expect(first.values.every((r: Row) => r.relationship === 'Prospects')).toBe(true);
    const waiting = await ok(LOG, { ...P, limit: 100, responseRequired: true });
    expect(waiting.values.every((r: Row) => r.responseBucket !== null && r.direction === 'Inbound')).toBe(
      true,
    );
    const others = await ok(LOG, { ...P, limit: 100, responseRequired: false });
    expect(others.values.every((r: Row) => r.responseBucket === null)).toBe(true);
    expect(waiting.totalRows + others.totalRows).toBe(await total({}));
  });

  it('a deep page holds the rows an independent query puts there, sorted by a column of the communication or a joined one', async () => {
    const ids = async (order: string) =>
      (
        await sql(
          `SELECT c.id FROM communications c JOIN sites s ON s.id = c.site_id
           WHERE c.occurred_at >= TIMESTAMP '2026-10-21 00:00:00' AND c.occurred_at < TIMESTAMP '2026-11-20 00:00:00'
           ORDER BY ${order}, c.id`,
        )
      ).map((r) => Number(r.id));
    const sorts = [
      { sort: [], order: 'c.occurred_at DESC' },
      {
        sort: [{ column: 'durationSeconds', direction: 'asc' }],
        order: 'c.duration_seconds ASC NULLS LAST, c.occurred_at DESC',
      },
      { sort: [{ column: 'site', direction: 'desc' }], order: 'lower(s.name) DESC, c.occurred_at DESC' },
    ];
    for (const { sort, order } of sorts) {
      const all = await ids(order);
      const page = await ok(LOG, { ...P, limit: 20, skip: 40, sort });
      expect(page.totalRows, order).toBe(all.length);
      expect(
        page.values.map((r: Row) => r.id),
        order,
      ).toEqual(all.slice(40, 60));
    }
  });

  it('a page newest first anywhere in a long period, and the count, equal an independent query', async () => {
    // The server looks for a page among the first 500 rows in the period's last days first, then
    // among more, and counts from the monthly rollups.
    const year = { startDate: '2026-01-01', endDate: '2026-11-19' };
    const cases = [
      { body: {}, where: '' },
      {
        body: { direction: 'outbound', commTypes: ['SMS', 'EMAIL'] },
        where: "AND c.direction = 'outbound' AND c.comm_type IN ('SMS', 'EMAIL')",
      },
      { body: { relationshipIds: [1] }, where: 'AND c.relationship_id = 1' },
      // A filter the rollups do not have: counted from the rows.
      { body: { missed: true }, where: 'AND c.is_missed' },
    ];
    for (const { body, where } of cases) {
      const all = (
        await sql(
          `SELECT c.id FROM communications c
           WHERE c.occurred_at >= TIMESTAMP '2026-01-01 00:00:00' AND c.occurred_at < TIMESTAMP '2026-11-20 00:00:00' ${where}
           ORDER BY c.occurred_at DESC, c.id`,
        )
      ).map((r) => Number(r.id));
      expect(all.length, where).toBeGreaterThan(200);
      // The first page and one 400 rows in (the server tries windows of days for both), one a third
      // of the way and the last (the whole period at once).
      for (const skip of [0, 400, Math.floor(all.length / 3), all.length - 30]) {
        const page = await ok(LOG, { ...year, ...body, limit: 50, skip });
        expect(page.totalRows, `${where} skip ${skip}`).toBe(all.length);
        expect(
          page.values.map((r: Row) => r.id),
          `${where} skip ${skip}`,
        ).toEqual(all.slice(skip, skip + 50));
      }
    }
  });

  it("an Action Required count (a site's or an employee's bucket, a bar) numbers the log's communications", async () => {
    // Each count of the tables and what the log is asked for it, as the drills ask.
    const AGES = {
      totalCount: ['new', 'olderThan24Hours', 'olderThan48Hours'],
      newCount: ['new'],
      olderThan24HoursCount: ['olderThan24Hours'],
      olderThan48HoursCount: ['olderThan48Hours'],
    } as const;
    const relationshipIds = [1, 2, 3, 4, 5, 6];
    const sites = (await ok('/api/data/action_required/by_site', { relationshipIds, limit: 100 })).values;
    expect(sites.length).toBeGreaterThan(1);
    let checked = 0;
    for (const s of sites)
      for (const [field, ages] of Object.entries(AGES)) {
        expect(await total({ relationshipIds, siteId: s.siteId, actionRequiredAges: ages }), field).toBe(
          s[field],
        );
        checked++;
      }
    // Every bucket has items somewhere, so the equalities above are not all 0 = 0.
    for (const field of Object.keys(AGES))
      expect(
        sites.some((s: Row) => Number(s[field]) > 0),
        field,
      ).toBe(true);
    const emps = (await ok('/api/data/action_required/by_employee', { relationshipIds, limit: 3 })).values;
    for (const e of emps)
      for (const [field, ages] of Object.entries(AGES)) {
        const body = {
          relationshipIds,
          siteId: e.siteId,
          employeeId: e.employeeId,
          actionRequiredAges: ages,
        };
        expect(await total(body), `${e.fullName} ${field}`).toBe(e[field]);
        checked++;
      }
    // The chart's bars: a relationship's count of one age, over every site.
    const chart = await ok('/api/data/action_required', { relationshipIds });
    const idOf = (label: string) => RELATIONSHIPS.find((r) => r.label === label)?.id ?? 0;
    const byLabel = {
      New: 'new',
      'Older Than 24hrs': 'olderThan24Hours',
      'Older Than 48hrs': 'olderThan48Hours',
    };
    for (const series of chart.series)
      for (const bar of series.values) {
        const ages = [byLabel[series.group as keyof typeof byLabel]];
        expect(idOf(bar.category)).toBeGreaterThan(0);
        expect(await total({ relationshipIds: [idOf(bar.category)], actionRequiredAges: ages })).toBe(
          bar.value,
        );
        checked++;
      }
    expect(checked).toBeGreaterThan(30);
    // Aged to the last data update whatever the period: a period that ends long before finds the same.
    const all = await total({ actionRequiredAges: AGES.totalCount });
    expect(all).toBe(
      chart.summary.total + (await total({ relationshipIds: [7], actionRequiredAges: AGES.totalCount })),
    );
    expect(
      (
        await ok(LOG, {
          startDate: '2026-01-01',
          endDate: '2026-01-31',
          limit: 1,
          actionRequiredAges: ['new'],
        })
      ).totalRows,
    ).toBe(chart.summary.new + (await total({ relationshipIds: [7], actionRequiredAges: ['new'] })));
    // Every row waits for a reply: inbound, never answered before the last update.
    const rows = (await ok(LOG, { ...P, limit: 100, actionRequiredAges: AGES.totalCount })).values;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows)
      expect([r.direction, r.respondedAt, r.responseBucket]).toEqual(['Inbound', null, 'Not Responded To']);
  });

  it('refuses an age Action Required does not have', async () => {
    const r = await post(server, admin, LOG, { ...P, actionRequiredAges: ['older'] });
    expect(r.status).toBe(400);
  });

  it("shows a manager none of another account's communications, whatever ids the body names", async () => {
    const others = (await sql('SELECT id FROM sites WHERE account_id <> 1')).map((r) => Number(r.id));
    const mine = (await sql('SELECT id FROM sites WHERE account_id = 1')).map((r) => Number(r.id));
    const [foreignEmployee] = await sql(
      'SELECT e.id FROM employees e JOIN sites s ON s.id = e.site_id WHERE s.account_id <> 1 LIMIT 1',
    );
    expect(await total({ siteIds: others, accountIds: [2, 3] }, manager)).toBe(0);
    expect(await total({ siteId: others[0] }, manager)).toBe(0);
    expect(await total({ employeeId: Number(foreignEmployee.id) }, manager)).toBe(0);
    const mixed = await ok(LOG, { ...P, siteIds: [...others, ...mine], limit: 100 }, manager);
    expect(mixed.totalRows).toBeGreaterThan(0);
    expect(mixed.values.every((r: Row) => mine.includes(Number(r.siteId)))).toBe(true);
    expect(mixed.totalRows).toBe(await total({ siteIds: mine }, admin));
  });

  it('answers a bad filter with 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ direction: 'sideways' }, '/direction'],
      [{ responseBuckets: ['timeInverval9'] }, '/responseBuckets/0'],
      [{ callerTypes: ["prospect' OR 1=1"] }, '/callerTypes/0'],
      [{ missed: 'yes' }, '/missed'],
      [{ minDurationSeconds: -1 }, '/minDurationSeconds'],
      [{ sort: [{ column: 'score' }] }, '/sort/0/column'],
      [{ limit: 101 }, '/limit'],
    ];
    for (const [body, field] of cases) {
      const r = await post(server, admin, LOG, { ...P, ...body });
      expect([r.status, r.body.field], JSON.stringify(body)).toEqual([400, field]);
    }
  });

  // The export form (POST .../export): every row of the same query, streamed as CSV.
  it('streams every row of the log, past the server page, numbered and formatted as the table shows them', async () => {
    const first = await ok(LOG, { ...P, limit: 50 });
    expect(first.totalRows).toBeGreaterThan(1000);
    const res = await exportOf(LOG, P, LOG_CSV);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Communications%20Log%20-%20Log%20-%20Last%2030%20Days.csv",
    );
    expect(Number(res.headers.get('x-export-total'))).toBe(first.totalRows);
    const { bom, text, lines } = await fileOf(res);
    expect(bom).toBe(true);
    expect(text.startsWith('#,Time,Site,Missed,Duration\r\n')).toBe(true);
    expect(lines).toHaveLength(1 + first.totalRows);
    expect(lines.slice(1).map((l) => l[0])).toEqual(
      Array.from({ length: first.totalRows }, (_, i) => String(i + 1)),
    );
    // The first rows are the endpoint's first page, cell by cell as the table shows them.
    first.values.forEach((r: Row, i: number) => {
      const [, time, site, missed, duration] = lines[1 + i];
      expect(time).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/);
      expect(site).toBe(r.siteIsActive === false ? `${r.site} (Inactive)` : r.site);
      expect(missed).toBe(r.isMissed ? 'Yes' : 'No');
      if (r.durationSeconds == null) expect(duration).toBe('\u2014');
      else expect(duration).toMatch(/^\d+:\d{2}(:\d{2})?$/);
    });
    // No row twice across the server's pages: the times go down all the way.
    const times = lines.slice(1).map((l) => Date.parse(l[1]));
    for (let i = 1; i < times.length; i++) expect(times[i] <= times[i - 1]).toBe(true);
  });

  it("a filtered log's file holds exactly the rows the log counts", async () => {
    const filter = { ...P, commTypes: ['PHONE'], direction: 'inbound', missed: true };
    const { totalRows } = await ok(LOG, { ...filter, limit: 1 });
    const lines = (await fileOf(await exportOf(LOG, filter, LOG_CSV))).lines;
    expect(lines).toHaveLength(1 + totalRows);
    expect(new Set(lines.slice(1).map((l) => l[3]))).toEqual(new Set(['Yes']));
  });

  it('Missed Calls By Site: one row per site, the totals row last, the numbers equal to the endpoint', async () => {
    const all = await ok(BY_SITE, { ...P, limit: 100 });
    const res = await exportOf(BY_SITE, P, {
      fileName: 'Caller Behavior - Missed Calls By Site - Last 30 Days.csv',
      rows: '/values',
      total: '/totalRows',
      columns: [
        { header: 'Site', field: 'site', inactiveField: 'isActive' },
        { header: 'Missed Calls', field: 'missedCallCount' },
        { header: 'Total Calls', field: 'totalCallCount' },
      ],
      totalsRow: ['Total', '12', '34'],
    });
    const { lines } = await fileOf(res);
    expect(lines[0]).toEqual(['Site', 'Missed Calls', 'Total Calls']);
    expect(lines).toHaveLength(1 + all.totalRows + 1);
    expect(lines.at(-1)).toEqual(['Total', '12', '34']);
    expect(all.values.length).toBeGreaterThan(1);
    all.values.forEach((r: Row, i: number) => {
      expect(lines[1 + i][1]).toBe(String(r.missedCallCount));
      expect(lines[1 + i][2]).toBe(String(r.totalCallCount));
    });
  });

  it('a column may carry every pipe of the dashboard language, its cells as the table shows them', async () => {
    const pipes = dashboardCommon.$defs.pipe.properties.name.enum as Pipe['name'][];
    const all = await ok(BY_SITE, { ...P, limit: 100 });
    const res = await exportOf(BY_SITE, P, {
      fileName: 'Caller Behavior - Missed Calls By Site - Last 30 Days.csv',
      rows: '/values',
      columns: pipes.map((name) => ({ header: name, field: 'missedCallCount', pipe: { name } })),
    });
    expect(res.status).toBe(200);
    const { lines } = await fileOf(res);
    expect(lines[0]).toEqual(pipes);
    expect(lines).toHaveLength(1 + all.totalRows);
    all.values.forEach((r: Row, i: number) => {
      expect(lines[1 + i]).toEqual(pipes.map((name) => applyPipe(r.missedCallCount, { name })));
    });
  });

  it("is scoped like the endpoint: another account's sites are left out", async () => {
    const mine = await ok(LOG, { ...P, limit: 1 }, manager);
    const everyone = await ok(LOG, { ...P, limit: 1 });
    expect(mine.totalRows).toBeLessThan(everyone.totalRows);
    const [{ id: foreign }] = await server.ctx.store.query<{ id: number }>(
      `SELECT s.id FROM sites s WHERE s.account_id NOT IN (
         SELECT ua.account_id FROM user_accounts ua JOIN users u ON u.id = ua.user_id WHERE u.username = 'manager')
       ORDER BY s.id LIMIT 1`,
    );
    const res = await exportOf(LOG, { ...P, siteIds: [foreign] }, LOG_CSV, manager);
    expect(res.status).toBe(200);
    expect((await fileOf(res)).lines).toHaveLength(1);
    const own = await exportOf(LOG, P, LOG_CSV, manager);
    expect(Number(own.headers.get('x-export-total'))).toBe(mine.totalRows);
    // Only the header is wanted: cancel the download (an unread one holds the server's close).
    await own.body?.cancel();
  });

  it('a download the client leaves part way is logged as its leaving, not as a failure', async () => {
    const before = logged.length;
    const ended = new Promise<void>((resolve, reject) => {
      const req = httpRequest(`${server.url}${LOG}/export`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'accept-encoding': 'gzip',
          authorization: `Bearer ${admin.accessToken}`,
          'x-extended-data-token': admin.extendedDataToken,
        },
      });
      // The headers come once the first of many pages is read; the client leaves right then.
      req.on('response', (res) => {
        expect(res.statusCode).toBe(200);
        res.destroy();
        resolve();
      });
      req.on('error', reject);
      req.end(JSON.stringify({ request: P, csv: LOG_CSV }));
    });
    await ended;
    await vi.waitFor(() => {
      expect(logged.slice(before).map((l) => l.msg)).toContain('export stopped: the client left');
    });
    expect(logged.slice(before).filter((l) => l.level >= 50)).toEqual([]);
    // The server goes on answering.
    expect(await total({})).toBeGreaterThan(1000);
  });

  it('refuses a bad body with a 400 naming the field, and a caller without tokens', async () => {
    const noDates = await exportOf(LOG, {}, LOG_CSV);
    expect(noDates.status).toBe(400);
    expect((await noDates.json()).field).toMatch(/^\/request/);
    const badName = await exportOf(LOG, P, { ...LOG_CSV, fileName: '../etc/passwd' });
    expect(badName.status).toBe(400);
    expect(await badName.json()).toMatchObject({ field: '/csv/fileName' });
    const badPipe = await exportOf(LOG, P, {
      ...LOG_CSV,
      columns: [{ header: 'x', field: 'site', pipe: { name: 'eval' } }],
    });
    expect(badPipe.status).toBe(400);
    expect((await badPipe.json()).field).toMatch(/^\/csv\/columns\/0\/pipe/);
    const anonymous = await fetch(`${server.url}${LOG}/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ request: P, csv: LOG_CSV }),
    });
    expect(anonymous.status).toBe(401);
  });
});
