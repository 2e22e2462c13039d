import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryContext } from '../../src/server/deliveries/compute';
import { loadDeliveryDefinitions } from '../../src/server/deliveries/definitions';
import { runDueDeliveries, testSend } from '../../src/server/deliveries/runner';
import {
  listSubscriptions,
  updateSubscription,
  utcText,
} from '../../src/server/deliveries/subscriptionStore';
import { DRIVERS, signInOverHttp, startTestServer, type TestServer } from './harness';

// GET /api/deliveries tells, for each subscription, when it next sends (nextAt, on the subscriber's
// clock across a clock change; null when paused) and how its last delivery went (lastDelivery, test
// sends left out), so the 'Email & alerts' cards can say both. The server's clock is moved by the test.

type Listed = { id: number; kind: string; targetId: string; nextAt: string | null; lastDelivery: unknown };

describe.each(DRIVERS)('when subscriptions send next, and how they last went, on %s', (driver) => {
  let server: TestServer;
  let ctx: DeliveryContext;
  let manager: string;
  // Wednesday, Oct 28, 12:00 in Chicago (CDT): the next Monday 08:00 is after the Nov 1 clock change.
  let clock = new Date('2026-10-28T17:00:00Z');

  async function listed(): Promise<Listed[]> {
    const res = await fetch(`${server.url}/api/deliveries`, {
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { subscriptions: Listed[] }).subscriptions;
  }
  /** Moves the server's clock; manager signs in again, their token being of the old time. */
  async function moveClock(to: string): Promise<void> {
    clock = new Date(to);
    manager = (await signInOverHttp(server, 'manager')).accessToken;
  }
  const demoDigest = async () => {
    const digest = (await listed()).find((s) => s.kind === 'digest' && s.targetId === 'weekly-portfolio');
    if (!digest) throw new Error('manager has no demo weekly digest');
    return digest;
  };

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => clock });
    manager = (await signInOverHttp(server, 'manager')).accessToken;
    ctx = {
      app: server.app,
      store: server.ctx.store,
      config: server.ctx.config,
      definitions: await loadDeliveryDefinitions(server.ctx.config.dashboardsDir),
    };
    // admin's demo alert would evaluate too: this file is about manager's digest.
    for (const s of await listSubscriptions(ctx.store, {}))
      if (s.kind === 'alert') await updateSubscription(ctx.store, s.id, { paused: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("says the demo weekly digest's next Monday 08:00 in Chicago, across the clock change, and its last delivery after a run", async () => {
    // Seeded as of Nov 20: nothing is sent before, so the first is Monday, Nov 23, 08:00 CST.
    expect(await demoDigest()).toMatchObject({ nextAt: '2026-11-23T14:00:00.000Z', lastDelivery: null });

    // Subscribed since October: Monday, Nov 2, 08:00 CST (14:00Z), not 13:00Z as in CDT.
    const { id } = await demoDigest();
    await ctx.store.query('UPDATE subscriptions SET starts_at = $2::TIMESTAMP WHERE id = $1', [
      id,
      utcText(new Date('2026-10-01T00:00:00Z')),
    ]);
    expect((await demoDigest()).nextAt).toBe('2026-11-02T14:00:00.000Z');

    await moveClock('2026-11-02T14:00:00Z');
    const lines = await runDueDeliveries(ctx, { at: clock, instanceId: 'test', now: () => clock });
    expect(lines.filter((l) => l.subscriptionId === id).map((l) => l.status)).toEqual(['sent']);
    expect(await demoDigest()).toMatchObject({
      nextAt: '2026-11-09T14:00:00.000Z',
      lastDelivery: { status: 'sent', at: '2026-11-02T14:00:00.000Z' },
    });

    // A test send is in the history, not the last delivery.
    const testAt = new Date('2026-11-02T15:00:00Z');
    expect((await testSend(ctx, id, { now: () => testAt })).status).toBe('sent');
    expect((await demoDigest()).lastDelivery).toEqual({ status: 'sent', at: '2026-11-02T14:00:00.000Z' });
  });

  it('says no next time while paused', async () => {
    const { id } = await demoDigest();
    const res = await fetch(`${server.url}/api/deliveries/subscriptions/${id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${manager}`, 'content-type': 'application/json' },
      body: JSON.stringify({ paused: true }),
    });
    expect(res.status).toBe(200);
    const paused = await demoDigest();
    expect(paused.nextAt).toBeNull();
    expect(paused.lastDelivery).toMatchObject({ status: 'sent' });
  });
});
