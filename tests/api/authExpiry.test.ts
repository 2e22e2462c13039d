import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness';

// A server whose access tokens live 1 second and whose per-address limits are tiny.
// The test client stands behind 127.0.0.1 as a trusted proxy, so X-Forwarded-For picks the address.
const ENV = { ACCESS_TOKEN_TTL_SECONDS: '1', TRUSTED_PROXIES: '127.0.0.1' };
const TTL_MS = 1_000;
const LIMITS = { LOGIN_FAILURES_PER_ADDRESS: '3', FORGOT_PASSWORD_PER_ADDRESS: '2' };

describe.each(DRIVERS)('auth expiry and per-address limits on %s', (driver) => {
  let server: TestServer;
  // The tokens' clock: it stands still unless a test moves it, starting on a whole second so a
  // token's lifetime ends exactly TTL_MS later.
  let clock = Math.ceil(Date.now() / 1000) * 1000;

  async function post(path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
  }
  const signIn = (username: string, password: string, from: string) =>
    post(
      '/token',
      { grantType: 'password', clientId: 'HawkEye', username, password },
      { 'x-forwarded-for': from },
    );

  beforeAll(async () => {
    // The limits are read from the environment when the routes are registered.
    for (const [k, v] of Object.entries(LIMITS)) vi.stubEnv(k, v);
    try {
      server = await startTestServer({ driver, env: ENV, now: () => new Date(clock) });
    } finally {
      vi.unstubAllEnvs();
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses an expired access token with 401, and a refresh renews it', async () => {
    const login = await signIn('manager', 'Demo1234', '10.1.0.1');
    expect(login.status).toBe(200);
    expect(login.body.expiresIn).toBe(1);
    const auth = { authorization: `Bearer ${login.body.accessToken}` };
    clock += TTL_MS - 1;
    expect((await post('/claims', undefined, auth)).status).toBe(200);
    clock += 1;
    const late = await post('/claims', undefined, auth);
    expect(late.status).toBe(401);
    expect(late.body.message).toMatch(/expired/);
    const renewed = await post('/token', {
      grantType: 'refresh_token',
      clientId: 'HawkEye',
      refreshToken: login.body.refreshToken,
    });
    expect(renewed.status).toBe(200);
    const fresh = { authorization: `Bearer ${renewed.body.accessToken}` };
    expect((await post('/claims', undefined, fresh)).status).toBe(200);
    // The old extended data token has expired too: 401, so the client refreshes and retries.
    const staleScope = await fetch(`${server.url}/claims`, {
      headers: { ...fresh, 'x-extended-data-token': login.body.extendedDataToken },
    });
    expect(staleScope.status).toBe(401);
    const freshScope = await fetch(`${server.url}/claims`, {
      headers: { ...fresh, 'x-extended-data-token': renewed.body.extendedDataToken },
    });
    expect(freshScope.status).toBe(200);
  });

  it('answers a refresh token sent again within 10 s of its spending (a lost answer), not later', async () => {
    const refresh = (refreshToken: string) =>
      post('/token', { grantType: 'refresh_token', clientId: 'HawkEye', refreshToken });
    const retried = (await signIn('manager', 'Demo1234', '10.4.0.1')).body;
    expect((await refresh(retried.refreshToken)).status).toBe(200);
    clock += 10_000;
    expect((await refresh(retried.refreshToken)).status).toBe(200);

    const late = (await signIn('manager', 'Demo1234', '10.4.0.2')).body;
    expect((await refresh(late.refreshToken)).status).toBe(200);
    clock += 10_001;
    const again = await refresh(late.refreshToken);
    expect(again.status).toBe(401);
    expect(again.body.message).toMatch(/already used/);
  });

  it('counts failed sign-ins per client address across usernames', async () => {
    const from = '10.2.0.1';
    for (const user of ['a', 'b', 'c']) expect((await signIn(user, 'Wrong1234', from)).status).toBe(401);
    const blocked = await signIn('admin', 'Demo1234', from);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await signIn('admin', 'Demo1234', '10.2.0.2')).status).toBe(200);
  });

  it('counts forgot-password requests per client address', async () => {
    const from = '10.3.0.1';
    for (const username of ['x', 'y']) {
      expect((await post('/forgotpassword', { username }, { 'x-forwarded-for': from })).status).toBe(404);
    }
    const blocked = await post('/forgotpassword', { username: 'manager' }, { 'x-forwarded-for': from });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
