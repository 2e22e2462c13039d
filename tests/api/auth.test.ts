import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImpersonationCode } from '../../src/server/auth/impersonationCodes';
import { createResetToken } from '../../src/server/auth/resetTokens';
import { scopedSiteIds } from '../../src/server/auth/scope';
import { signAccessToken, verifyExtendedToken } from '../../src/server/auth/tokens';
import { createUser } from '../../src/server/auth/users';
import { DRIVERS, startTestServer, type TestServer } from './harness';

const PASSWORD = 'Demo1234';
const POLICY =
  'Password must be at least 8 characters, contain at least one upper and lower case letter and at least one number';

type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

describe.each(DRIVERS)('auth on %s', (driver) => {
  let server: TestServer;
  // Each test signs in from its own address so per-address counting never crosses tests.
  let address = 0;
  const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers } as Answer;
  }
  const post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    call('POST', path, body, headers);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const signIn = (username: string, password = PASSWORD, from = nextAddress()) =>
    post(
      '/token',
      { grantType: 'password', clientId: 'HawkEye', username, password },
      { 'x-forwarded-for': from },
    );
  const refresh = (refreshToken: string) =>
    post('/token', { grantType: 'refresh_token', clientId: 'HawkEye', refreshToken });
  const impersonate = (code: string, headers: Record<string, string> = {}) =>
    post('/token', { grantType: 'impersonation', clientId: 'HawkEye', impersonationToken: code }, headers);
  const tokens = async (username: string, password = PASSWORD) => {
    const r = await signIn(username, password);
    expect(r.status).toBe(200);
    return r.body as { accessToken: string; refreshToken: string; extendedDataToken: string; userId: number };
  };
  const userId = async (username: string) =>
    (await server.ctx.store.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]))[0]
      .id;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    for (const username of ['resetme', 'lockme']) {
      await createUser(server.ctx.store, {
        username,
        password: PASSWORD,
        firstName: 'Test',
        lastName: username,
        email: `${username}@hawkeye.local`,
        allAccountAccess: false,
        hasPermission: true,
        accountIds: [1],
        claims: [],
      });
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('password grant', () => {
    it('answers the authentication response for JSON and urlencoded bodies', async () => {
      const json = await signIn('admin');
      expect(json.status).toBe(200);
      expect(Object.keys(json.body).sort()).toEqual(
        ['accessToken', 'expiresIn', 'extendedDataToken', 'refreshToken', 'userId'].sort(),
      );
      expect(json.body.expiresIn).toBe(900);
      const form = await fetch(`${server.url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grantType: 'password',
          clientId: 'HawkEye',
          username: 'manager',
          password: PASSWORD,
        }),
      });
      expect(form.status).toBe(200);
      expect((await form.json()).userId).toBe(await userId('manager'));
    });

    it('answers 401 for a wrong password or an unknown user, and 403 for a user without permission', async () => {
      for (const [user, pw] of [
        ['admin', 'Wrong1234'],
        ['nobody', PASSWORD],
      ]) {
        const r = await signIn(user, pw);
        expect(r.status).toBe(401);
        expect(r.body).toEqual({ error: 'invalid_grant', message: 'Invalid username or password' });
      }
      const denied = await signIn('noaccess');
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({
        error: 'access_denied',
        message: 'You must request permission to use HawkEye',
      });
    });

    it('answers 400 naming the field for a malformed body', async () => {
      const cases: [unknown, string][] = [
        [{ grantType: 'password', clientId: 'HawkEye', username: 'admin' }, '/password'],
        [{ grantType: 'password', clientId: 'Other', username: 'admin', password: 'x' }, '/clientId'],
        [{ grantType: 'magic', clientId: 'HawkEye' }, '/grantType'],
        [{ grantType: 'refresh_token', clientId: 'HawkEye' }, '/refreshToken'],
        [{ grantType: 'password', clientId: 'HawkEye', username: 'a', password: 'b', extra: 1 }, '/extra'],
      ];
      for (const [body, field] of cases) {
        const r = await post('/token', body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.field).toBe(field);
        expect(r.body.message).toContain(field);
      }
      const broken = await fetch(`${server.url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"grantType":',
      });
      expect(broken.status).toBe(400);
      expect(await broken.text()).not.toMatch(/at .*\.(ts|js):\d+/);
    });
  });

  describe('claims and access tokens', () => {
    it('lists the user info, claims and impersonation info (empty body with a JSON content type)', async () => {
      const admin = await tokens('admin');
      const r = await post('/claims', undefined, bearer(admin.accessToken));
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        username: 'admin',
        firstName: 'Alex',
        lastName: 'Admin',
        email: 'admin@example.com',
        allAccountAccess: true,
        claims: [
          { type: 'AllAccountAccess', value: 'true' },
          { type: 'HawkEyeDashboardEditor', value: 'Write' },
          { type: 'HawkEyeDashboardILS', value: 'Read' },
        ],
        isImpersonating: false,
        impersonator: null,
      });
      const manager = await tokens('manager');
      const m = await post('/claims', undefined, bearer(manager.accessToken));
      expect(m.body.allAccountAccess).toBe(false);
      expect(m.body.claims).toEqual([
        { type: 'AccountId', value: '1' },
        { type: 'AllAccountAccess', value: 'false' },
      ]);
    });

    it('refuses a missing, tampered, foreign or wrong-kind token with 401', async () => {
      const { accessToken, extendedDataToken } = await tokens('manager');
      const [head, payload, sig] = accessToken.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1', username: 'admin' })).toString(
        'base64url',
      );
      const foreignSecret = await signAccessToken(
        { ...server.ctx.config, jwtSecret: new TextEncoder().encode('another secret entirely') },
        { userId: 1, username: 'admin', sessionId: 'forged' },
      );
      const flipped = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
      for (const token of [
        `${head}.${forged}.${sig}`,
        `${head}.${payload}.${flipped}`,
        foreignSecret,
        extendedDataToken,
        'junk',
      ]) {
        const r = await post('/claims', undefined, bearer(token));
        expect(r.status, token).toBe(401);
        expect(r.body.error).toBe('Unauthorized');
      }
      expect((await post('/claims')).status).toBe(401);
    });
  });

  describe('refresh tokens', () => {
    it('rotates on every use; a reused token revokes the whole family', async () => {
      const first = await tokens('manager');
      const second = await refresh(first.refreshToken);
      expect(second.status).toBe(200);
      expect(second.body.refreshToken).not.toBe(first.refreshToken);
      expect(second.body.accessToken).not.toBe(first.accessToken);
      expect((await post('/claims', undefined, bearer(String(second.body.accessToken)))).status).toBe(200);
      const third = await refresh(String(second.body.refreshToken));
      expect(third.status).toBe(200);

      const reused = await refresh(first.refreshToken);
      expect(reused.status).toBe(401);
      expect(reused.body.error).toBe('invalid_token');
      expect(reused.body.message).toMatch(/already used/);
      // The newest token of the family was never used, yet it is revoked with its family.
      const latest = await refresh(String(third.body.refreshToken));
      expect(latest.status).toBe(401);
      expect(latest.body.message).toMatch(/session has ended/);
      // Another session of the same user is untouched.
      const other = await tokens('manager');
      expect((await refresh(other.refreshToken)).status).toBe(200);
    });

    it('refuses an unknown refresh token', async () => {
      const r = await refresh('not-a-real-token');
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('invalid_token');
    });

    it('logout revokes the family of the token, and answers 200 for an unknown one', async () => {
      const first = await tokens('manager');
      const second = await refresh(first.refreshToken);
      const out = await post('/logout', { refreshToken: second.body.refreshToken });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ ok: true });
      expect((await refresh(String(second.body.refreshToken))).status).toBe(401);
      expect((await post('/logout', { refreshToken: 'unknown' })).status).toBe(200);
      const missing = await post('/logout', {});
      expect(missing.status).toBe(400);
      expect(missing.body.field).toBe('/refreshToken');
    });
  });

  describe('impersonation', () => {
    it('lets an all-account user become the code target, once, with an audit row', async () => {
      const admin = await tokens('admin');
      const managerId = await userId('manager');
      const { code } = await createImpersonationCode(server.ctx.store, managerId, 900);

      const r = await impersonate(code, bearer(admin.accessToken));
      expect(r.status).toBe(200);
      expect(r.body.userId).toBe(managerId);
      expect(decodeJwt(String(r.body.accessToken)).imp).toBe('admin');
      const claims = await post('/claims', undefined, bearer(String(r.body.accessToken)));
      expect(claims.body).toMatchObject({
        username: 'manager',
        isImpersonating: true,
        impersonator: 'admin',
      });

      const audit = await server.ctx.store.query<{ impersonator_username: string; started_at: string }>(
        'SELECT impersonator_username, started_at FROM impersonation_audit WHERE target_user_id = $1',
        [managerId],
      );
      expect(audit).toHaveLength(1);
      expect(audit[0].impersonator_username).toBe('admin');
      expect(Math.abs(Date.parse(audit[0].started_at) - Date.now())).toBeLessThan(60_000);

      // Refreshing keeps the impersonation.
      const refreshed = await refresh(String(r.body.refreshToken));
      expect(decodeJwt(String(refreshed.body.accessToken)).imp).toBe('admin');

      const again = await impersonate(code, bearer(admin.accessToken));
      expect(again.status).toBe(401);
      expect(again.body).toEqual({
        error: 'invalid_impersonation_token',
        message: 'Impersonation code expired or does not exist',
      });

      // An impersonated session cannot impersonate in turn.
      const next = await createImpersonationCode(server.ctx.store, await userId('resetme'), 900);
      const nested = await impersonate(next.code, bearer(String(r.body.accessToken)));
      expect(nested.status).toBe(403);
    });

    it('refuses callers without all-account access, or without a valid bearer token, with 403', async () => {
      const { code } = await createImpersonationCode(server.ctx.store, await userId('resetme'), 900);
      const manager = await tokens('manager');
      for (const headers of [bearer(manager.accessToken), {}, bearer('junk')]) {
        const r = await impersonate(code, headers);
        expect(r.status).toBe(403);
        expect(r.body.error).toBe('access_denied');
      }
      // The refusals did not spend the code.
      const admin = await tokens('admin');
      expect((await impersonate(code, bearer(admin.accessToken))).status).toBe(200);
    });

    it('refuses an expired or unknown code with 401 invalid_impersonation_token', async () => {
      const admin = await tokens('admin');
      const hourAgo = new Date(Date.now() - 3_600_000);
      const { code } = await createImpersonationCode(server.ctx.store, await userId('manager'), 900, hourAgo);
      for (const c of [code, 'no-such-code']) {
        const r = await impersonate(c, bearer(admin.accessToken));
        expect(r.status).toBe(401);
        expect(r.body.error).toBe('invalid_impersonation_token');
      }
    });
  });

  describe('password reset', () => {
    function resetTokenFromOutbox(): string {
      const dir = join(server.dataDir, 'outbox');
      const newest = readdirSync(dir).sort().at(-1)!;
      // Quoted-printable breaks long lines with '=' at the end: join them back.
      const text = readFileSync(join(dir, newest), 'utf8').replace(/=\r?\n/g, '');
      expect(text).toContain('To: resetme@hawkeye.local');
      return /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)![1];
    }

    it('answers 404 for an unknown username', async () => {
      const r = await post(
        '/forgotpassword',
        { username: 'no-such-user' },
        { 'x-forwarded-for': nextAddress() },
      );
      expect(r.status).toBe(404);
      expect(r.body).toEqual({
        error: 'unknown_username',
        message: 'The username entered does not match our records',
      });
      expect((await post('/forgotpassword', { username: '  ' })).body.field).toBe('/username');
    });

    it('emails a single-use link; the new password works and old sessions end', async () => {
      const before = await tokens('resetme');
      const sent = await post(
        '/forgotpassword',
        { username: 'resetme' },
        { 'x-forwarded-for': nextAddress() },
      );
      expect(sent.status).toBe(200);
      const token = resetTokenFromOutbox();

      const weak = await post('/reset-password', { token, password: 'weakpass' });
      expect(weak.status).toBe(400);
      expect(weak.body).toEqual({ error: 'Bad Request', message: POLICY, field: '/password' });

      const done = await post('/reset-password', { token, password: 'Fresh5678' });
      expect(done.status).toBe(200);
      expect((await signIn('resetme', PASSWORD)).status).toBe(401);
      expect((await signIn('resetme', 'Fresh5678')).status).toBe(200);
      expect((await refresh(before.refreshToken)).status).toBe(401);

      const reused = await post('/reset-password', { token, password: 'Other5678' });
      expect(reused.status).toBe(401);
      expect(reused.body).toEqual({
        error: 'invalid_reset_token',
        message: 'Invalid reset token - please contact support',
      });
    });

    it('refuses an unknown or expired reset token with 401', async () => {
      const twoHoursAgo = new Date(Date.now() - 7_200_000);
      const expired = await createResetToken(server.ctx.store, await userId('resetme'), 3600, twoHoursAgo);
      for (const token of [expired, 'no-such-token']) {
        const r = await post('/reset-password', { token, password: 'Valid1234' });
        expect(r.status).toBe(401);
        expect(r.body.error).toBe('invalid_reset_token');
      }
    });
  });

  describe('rate limits', () => {
    it('answers 429 with Retry-After after 10 failed sign-ins for a username, even with the right password', async () => {
      for (let i = 0; i < 10; i++) expect((await signIn('lockme', 'Wrong1234')).status).toBe(401);
      const r = await signIn('lockme', PASSWORD);
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(800);
      expect(r.body.error).toBe('too_many_requests');
      expect(r.body.message).toMatch(
        /^Too many failed sign-in attempts\. Please wait 1[45] minutes and try again\.$/,
      );
      // Other users are not affected.
      expect((await signIn('manager')).status).toBe(200);
    });

    it('answers 429 after 5 forgot-password requests for a username', async () => {
      for (let i = 0; i < 5; i++) {
        expect(
          (await post('/forgotpassword', { username: 'ghost' }, { 'x-forwarded-for': nextAddress() })).status,
        ).toBe(404);
      }
      const r = await post('/forgotpassword', { username: 'ghost' }, { 'x-forwarded-for': nextAddress() });
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(r.body.message).toMatch(/^Too many password reset requests/);
    });
  });

  describe('data scope', () => {
    it('limits scopedSiteIds to the accounts of the extended data token', async () => {
      const { store, config } = server.ctx;
      const sites = await store.query<{ id: number; account_id: number }>(
        'SELECT id, account_id FROM sites ORDER BY id',
      );
      const own = sites.filter((s) => s.account_id === 1).map((s) => s.id);
      const foreign = sites.filter((s) => s.account_id !== 1);
      expect(own.length).toBeGreaterThan(0);
      expect(foreign.length).toBeGreaterThan(0);

      const manager = await tokens('manager');
      const ext = await verifyExtendedToken(config, manager.extendedDataToken);
      expect(ext).toMatchObject({ allAccounts: false, accountIds: [1] });
      const scope = {
        userId: ext.userId,
        username: 'manager',
        allAccounts: false,
        accountIds: ext.accountIds,
      };
      expect(await scopedSiteIds(store, scope)).toEqual(own);
      expect(await scopedSiteIds(store, scope, { accountIds: [foreign[0].account_id] })).toEqual([]);
      expect(await scopedSiteIds(store, scope, { siteIds: [foreign[0].id] })).toEqual([]);
      expect(await scopedSiteIds(store, scope, { siteIds: [own[0], foreign[0].id] })).toEqual([own[0]]);

      const admin = await tokens('admin');
      const all = await verifyExtendedToken(config, admin.extendedDataToken);
      const adminScope = {
        userId: all.userId,
        username: 'admin',
        allAccounts: all.allAccounts,
        accountIds: [],
      };
      expect(await scopedSiteIds(store, adminScope)).toEqual(sites.map((s) => s.id));
    });

    it('GET /claims checks the extended data token like every data route', async () => {
      const manager = await tokens('manager');
      const admin = await tokens('admin');
      const ok = await call('GET', '/claims', undefined, {
        ...bearer(manager.accessToken),
        'x-extended-data-token': manager.extendedDataToken,
      });
      expect(ok.status).toBe(200);
      expect(ok.body.dataScope).toEqual({ allAccounts: false, accountIds: [1] });
      // Another user's data token, none at all, or a tampered one: 403.
      for (const ext of [admin.extendedDataToken, undefined, `${manager.extendedDataToken}x`]) {
        const headers: Record<string, string> = bearer(manager.accessToken);
        if (ext) headers['x-extended-data-token'] = ext;
        const r = await call('GET', '/claims', undefined, headers);
        expect(r.status).toBe(403);
      }
    });
  });
});
