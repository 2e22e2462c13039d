import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, signInOverHttp, startTestServer, type TestServer } from './harness';

// The API of the 'Email & alerts' page, over HTTP on both stores: a user's own subscriptions (create,
// list, change, pause, test-send, history, delete), what they may not touch (another user's, as
// 404), what an administrator may (anyone's, by userId), and a 400 naming the field for each bad body.

type Answer = { status: number; body: Record<string, unknown> };
type Json = Record<string, unknown>;

describe.each(DRIVERS)('subscriptions API on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let manager: string;
  let ids: { admin: number; manager: number };
  let digestId: string;
  type Threshold = { key: string; label: string; default: number; minimum?: number; maximum?: number };
  let rule: { id: string; thresholds: Threshold[] };

  async function call(method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {} };
  }

  const weeklyDigest = (): Json => ({
    kind: 'digest',
    targetId: digestId,
    schedule: { frequency: 'weekly', weekday: 1, hour: 8 },
    channel: { type: 'email' },
  });

  async function userId(username: string): Promise<number> {
    const [row] = await server.ctx.store.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [
      username,
    ]);
    return Number(row.id);
  }

  beforeAll(async () => {
    server = await startTestServer({ driver });
    admin = (await signInOverHttp(server, 'admin')).accessToken;
    manager = (await signInOverHttp(server, 'manager')).accessToken;
    ids = { admin: await userId('admin'), manager: await userId('manager') };
    const overview = await call('GET', '/api/deliveries', manager);
    expect(overview.status).toBe(200);
    const digests = overview.body.digests as { id: string }[];
    const rules = overview.body.alertRules as (typeof rule)[];
    digestId = digests[0].id;
    rule = rules.find((r) => r.thresholds.length > 0) ?? rules[0];
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('lists the digests, the alert rules with their thresholds, the time zone and only the caller’s subscriptions', async () => {
    const r = await call('GET', '/api/deliveries', manager);
    expect(r.status).toBe(200);
    expect((r.body.digests as unknown[]).length).toBeGreaterThanOrEqual(2);
    for (const d of r.body.digests as Json[])
      expect(d).toMatchObject({
        id: expect.any(String),
        title: expect.any(String),
        period: expect.any(String),
      });
    expect((r.body.alertRules as unknown[]).length).toBeGreaterThanOrEqual(3);
    expect(rule.thresholds[0]).toMatchObject({
      key: expect.any(String),
      label: expect.any(String),
      default: expect.any(Number),
    });
    expect(typeof r.body.timeZone).toBe('string');
    expect(() => new Intl.DateTimeFormat('en-US', { timeZone: String(r.body.timeZone) })).not.toThrow();
    for (const s of r.body.subscriptions as Json[]) expect(s.userId).toBe(ids.manager);
    expect((await call('GET', '/api/deliveries')).status).toBe(401);
  });

  it('creates, lists, changes, pauses, test-sends, shows the history of and deletes a digest subscription', async () => {
    const created = await call('POST', '/api/deliveries/subscriptions', manager, weeklyDigest());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      userId: ids.manager,
      kind: 'digest',
      targetId: digestId,
      schedule: { frequency: 'weekly', weekday: 1, hour: 8 },
      thresholds: null,
      quietHours: null,
      channel: { type: 'email' },
      paused: false,
    });
    const id = Number(created.body.id);
    const listed = await call('GET', '/api/deliveries', manager);
    expect((listed.body.subscriptions as Json[]).map((s) => s.id)).toContain(id);

    // A monthly schedule keeps only its day of the month; quiet hours are set.
    const changed = await call('PATCH', `/api/deliveries/subscriptions/${id}`, manager, {
      schedule: { frequency: 'monthly', monthday: 28, weekday: 3, hour: 23 },
      quietHours: { start: '22:00', end: '07:00' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.schedule).toEqual({ frequency: 'monthly', monthday: 28, hour: 23 });
    expect(changed.body.quietHours).toEqual({ start: '22:00', end: '07:00' });

    const paused = await call('PATCH', `/api/deliveries/subscriptions/${id}`, manager, { paused: true });
    expect(paused.body).toMatchObject({ paused: true, schedule: { frequency: 'monthly' } });
    const resumed = await call('PATCH', `/api/deliveries/subscriptions/${id}`, manager, { paused: false });
    expect(resumed.body.paused).toBe(false);

    const test = await call('POST', `/api/deliveries/subscriptions/${id}/test`, manager);
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    expect(test.body).toMatchObject({
      subscriptionId: id,
      status: expect.stringMatching(/^(sent|skipped|failed)$/),
    });
    const history = await call('GET', `/api/deliveries/subscriptions/${id}/history`, manager);
    expect(history.status).toBe(200);
    const deliveries = history.body.deliveries as Json[];
    expect(deliveries.length).toBeGreaterThanOrEqual(1);
    expect(deliveries[0]).toMatchObject({ test: true, status: test.body.status });

    expect((await call('DELETE', `/api/deliveries/subscriptions/${id}`, manager)).status).toBe(204);
    const after = await call('GET', '/api/deliveries', manager);
    expect((after.body.subscriptions as Json[]).map((s) => s.id)).not.toContain(id);
    expect(
      (await call('PATCH', `/api/deliveries/subscriptions/${id}`, manager, { paused: true })).status,
    ).toBe(404);
    expect((await call('GET', `/api/deliveries/subscriptions/${id}/history`, manager)).status).toBe(404);
  });

  it('subscribes to an alert rule with the subscriber’s thresholds, and refuses a threshold the rule has no', async () => {
    const key = rule.thresholds[0].key;
    const created = await call('POST', '/api/deliveries/subscriptions', manager, {
      kind: 'alert',
      targetId: rule.id,
      thresholds: { [key]: rule.thresholds[0].default + 1 },
      channel: { type: 'email' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'alert',
      schedule: null,
      thresholds: { [key]: rule.thresholds[0].default + 1 },
    });
    const wrong = await call('POST', '/api/deliveries/subscriptions', manager, {
      kind: 'alert',
      targetId: rule.id,
      thresholds: { notAThreshold: 5 },
      channel: { type: 'email' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('/thresholds/notAThreshold');
    // A value outside the rule's bounds (the missed-call rule's percent is at most 100).
    const rules = (await call('GET', '/api/deliveries', manager)).body.alertRules as (typeof rule)[];
    const bounded = rules.flatMap((r) =>
      r.thresholds.filter((t) => t.maximum !== undefined).map((t) => ({ r, t })),
    )[0];
    expect(bounded).toBeDefined();
    const over = await call('POST', '/api/deliveries/subscriptions', manager, {
      kind: 'alert',
      targetId: bounded.r.id,
      thresholds: { [bounded.t.key]: Number(bounded.t.maximum) + 1 },
      channel: { type: 'email' },
    });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      field: `/thresholds/${bounded.t.key}`,
      message: expect.stringContaining(bounded.t.label),
    });
    const cleared = await call('PATCH', `/api/deliveries/subscriptions/${created.body.id}`, manager, {
      thresholds: null,
    });
    expect(cleared.body.thresholds).toBeNull();
  });

  it('keeps a webhook’s secret to itself, and keeps it when an edit leaves it out', async () => {
    const created = await call('POST', '/api/deliveries/subscriptions', manager, {
      ...weeklyDigest(),
      channel: {
        type: 'webhook',
        url: 'https://hooks.example.com/services/T1',
        secret: 'a-secret-of-enough-length',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.channel).toEqual({
      type: 'webhook',
      url: 'https://hooks.example.com/services/T1',
      hasSecret: true,
    });
    expect(JSON.stringify(created.body)).not.toContain('a-secret-of-enough-length');
    const moved = await call('PATCH', `/api/deliveries/subscriptions/${created.body.id}`, manager, {
      channel: { type: 'webhook', url: 'https://hooks.example.com/services/T2' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.channel).toEqual({
      type: 'webhook',
      url: 'https://hooks.example.com/services/T2',
      hasSecret: true,
    });
  });

  it('answers 400 naming the field for each bad body', async () => {
    const cases: [Json, string][] = [
      [{ targetId: digestId, channel: { type: 'email' } }, '/kind'],
      [{ ...weeklyDigest(), kind: 'newsletter' }, '/kind'],
      [{ ...weeklyDigest(), schedule: undefined }, '/schedule'],
      [{ ...weeklyDigest(), schedule: { frequency: 'weekly', hour: 8 } }, '/schedule/weekday'],
      [
        { ...weeklyDigest(), schedule: { frequency: 'monthly', monthday: 31, hour: 8 } },
        '/schedule/monthday',
      ],
      [{ ...weeklyDigest(), schedule: { frequency: 'daily', hour: 24 } }, '/schedule/hour'],
      [{ ...weeklyDigest(), schedule: { frequency: 'hourly', hour: 1 } }, '/schedule/frequency'],
      [{ ...weeklyDigest(), quietHours: { start: '25:00', end: '07:00' } }, '/quietHours/start'],
      [{ ...weeklyDigest(), quietHours: { start: '22:00', end: '22:00' } }, '/quietHours/end'],
      [{ ...weeklyDigest(), channel: { type: 'webhook' } }, '/channel/url'],
      [{ ...weeklyDigest(), channel: { type: 'webhook', url: 'ftp://example.com' } }, '/channel/url'],
      [{ ...weeklyDigest(), channel: { type: 'webhook', url: 'https://example.com/x' } }, '/channel/secret'],
      [{ ...weeklyDigest(), channel: { type: 'email', url: 'https://example.com/x' } }, '/channel/url'],
      [{ ...weeklyDigest(), targetId: 'no-such-digest' }, '/targetId'],
      [{ ...weeklyDigest(), thresholds: { x: 1 } }, '/thresholds'],
      [{ ...weeklyDigest(), extra: 1 }, '/extra'],
      [
        {
          kind: 'alert',
          targetId: rule.id,
          schedule: { frequency: 'daily', hour: 8 },
          channel: { type: 'email' },
        },
        '/schedule',
      ],
      [{ kind: 'alert', targetId: digestId, channel: { type: 'email' } }, '/targetId'],
    ];
    for (const [body, field] of cases) {
      const r = await call('POST', '/api/deliveries/subscriptions', manager, body);
      expect(r.status, `${JSON.stringify(body)}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.field, JSON.stringify(body)).toBe(field);
      expect(typeof r.body.message).toBe('string');
    }
    const created = await call('POST', '/api/deliveries/subscriptions', manager, weeklyDigest());
    const path = `/api/deliveries/subscriptions/${created.body.id}`;
    const patches: [Json, string][] = [
      [{}, '/'],
      [{ kind: 'alert' }, '/kind'],
      [{ schedule: null }, '/schedule'],
      [{ paused: 'yes' }, '/paused'],
      [{ targetId: 'no-such-digest' }, '/targetId'],
    ];
    for (const [body, field] of patches) {
      const r = await call('PATCH', path, manager, body);
      expect(r.status, `${JSON.stringify(body)}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.field, JSON.stringify(body)).toBe(field);
    }
    const badId = await call('PATCH', '/api/deliveries/subscriptions/abc', manager, { paused: true });
    expect(badId.status).toBe(400);
    expect(badId.body.field).toBe('/id');
  });

  it('answers junk in every field of every route with a 4xx, never a 5xx', async () => {
    const created = await call('POST', '/api/deliveries/subscriptions', manager, weeklyDigest());
    const id = Number(created.body.id);
    const junk: unknown[] = [
      null,
      true,
      -1,
      0.5,
      1e308,
      '',
      'x'.repeat(5_000),
      "' OR 1=1; --",
      '\u0000',
      'a\uD800b',
      [],
      {},
      { __proto__: { admin: true } },
      { frequency: 'weekly', hour: 8, weekday: 1e9 },
      { type: 'webhook', url: `https://${'a'.repeat(3_000)}` },
      { start: '24:00', end: '7' },
      { a: 'b', ['x'.repeat(100)]: 1 },
    ];
    const fields = [
      'userId',
      'kind',
      'targetId',
      'schedule',
      'thresholds',
      'quietHours',
      'channel',
      'paused',
    ];
    const failures: string[] = [];
    const check = async (method: string, path: string, body: unknown) => {
      const r = await call(method, path, manager, body);
      if (r.status >= 500)
        failures.push(`${method} ${path} ${r.status} ${JSON.stringify(body).slice(0, 100)}`);
    };
    for (const field of fields)
      for (const value of junk) {
        await check('POST', '/api/deliveries/subscriptions', { ...weeklyDigest(), [field]: value });
        await check('PATCH', `/api/deliveries/subscriptions/${id}`, { [field]: value });
      }
    for (const path of ['0', '-1', '1e3', '99999999999999999999', '%00', `${id}x`]) {
      await check('GET', `/api/deliveries/subscriptions/${path}/history`, undefined);
      await check('POST', `/api/deliveries/subscriptions/${path}/test`, undefined);
      await check('DELETE', `/api/deliveries/subscriptions/${path}`, undefined);
    }
    for (const q of ['userId=', 'userId=abc', 'userId=0', 'userId=1&userId=2', 'other=1'])
      await check('GET', `/api/deliveries?${q}`, undefined);
    expect(failures).toEqual([]);
  });

  it('hides an administrator’s subscriptions from a manager, and lets the administrator manage anyone’s', async () => {
    const own = await call('POST', '/api/deliveries/subscriptions', admin, weeklyDigest());
    expect(own.status).toBe(201);
    expect(own.body.userId).toBe(ids.admin);
    const path = `/api/deliveries/subscriptions/${own.body.id}`;
    // To the manager, the administrator's subscription is not there at all.
    expect((await call('PATCH', path, manager, { paused: true })).status).toBe(404);
    expect((await call('DELETE', path, manager)).status).toBe(404);
    expect((await call('POST', `${path}/test`, manager)).status).toBe(404);
    expect((await call('GET', `${path}/history`, manager)).status).toBe(404);
    const managerList = await call('GET', '/api/deliveries', manager);
    expect((managerList.body.subscriptions as Json[]).map((s) => s.id)).not.toContain(own.body.id);
    expect((await call('GET', `/api/deliveries?userId=${ids.admin}`, manager)).status).toBe(403);
    const forOther = await call('POST', '/api/deliveries/subscriptions', manager, {
      ...weeklyDigest(),
      userId: ids.admin,
    });
    expect(forOther.status).toBe(403);
    // Nothing was changed by the refused calls.
    const still = await call('GET', '/api/deliveries', admin);
    expect((still.body.subscriptions as Json[]).find((s) => s.id === own.body.id)).toMatchObject({
      paused: false,
    });

    // The administrator subscribes the manager, who sees it; the administrator may change it.
    const given = await call('POST', '/api/deliveries/subscriptions', admin, {
      ...weeklyDigest(),
      userId: ids.manager,
    });
    expect(given.status).toBe(201);
    expect(given.body.userId).toBe(ids.manager);
    const seen = await call('GET', '/api/deliveries', manager);
    expect((seen.body.subscriptions as Json[]).map((s) => s.id)).toContain(given.body.id);
    const adminView = await call('GET', `/api/deliveries?userId=${ids.manager}`, admin);
    expect((adminView.body.subscriptions as Json[]).map((s) => s.id)).toContain(given.body.id);
    const paused = await call('PATCH', `/api/deliveries/subscriptions/${given.body.id}`, admin, {
      paused: true,
    });
    expect(paused.body.paused).toBe(true);
    const nobody = await call('POST', '/api/deliveries/subscriptions', admin, {
      ...weeklyDigest(),
      userId: 99_999_999,
    });
    expect(nobody.status).toBe(400);
    expect(nobody.body.field).toBe('/userId');
  });
});
