import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/auth/users';
import { INGEST_CLAIM, INGEST_MAX_BYTES, INGEST_RATE } from '../../src/server/ingest/routes';
import { DEMO_PASSWORD } from '../../src/server/seed/demoUsers';
import { DRIVERS, signInOverHttp, startTestServer, type TestServer } from './harness';

/** A communication of the seeded data's first site; `id` new unless given. */
const record = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  site_id: 1,
  relationship_id: 1,
  comm_type: 'SMS',
  direction: 'inbound',
  occurred_at: '2026-11-19T10:00:00',
  response_required: true,
  responded_at: '2026-11-19T10:04:00',
  ...over,
});
const ndjson = (records: object[]) => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;

describe.each(DRIVERS)('POST /api/ingest/<kind> on %s', (driver) => {
  let server: TestServer;
  let token: string;

  const post = (kind: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/ingest/${kind}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson', authorization: `Bearer ${token}`, ...headers },
      body,
    });
  const count = async () =>
    Number((await server.ctx.store.query<{ n: number }>('SELECT count(*) AS n FROM communications'))[0].n);
  const lastUpdate = async () =>
    (await server.ctx.store.query('SELECT last_data_update AS v FROM data_status'))[0].v;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    await createUser(server.ctx.store, {
      username: 'crmfeed',
      password: DEMO_PASSWORD,
      firstName: 'CRM',
      lastName: 'Feed',
      email: 'feed@example.com',
      allAccountAccess: false,
      hasPermission: true,
      accountIds: [],
      claims: [INGEST_CLAIM],
    });
    token = (await signInOverHttp(server, 'crmfeed')).accessToken;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('imports a batch, answers the counts and moves the last data update; the same batch again adds nothing', async () => {
    const before = await count();
    const versionBefore = await lastUpdate();
    const batch = ndjson([record(900_000_001), record(900_000_002), record(900_000_003)]);
    const first = await post('communications', batch);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ kind: 'communications', records: 3, added: 3, updated: 0 });
    expect(await count()).toBe(before + 3);
    expect(await lastUpdate()).not.toEqual(versionBefore);
    const [row] = await server.ctx.store.query(
      'SELECT response_seconds FROM communications WHERE id = 900000002',
    );
    expect(row.response_seconds).toBe(240);

    const again = await post('communications', batch);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ kind: 'communications', records: 3, added: 0, updated: 3 });
    expect(await count()).toBe(before + 3);
  });

  it('refuses a bad batch with every located error, changing nothing', async () => {
    const before = await count();
    const versionBefore = await lastUpdate();
    const res = await post(
      'communications',
      ndjson([
        record(900_000_010),
        record(900_000_011, { occurred_at: '2026-02-30T10:00:00', responded_at: null }),
        record(900_000_012, { site_id: 3_000_000_000 }),
      ]),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Bad Request',
      message: 'Nothing was imported: 2 errors',
      errors: [
        "body:2: field 'occurred_at' is not a calendar date (day 30 of a 28-day month): '2026-02-30T10:00:00'",
        "body:3: field 'site_id' must be at most 2,147,483,647: 3000000000",
      ],
      total: 2,
    });
    expect(await count()).toBe(before);
    expect(await lastUpdate()).toEqual(versionBefore);
  });

  it('takes two batches at once, both whole', async () => {
    const before = await count();
    const a = Array.from({ length: 50 }, (_, i) => record(900_001_000 + i));
    const b = Array.from({ length: 50 }, (_, i) => record(900_002_000 + i, { site_id: 2 }));
    const [ra, rb] = await Promise.all([
      post('communications', ndjson(a)),
      post('communications', ndjson(b)),
    ]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(await count()).toBe(before + 100);
  });

  it('refuses a caller without the credential, an unknown kind, another content type and a body too large', async () => {
    const batch = ndjson([record(900_003_000)]);
    const stranger = await post('communications', batch, { authorization: '' });
    expect(stranger.status).toBe(401);
    const manager = (await signInOverHttp(server, 'manager')).accessToken;
    const noClaim = await post('communications', batch, { authorization: `Bearer ${manager}` });
    expect(noClaim.status).toBe(403);
    expect((await noClaim.json()).message).toBe('Ingest needs the claim HawkEyeIngest=Write');

    expect((await post('faxes', batch)).status).toBe(404);
    expect((await post('communications', batch, { 'content-type': 'application/json' })).status).toBe(415);
    const huge = await post('communications', 'x'.repeat(INGEST_MAX_BYTES + 1));
    expect(huge.status).toBe(413);
    const [row] = await server.ctx.store.query(
      'SELECT count(*) AS n FROM communications WHERE id = 900003000',
    );
    expect(Number(row.n)).toBe(0);
  });

  it('limits a feed to INGEST_RATE.max batches a minute: 429 with Retry-After (last: it spends the budget)', async () => {
    let res: Response | undefined;
    for (let i = 0; i <= INGEST_RATE.max && res?.status !== 429; i++) res = await post('communications', '');
    expect(res?.status).toBe(429);
    expect(Number(res?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
