import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/auth/users';
import { TEST_SEND_LIMIT } from '../../src/server/deliveries/routes';
import { createSubscription } from '../../src/server/deliveries/subscriptionStore';
import { DEMO_PASSWORD } from '../../src/server/seed/demoUsers';
import { apiCaller, DRIVERS, signInOverHttp, startTestServer, type TestServer } from './harness';

// The 'Email & alerts' API against misuse, over HTTP: a webhook may not reach the server's own
// machine or network (refused when saved, naming /channel/url; refused at send time when its name
// resolves there, with the reason in the history), unless WEBHOOK_ALLOWED_HOSTS allows the host;
// and test sends are limited per user (429 with Retry-After).

type Json = Record<string, unknown>;
type Answer = { status: number; headers: Headers; body: Json };

/** A webhook receiver on loopback that records what it is sent. */
async function startReceiver(): Promise<{
  port: number;
  received: { headers: IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}> {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function client(server: () => TestServer) {
  return async (method: string, path: string, token: string, body?: unknown): Promise<Answer> =>
    (await apiCaller(server(), token)(method, path, body)) as Answer;
}

const SECRET = 'a-secret-of-enough-length';
const webhookDigest = (url: string): Json => ({
  kind: 'digest',
  targetId: 'daily-yesterday',
  schedule: { frequency: 'daily', hour: 8 },
  channel: { type: 'webhook', url, secret: SECRET },
});

describe.each(DRIVERS)('deliveries hardening on %s', (driver) => {
  let server: TestServer;
  let manager: string;
  let managerId: number;
  const call = client(() => server);

  beforeAll(async () => {
    server = await startTestServer({ driver });
    manager = (await signInOverHttp(server, 'manager')).accessToken;
    const [row] = await server.ctx.store.query<{ id: number }>(
      "SELECT id FROM users WHERE username = 'manager'",
    );
    managerId = Number(row.id);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses a webhook to an internal address or this machine with 400 naming /channel/url, and saves nothing', async () => {
    const before = await call('GET', '/api/deliveries', manager);
    const existing = await call(
      'POST',
      '/api/deliveries/subscriptions',
      manager,
      webhookDigest('https://hooks.example.com/services/T1'),
    );
    expect(existing.status, JSON.stringify(existing.body)).toBe(201);
    const internal = [
      'http://127.0.0.1:8080/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/hook',
      'http://[::ffff:10.0.0.1]/hook',
      'https://[fd00::1]/hook',
      'http://192.168.1.10/hook',
      'http://0x7f.1/hook',
      'http://localhost:3000/hook',
      'http://api.localhost/hook',
    ];
    for (const url of internal) {
      const created = await call('POST', '/api/deliveries/subscriptions', manager, webhookDigest(url));
      expect(created.status, `${url}: ${JSON.stringify(created.body)}`).toBe(400);
      expect(created.body).toMatchObject({
        error: 'Bad Request',
        field: '/channel/url',
        message: expect.stringMatching(/internal address|names this machine/),
      });
      const moved = await call('PATCH', `/api/deliveries/subscriptions/${existing.body.id}`, manager, {
        channel: { type: 'webhook', url },
      });
      expect(moved.status, url).toBe(400);
      expect(moved.body.field, url).toBe('/channel/url');
    }
    const after = await call('GET', '/api/deliveries', manager);
    const subscriptions = after.body.subscriptions as Json[];
    expect(subscriptions).toHaveLength((before.body.subscriptions as unknown[]).length + 1);
    expect(subscriptions.find((s) => s.id === existing.body.id)?.channel).toMatchObject({
      url: 'https://hooks.example.com/services/T1',
    });
  });

  it('does not post to a name resolving to loopback: the test fails with the reason, kept in the history', async () => {
    const receiver = await startReceiver();
    try {
      // Saved before the check existed (or a name that resolved elsewhere when saved).
      const stored = await createSubscription(server.ctx.store, managerId, {
        kind: 'digest',
        targetId: 'daily-yesterday',
        schedule: { frequency: 'daily', hour: 8 },
        channel: { type: 'webhook', url: `http://localhost:${receiver.port}/hooks/leasing`, secret: SECRET },
      });
      const path = `/api/deliveries/subscriptions/${stored.id}`;
      const test = await call('POST', `${path}/test`, manager);
      expect(test.status, JSON.stringify(test.body)).toBe(200);
      const reason = /localhost resolves to an internal address \(127\.0\.0\.1\)/;
      expect(test.body).toMatchObject({ status: 'failed', reason: expect.stringMatching(reason) });
      const history = await call('GET', `${path}/history`, manager);
      expect((history.body.deliveries as Json[])[0]).toMatchObject({
        status: 'failed',
        test: true,
        reason: expect.stringMatching(reason),
      });
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it(`allows ${TEST_SEND_LIMIT.max} test sends a minute per user, then answers 429 with Retry-After`, async () => {
    const username = `tester-${driver}`;
    await createUser(server.ctx.store, {
      username,
      password: DEMO_PASSWORD,
      firstName: 'Terry',
      lastName: 'Tester',
      email: 'terry@example.com',
      allAccountAccess: false,
      hasPermission: true,
      accountIds: [1],
      claims: [],
    });
    const tester = (await signInOverHttp(server, username)).accessToken;
    const created = await call('POST', '/api/deliveries/subscriptions', tester, {
      kind: 'digest',
      targetId: 'daily-yesterday',
      schedule: { frequency: 'daily', hour: 8 },
      channel: { type: 'email' },
    });
    expect(created.status).toBe(201);
    const path = `/api/deliveries/subscriptions/${created.body.id}/test`;
    for (let i = 0; i < TEST_SEND_LIMIT.max; i++) {
      const ok = await call('POST', path, tester);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    }
    const refused = await call('POST', path, tester);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(TEST_SEND_LIMIT.windowMs / 1000);
    expect(refused.body).toEqual({
      error: 'Too Many Requests',
      // 'Please wait 1 minute' when the whole window is left, as the sign-in limit says it.
      message: expect.stringMatching(
        /^Too many test sends\. Please wait (\d+ seconds?|1 minute) and try again\.$/,
      ),
    });
    // Nothing more was sent: the history holds the allowed tests only.
    const history = await call('GET', `/api/deliveries/subscriptions/${created.body.id}/history`, tester);
    expect((history.body.deliveries as unknown[]).length).toBe(TEST_SEND_LIMIT.max);
    // The limit is the user's own: another user still tests.
    const mine = await call('POST', '/api/deliveries/subscriptions', manager, {
      kind: 'digest',
      targetId: 'daily-yesterday',
      schedule: { frequency: 'daily', hour: 9 },
      channel: { type: 'email' },
    });
    expect((await call('POST', `/api/deliveries/subscriptions/${mine.body.id}/test`, manager)).status).toBe(
      200,
    );
  });
});

describe('deliveries with WEBHOOK_ALLOWED_HOSTS', () => {
  let server: TestServer;
  let manager: string;
  const call = client(() => server);

  beforeAll(async () => {
    server = await startTestServer({
      driver: 'duckdb',
      env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1, localhost' },
    });
    manager = (await signInOverHttp(server, 'manager')).accessToken;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('saves and posts to a loopback receiver the operator allows, and still refuses the others', async () => {
    const receiver = await startReceiver();
    try {
      // By address, and by a name (connected to the address its lookup answered when checked).
      for (const host of ['127.0.0.1', 'localhost']) {
        const url = `http://${host}:${receiver.port}/hooks/leasing`;
        const created = await call('POST', '/api/deliveries/subscriptions', manager, webhookDigest(url));
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const test = await call('POST', `/api/deliveries/subscriptions/${created.body.id}/test`, manager);
        expect(test.body).toMatchObject({ status: 'sent', to: `${host}:${receiver.port}` });
      }
      expect(receiver.received).toHaveLength(2);
      for (const r of receiver.received)
        expect(r.headers['x-hawkeye-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
      for (const url of ['http://[::1]/hook', 'http://169.254.169.254/', 'http://10.0.0.1/hook']) {
        const refused = await call('POST', '/api/deliveries/subscriptions', manager, webhookDigest(url));
        expect(refused.status, url).toBe(400);
        expect(refused.body.field).toBe('/channel/url');
      }
    } finally {
      await receiver.close();
    }
  });
});
