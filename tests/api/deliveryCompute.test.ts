import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DeliveryContext,
  evaluateAlertRule,
  renderAlert,
  renderDigest,
} from '../../src/server/deliveries/compute';
import { loadDeliveryDefinitions } from '../../src/server/deliveries/definitions';
import { loadRecipient, type Recipient } from '../../src/server/deliveries/recipient';
import { post, signIn, type Tokens } from '../fixtures/analytics/client';
import { DRIVERS, startTestServer, type TestServer } from './harness';

const repo = resolve(import.meta.dirname, '../..');
/** Monday 2026-11-23 08:00 in Chicago (CST, UTC-6): manager's weekly digest is due. */
const MONDAY_8AM_CHICAGO = new Date('2026-11-23T14:00:00Z');
const PRIOR_WEEK = {
  startDate: '2026-11-16',
  endDate: '2026-11-22',
  previousStartDate: '2026-11-09',
  previousEndDate: '2026-11-15',
};

describe.each(DRIVERS)('digests and alerts computed as their recipient (%s)', (driver) => {
  let server: TestServer;
  let ctx: DeliveryContext;
  let manager: Recipient;
  let admin: Recipient;
  let managerTokens: Tokens;
  const userId = async (username: string) =>
    Number(
      (
        await server.ctx.store.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username])
      )[0].id,
    );

  beforeAll(async () => {
    server = await startTestServer({ driver, env: { PUBLIC_URL: 'https://hawkeye.example.com' } });
    ctx = {
      app: server.app,
      store: server.ctx.store,
      config: server.ctx.config,
      definitions: await loadDeliveryDefinitions(join(repo, 'dashboards')),
    };
    manager = (await loadRecipient(server.ctx.store, await userId('manager')))!;
    admin = (await loadRecipient(server.ctx.store, await userId('admin')))!;
    managerTokens = await signIn(server, 'manager');
  });
  afterAll(async () => server?.stop());

  it("gives manager the zone of their account's sites (America/Chicago) and nobody to a user without permission", async () => {
    expect(manager).toMatchObject({
      username: 'manager',
      email: 'manager@example.com',
      timeZone: 'America/Chicago',
    });
    expect(manager.displayName).toBe('Morgan Manager');
    expect(await loadRecipient(server.ctx.store, await userId('noaccess'))).toBeUndefined();
    await server.ctx.store.query("UPDATE users SET time_zone = 'America/Denver' WHERE username = 'admin'");
    expect((await loadRecipient(server.ctx.store, admin.userId))?.timeZone).toBe('America/Denver');
    await server.ctx.store.query("UPDATE users SET time_zone = NULL WHERE username = 'admin'");
  });

  it("shows manager's Prior Week figures, equal to what /api/data answers manager, and no other account's site", async () => {
    const message = await renderDigest(ctx, {
      digestId: 'weekly-portfolio',
      recipient: manager,
      at: MONDAY_8AM_CHICAGO,
    });
    const answer = await post(server, managerTokens, '/api/data', { requestedData: 100, ...PRIOR_WEEK });
    expect(answer.status).toBe(200);
    const inbound = answer.body.values[0][0] as number;
    expect(inbound).toBeGreaterThan(0);
    const tile = message.figures.find((f) => f.title === 'Inbound Calls');
    expect(Number(tile?.value.replace(/,/g, ''))).toBe(inbound);
    expect(message.text).toContain(`Inbound Calls: ${tile?.value}`);
    expect(message.text).toContain('Period: Prior Week, 11/16/2026 - 11/22/2026');
    expect(message.text).toMatch(/Data as of: 11\/20\/2026 7:00 PM/);
    expect(message.subject).toBe('Weekly portfolio digest: 11/16/2026 - 11/22/2026');
    expect(message.link).toBe(
      'https://hawkeye.example.com/dashboard/caller-behavior?period=custom&from=2026-11-16&to=2026-11-22',
    );
    // Every tile of the digest is in the text part as 'Title: value'.
    for (const f of message.figures) expect(message.text).toContain(`${f.title}: ${f.value}`);

    const sites = await server.ctx.store.query<{ name: string; account_id: number }>(
      'SELECT name, account_id FROM sites',
    );
    const own = sites.filter((s) => Number(s.account_id) === 1).map((s) => s.name);
    const others = sites
      .filter((s) => Number(s.account_id) !== 1)
      .map((s) => s.name)
      .filter((n) => !own.some((o) => o.includes(n)));
    expect(others.length).toBeGreaterThan(0);
    for (const name of others) {
      expect(message.html).not.toContain(name);
      expect(message.text).not.toContain(name);
    }
    // The table of missed calls by site lists manager's own sites.
    expect(own.some((n) => message.text.includes(n))).toBe(true);
    // Charts come as PNG attachments, each shown by its cid.
    expect(message.attachments.length).toBeGreaterThanOrEqual(2);
    for (const a of message.attachments) {
      expect(a.content.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(message.html).toContain(`cid:${a.cid}`);
    }
  });

  it("counts manager's 'Yesterday' on manager's calendar", async () => {
    // 00:30 on Tuesday 2026-11-17 in Chicago is 06:30 UTC: yesterday is Monday 11/16.
    const message = await renderDigest(ctx, {
      digestId: 'daily-yesterday',
      recipient: manager,
      at: new Date('2026-11-17T06:30:00Z'),
    });
    const answer = await post(server, managerTokens, '/api/data', {
      requestedData: 100,
      startDate: '2026-11-16',
      endDate: '2026-11-16',
    });
    const tile = message.figures.find((f) => f.title === 'Inbound Calls');
    expect(Number(tile?.value.replace(/,/g, ''))).toBe(answer.body.values[0][0]);
    expect(message.text).toContain('Period: Yesterday, 11/16/2026\n');
  });

  it("evaluates the missed-call rule per site of the recipient's scope, as the by-site table answers", async () => {
    const adminTokens = await signIn(server, 'admin');
    const thresholds = { maxPercent: 20, minCalls: 5 };
    const seen = await evaluateAlertRule(ctx, {
      ruleId: 'missed-call-rate',
      recipient: admin,
      thresholds,
      at: MONDAY_8AM_CHICAGO,
    });
    // Yesterday of the last data update (2026-11-20 19:00): 2026-11-19.
    const table = await post(server, adminTokens, '/api/data/caller_behavior/missed_calls/by_site', {
      startDate: '2026-11-19',
      endDate: '2026-11-19',
      limit: 100,
    });
    const rows = table.body.values as {
      siteId: number;
      totalCallCount: number;
      missedCallPercent: number | null;
    }[];
    expect(seen.map((o) => o.entityId).sort((a, b) => a - b)).toEqual(
      rows.map((r) => r.siteId).sort((a, b) => a - b),
    );
    for (const r of rows) {
      const o = seen.find((x) => x.entityId === r.siteId)!;
      expect(o.value).toBe(r.missedCallPercent);
      expect(o.volume).toBe(r.totalCallCount);
      expect(o.breached).toBe(
        r.totalCallCount >= 5 && r.missedCallPercent !== null && r.missedCallPercent > 20,
      );
    }
    const mine = await evaluateAlertRule(ctx, {
      ruleId: 'missed-call-rate',
      recipient: manager,
      at: MONDAY_8AM_CHICAGO,
    });
    const accountOne = await server.ctx.store.query<{ id: number }>(
      'SELECT id FROM sites WHERE account_id = 1',
    );
    const ids = new Set(accountOne.map((s) => Number(s.id)));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((o) => ids.has(o.entityId))).toBe(true);
    // A minimum volume no site reaches: nothing breaches.
    const none = await evaluateAlertRule(ctx, {
      ruleId: 'missed-call-rate',
      recipient: manager,
      thresholds: { maxPercent: 0, minCalls: 1_000_000 },
      at: MONDAY_8AM_CHICAGO,
    });
    expect(none.some((o) => o.breached)).toBe(false);
  });

  it('evaluates the per-site response-time rule and the 48-hour rule', async () => {
    const slow = await evaluateAlertRule(ctx, {
      ruleId: 'response-time-4h',
      recipient: manager,
      thresholds: { maxHours: 0, minCommunications: 0 },
      at: MONDAY_8AM_CHICAGO,
    });
    expect(slow.length).toBeGreaterThan(0);
    expect(slow.some((o) => o.value !== null && o.breached)).toBe(true);
    const old = await evaluateAlertRule(ctx, {
      ruleId: 'action-items-48h',
      recipient: manager,
      at: MONDAY_8AM_CHICAGO,
    });
    expect(old.length).toBeGreaterThan(0);
    expect(old.every((o) => o.breached === (o.value ?? 0) > 0)).toBe(true);
  });

  it('renders an alert: what fires and what recovered, in the rule words, with its link', async () => {
    const message = await renderAlert(ctx, {
      ruleId: 'missed-call-rate',
      recipient: manager,
      at: MONDAY_8AM_CHICAGO,
      thresholds: { maxPercent: 30, minCalls: 10 },
      transitions: [
        {
          entityKind: 'site',
          entityId: 1,
          entityName: 'Site One',
          from: 'pending',
          to: 'firing',
          value: 41.25,
        },
        {
          entityKind: 'site',
          entityId: 2,
          entityName: 'Site Two',
          from: 'firing',
          to: 'resolved',
          value: 12.5,
        },
        {
          entityKind: 'site',
          entityId: 3,
          entityName: 'Site Three',
          from: 'pending',
          to: 'firing',
          value: 57.5,
        },
      ],
    });
    expect(message.subject).toBe('Missed-call rate: 2 sites over your limit, 1 site recovered');
    // The worst first; one day's period said once; the zone as the page says it.
    expect(message.text.indexOf('Site Three missed 57.5%')).toBeLessThan(
      message.text.indexOf('Site One missed 41.3%'),
    );
    expect(message.text).toContain('Period: Yesterday, 11/19/2026\n');
    expect(message.text).toContain('Times are in Central Time.');
    expect(message.text).toContain(
      "this is your alert for when a site missed more of yesterday's inbound calls than you allow",
    );
    expect(message.text).toContain('Site One missed 41.3% of its inbound calls.');
    expect(message.text).toContain('Site Two is back under your limit: 12.5% of inbound calls missed.');
    expect(message.figures).toEqual([
      { title: 'Site Three', value: '57.5%' },
      { title: 'Site One', value: '41.3%' },
      { title: 'Site Two', value: '12.5%' },
    ]);
    expect(message.link).toBe(
      'https://hawkeye.example.com/dashboard/caller-behavior?period=custom&from=2026-11-19&to=2026-11-19',
    );
    expect(message.html).toContain('Site One missed 41.3%');
    expect(message.text).toContain('Your limit: Missed calls above 30%');
  });
});
