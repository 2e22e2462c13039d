import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../../src/server/ingest/importFile';
import { PostgresStore } from '../../src/server/store/postgres';
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

  /** A file of one inbound call on 2026-11-10 at site 1 with the next free id. */
  async function oneCallFile() {
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
    const file = join(server.dataDir, `call-${call.id}.ndjson`);
    writeFileSync(file, `${JSON.stringify(call)}\n`);
    return file;
  }
  const inboundCalls = async () => (await ok('/api/data', INBOUND_CALLS)).values[0][0] as number;

  it('answers with the new figures after an import', async () => {
    const before = await inboundCalls();
    await importFile(server.ctx.store, 'communications', await oneCallFile(), {
      asOf: new Date(TEST_AS_OF.getTime() + 60_000),
    });
    expect(await inboundCalls()).toBe(before + 1);
  });

  it('answers with the new figures after imports stamped with the same time as the last one', async () => {
    // A day loaded as several files, each stamped 19:00: the last update does not move, the data does.
    const [{ at }] = await server.ctx.store.query<{ at: string }>(
      'SELECT last_data_update AS at FROM data_status WHERE id = 1',
    );
    const asOf = new Date(at);
    // On PostgreSQL through a store of its own, as `npm run db:import` in another process would;
    // DuckDB's file has one process, the server's.
    const importer =
      driver === 'postgres' ? await PostgresStore.open(server.pg?.url ?? '') : server.ctx.store;
    try {
      for (let round = 1; round <= 2; round++) {
        const before = await inboundCalls();
        // Asked once more in other words (its keys in another order): kept apart, and must move too.
        const reworded = { requestedData: 100, endDate: P.endDate, startDate: P.startDate };
        expect((await ok('/api/data', reworded)).values[0][0]).toBe(before);
        await importFile(importer, 'communications', await oneCallFile(), { asOf });
        await expect.poll(inboundCalls, { timeout: 30_000 }).toBe(before + 1);
        expect((await ok('/api/data', reworded)).values[0][0]).toBe(before + 1);
      }
    } finally {
      if (importer !== server.ctx.store) await importer.close();
    }
    const [{ at: after }] = await server.ctx.store.query<{ at: string }>(
      'SELECT last_data_update AS at FROM data_status WHERE id = 1',
    );
    expect(after).toBe(at);
  });
});
