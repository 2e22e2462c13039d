import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type Tokens } from '../fixtures/analytics/client';
import { DRIVERS, startTestServer, type TestServer } from './harness';

// One user's exports are bounded (EXPORTS_PER_USER, 2 by default): past the bound an export is
// refused with 429 and Retry-After until one of theirs ends, while other users export and read as
// before. The exports here are held open by a client that does not read them, as a slow download.

const LOG = '/api/data/communications/log';
/** A long file: every communication of the seeded data, 60 columns wide (tens of megabytes). */
const LONG_EXPORT = {
  request: { startDate: '2024-01-01', endDate: '2026-11-19' },
  csv: {
    fileName: 'Everything.csv',
    rows: '/values',
    total: '/totalRows',
    columns: Array.from({ length: 60 }, (_, i) => ({ header: `Site ${i}`, field: 'site' })),
  },
};

describe.each(DRIVERS)('exports under way at once (%s)', (driver) => {
  let server: TestServer;
  let admin: Tokens;
  let manager: Tokens;
  const held: AbortController[] = [];

  beforeAll(async () => {
    server = await startTestServer({ driver });
    admin = await signIn(server, 'admin');
    manager = await signIn(server, 'manager');
  });
  afterAll(async () => {
    for (const c of held) c.abort();
    await server?.stop();
  });

  /** Starts an export and answers once its headers are in, its body left unread (held open). */
  async function startExport(who: Tokens) {
    const controller = new AbortController();
    held.push(controller);
    const res = await fetch(`${server.url}${LOG}/export`, {
      method: 'POST',
      signal: controller.signal,
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'identity',
        authorization: `Bearer ${who.accessToken}`,
      },
      body: JSON.stringify({ ...LONG_EXPORT, jwtExtendedToken: who.extendedDataToken }),
    });
    return { res, stop: () => controller.abort() };
  }

  it('refuses a user’s export past the bound with 429 and Retry-After, until one of theirs ends', async () => {
    expect(server.ctx.config.exportsPerUser).toBe(2);
    const first = await startExport(admin);
    const second = await startExport(admin);
    expect([first.res.status, second.res.status]).toEqual([200, 200]);
    expect(Number(first.res.headers.get('x-export-total'))).toBeGreaterThan(10_000);

    const third = await startExport(admin);
    expect(third.res.status).toBe(429);
    expect(Number(third.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await third.res.json()).toMatchObject({
      error: 'Too Many Requests',
      message: expect.stringContaining('2 exports under way'),
    });

    // Another user exports and reads meanwhile.
    const theirs = await startExport(manager);
    expect(theirs.res.status).toBe(200);
    const read = await fetch(`${server.url}/api/data/action_required`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${manager.accessToken}` },
      body: JSON.stringify({ jwtExtendedToken: manager.extendedDataToken }),
    });
    expect(read.status).toBe(200);
    theirs.stop();

    // One of admin's downloads is cancelled: admin may export again.
    first.stop();
    await expect
      .poll(
        async () => {
          const again = await startExport(admin);
          const status = again.res.status;
          if (status === 200) again.stop();
          else await again.res.body?.cancel();
          return status;
        },
        { timeout: 30_000 },
      )
      .toBe(200);
    second.stop();
  });
});
