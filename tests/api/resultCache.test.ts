import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../../src/server/ingest/importFile';
import { post, signIn, type Tokens } from '../fixtures/analytics/client';
import { DRIVERS, startTestServer, TEST_AS_OF, type TestServer } from './harness';

// Last 30 days of the seeded small scale (it ends at TEST_AS_OF, 2026-11-20 19:00).
const P = { startDate: '2026-10-21', endDate: '2026-11-19' };
const INBOUND_CALLS = { ...P, requestedData: 100 };
const MISSED_BY_SITE = '/api/data/caller_behavior/missed_calls/by_site';

describe.each(DRIVERS)('answers kept between requests (%s)', (driver) => {
  let server: TestServer;
  let admin: Tokens;
  let manager: Tokens;
  const ok = async (path: string, body: object, who: Tokens = admin) => {
    const r = await post(server, who, path, body);
    expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  };

  beforeAll(async () => {
    server = await startTestServer({ driver });
    admin = await signIn(server, 'admin');
    manager = await signIn(server, 'manager');
  });
  afterAll(async () => server?.stop());

  it('answers a repeated request the same, from memory', async () => {
    const first = await ok('/api/data', INBOUND_CALLS);
    const held = server.app.resultCache.size.entries;
    expect(held).toBeGreaterThan(0);
    expect(await ok('/api/data', INBOUND_CALLS)).toEqual(first);
    expect(server.app.resultCache.size.entries).toBe(held);
  });

  it("never hands one caller's answer to a caller with other sites", async () => {
    const adminPage = await ok(MISSED_BY_SITE, { ...P, limit: 100 });
    const managerPage = await ok(MISSED_BY_SITE, { ...P, limit: 100 }, manager);
    expect(managerPage.totalRows).toBeGreaterThan(0);
    expect(managerPage.totalRows).toBeLessThan(adminPage.totalRows);
    // Asked again, each still gets their own.
    expect((await ok(MISSED_BY_SITE, { ...P, limit: 100 })).totalRows).toBe(adminPage.totalRows);
    expect((await ok(MISSED_BY_SITE, { ...P, limit: 100 }, manager)).totalRows).toBe(managerPage.totalRows);
  });

  it('answers with the new figures after an import', async () => {
    const before = (await ok('/api/data', INBOUND_CALLS)).values[0][0] as number;
    const [{ id: maxId }] = await server.ctx.store.query<{ id: number }>(
      'SELECT max(id) AS id FROM communications',
    );
    const call = {
      id: Number(maxId) + 1,
      site_id: 1,
      relationship_id: 1,
      comm_type: 'PHONE',
      direction: 'inbound',
      occurred_at: '2026-11-10T10:00:00',
      caller_type: 'prospect',
      call_result: 'Answered',
      is_missed: false,
      duration_seconds: 120,
      is_first_communication: true,
      response_required: false,
    };
    const file = join(server.dataDir, 'one-call.ndjson');
    writeFileSync(file, `${JSON.stringify(call)}\n`);
    await importFile(server.ctx.store, 'communications', file, {
      asOf: new Date(TEST_AS_OF.getTime() + 60_000),
    });
    expect((await ok('/api/data', INBOUND_CALLS)).values[0][0]).toBe(before + 1);
  });
});
