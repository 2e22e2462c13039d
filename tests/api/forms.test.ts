import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../src/server/auth/tokens';
import { createUser } from '../../src/server/auth/users';
import { listSubmissions } from '../../src/server/forms/submissions';
import { outboxDir } from '../../src/server/mail/sendMail';
import { DEMO_USERS } from '../../src/server/seed/demoUsers';
import { DRIVERS, startTestServer, type TestServer } from './harness';

/** The harness's server on an empty database with just the demo users. */
async function startFormsServer(driver: (typeof DRIVERS)[number]): Promise<TestServer> {
  const server = await startTestServer({ driver, seed: false });
  for (const u of DEMO_USERS) await createUser(server.ctx.store, u);
  return server;
}

type Answer = { status: number; body: Record<string, unknown> };

const SUPPORT = {
  tfa_1: 'Sunrise Property Group',
  tfa_2: 'Desert Palms; Mesa Vista',
  tfa_4: 'tfa_8',
  tfa_14: 'tfa_15',
  tfa_21: 'The Volume page shows no data for last week.\nSecond line.',
  tfa_22: 'Morgan',
  tfa_23: 'Manager',
  tfa_25: '(602) 555-0147',
  tfa_26: 'morgan.manager@example.com',
  tfa_27: 'morgan.manager@example.com',
};

const FEEDBACK = {
  overallSatisfaction: '4',
  comments: 'The response-time trend is what I open first every morning.',
  contactMe: true,
  firstName: 'Morgan',
  lastName: 'Manager',
  email: 'morgan.manager@example.com',
  ao_jstzo: 'America/Phoenix',
};

const previousTmp = process.env.TMPDIR;
const tmpRoot = mkdtempSync('/tmp/forms-api-');
// The throwaway PostgreSQL runs as the 'postgres' user, which must reach its folder inside.
chmodSync(tmpRoot, 0o755);

afterAll(() => {
  // Assigning undefined would set the text 'undefined' for the files that run after this one.
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  rmSync(tmpRoot, { recursive: true, force: true });
});

describe.each(DRIVERS)('feedback and support forms on %s', (driver) => {
  let server: TestServer;
  let managerToken: string;

  async function post(path: string, body: unknown, token?: string, raw?: string): Promise<Answer> {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: raw ?? JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {} };
  }

  async function userId(username: string): Promise<number> {
    const [row] = await server.ctx.store.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [
      username,
    ]);
    return row.id;
  }

  /** The outbox's .eml files that mention `text`, waiting up to 5 s for the copy sent after the 200. */
  async function mailMentioning(text: string): Promise<string> {
    const dir = outboxDir(server.dataDir);
    for (let i = 0; i < 100; i++) {
      let files: string[] = [];
      try {
        files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      } catch {
        // No outbox yet.
      }
      for (const f of files) {
        const eml = readFileSync(join(dir, f), 'utf8');
        if (eml.includes(text)) return eml;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`No mail in ${dir} mentions '${text}'`);
  }

  beforeAll(async () => {
    const dir = join(tmpRoot, driver);
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    process.env.TMPDIR = dir;
    server = await startFormsServer(driver);
    const signIn = await post('/token', {
      grantType: 'password',
      clientId: 'HawkEye',
      username: 'manager',
      password: 'Demo1234',
    });
    expect(signIn.status).toBe(200);
    managerToken = String(signIn.body.accessToken);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('stores a support request before answering 200, then mails a copy to the support inbox', async () => {
    const r = await post('/post-support', SUPPORT, managerToken);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ received: true, id: expect.any(Number) });
    const id = Number(r.body.id);
    // The answer came after the commit: the row is there the moment the 200 is.
    const [stored] = (await listSubmissions(server.ctx.store, { kind: 'support' })).filter(
      (s) => s.id === id,
    );
    expect(stored).toMatchObject({ kind: 'support', username: 'manager', userId: await userId('manager') });
    expect(stored.payload).toEqual(SUPPORT);
    expect(Date.now() - Date.parse(stored.receivedAt)).toBeLessThan(60_000);

    const eml = await mailMentioning(`Support request #${id} `);
    expect(eml).toContain(`To: ${server.ctx.config.supportInbox}`);
    expect(eml).toContain('Reply-To: morgan.manager@example.com');
    expect(eml).toContain('Product: HawkEye Business Intelligence\nDevice: Desktop / Windows');
    expect(eml).toContain('Site/Property Name(s): Desert Palms; Mesa Vista');
    // The copy's delivery is noted on the row.
    for (let i = 0; i < 50; i++) {
      const [row] = (await listSubmissions(server.ctx.store)).filter((s) => s.id === id);
      if (row.mailedAt) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    const [after] = (await listSubmissions(server.ctx.store)).filter((s) => s.id === id);
    expect(after.mailedAt).not.toBeNull();
  });

  it('stores feedback with only overallSatisfaction, and a full one with its copy', async () => {
    const minimal = await post('/post-feedback', { overallSatisfaction: '3' }, managerToken);
    expect(minimal.status).toBe(200);
    const full = await post('/post-feedback', FEEDBACK, managerToken);
    expect(full.status).toBe(200);
    const rows = await listSubmissions(server.ctx.store, { kind: 'feedback' });
    expect(rows.find((s) => s.id === minimal.body.id)?.payload).toEqual({ overallSatisfaction: '3' });
    expect(rows.find((s) => s.id === full.body.id)?.payload).toEqual(FEEDBACK);
    const eml = await mailMentioning(`Feedback #${full.body.id} `);
    expect(eml).toContain('Subject: HawkEye feedback #');
    expect(eml).toContain('Somewhat Satisfied (contact requested)');
    expect(eml).toContain('Time zone: America/Phoenix');
  });

  it('answers 401 without a token or with a bad one, and stores nothing', async () => {
    const before = (await listSubmissions(server.ctx.store)).length;
    for (const path of ['/post-feedback', '/post-support']) {
      const body = path === '/post-support' ? SUPPORT : FEEDBACK;
      expect((await post(path, body)).status).toBe(401);
      expect((await post(path, body, 'not-a-token')).status).toBe(401);
      // A stranger gets 401 before the body is even looked at, or read: whatever its shape, its
      // syntax or its size.
      expect((await post(path, { nonsense: 1 })).status).toBe(401);
      expect((await post(path, undefined, undefined, '{"tfa_1": ')).status).toBe(401);
      expect((await post(path, undefined, undefined, `"${'x'.repeat(2_000_000)}"`)).status).toBe(401);
    }
    expect(await listSubmissions(server.ctx.store)).toHaveLength(before);
  });

  it('answers 403 for a user without the permission to use HawkEye', async () => {
    // Sign-in refuses noaccess with 403, so its token is minted directly.
    expect(
      (
        await post('/token', {
          grantType: 'password',
          clientId: 'HawkEye',
          username: 'noaccess',
          password: 'Demo1234',
        })
      ).status,
    ).toBe(403);
    const token = await signAccessToken(server.ctx.config, {
      userId: await userId('noaccess'),
      username: 'noaccess',
      sessionId: 'signed-by-the-test',
    });
    const before = (await listSubmissions(server.ctx.store)).length;
    for (const [path, body] of [
      ['/post-feedback', FEEDBACK],
      ['/post-support', SUPPORT],
    ] as const) {
      const r = await post(path, body, token);
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('You must request permission to use HawkEye');
      // Whatever the body: not read before the permission is checked.
      expect((await post(path, undefined, token, '{"tfa_1": ')).status).toBe(403);
    }
    expect(await listSubmissions(server.ctx.store)).toHaveLength(before);
  });

  it.each([
    ['an unknown product code', { tfa_4: 'tfa_99' }, /^Unknown product code 'tfa_99'/, '/tfa_4'],
    ['an unknown device code', { tfa_14: 'tfa_4' }, /^Unknown device code 'tfa_4'/, '/tfa_14'],
    [
      'mismatched emails',
      { tfa_27: 'someone.else@example.com' },
      /^Email address does not match$/,
      '/tfa_27',
    ],
    ['a malformed email', { tfa_26: 'morgan@', tfa_27: 'morgan@' }, /^Invalid email address$/, '/tfa_26'],
    ['a malformed phone', { tfa_25: '602-555-0147' }, /^Invalid phone number$/, '/tfa_25'],
    ['a phone starting with 0', { tfa_25: '(002) 555-0147' }, /^Invalid phone number$/, '/tfa_25'],
    ['a blank company name', { tfa_1: '   ' }, /^Company Name is required$/, '/tfa_1'],
  ])('answers 406 with StatusDescription for %s, storing nothing', async (_what, change, message, field) => {
    const before = (await listSubmissions(server.ctx.store)).length;
    const r = await post('/post-support', { ...SUPPORT, ...change }, managerToken);
    expect(r.status).toBe(406);
    expect(r.body.StatusDescription).toMatch(message);
    expect(r.body.field).toBe(field);
    expect(await listSubmissions(server.ctx.store)).toHaveLength(before);
  });

  it('answers 406 for feedback with a malformed email', async () => {
    const r = await post('/post-feedback', { ...FEEDBACK, email: 'not an address' }, managerToken);
    expect(r.status).toBe(406);
    expect(r.body.StatusDescription).toBe('Invalid email address');
  });

  it.each([
    ['missing satisfaction', '/post-feedback', {}, '/overallSatisfaction'],
    ['satisfaction 6', '/post-feedback', { overallSatisfaction: '6' }, '/overallSatisfaction'],
    ['satisfaction as a number', '/post-feedback', { overallSatisfaction: 5 }, '/overallSatisfaction'],
    ['contactMe as text', '/post-feedback', { overallSatisfaction: '5', contactMe: 'yes' }, '/contactMe'],
    [
      'comments too long',
      '/post-feedback',
      { overallSatisfaction: '5', comments: 'x'.repeat(10_001) },
      '/comments',
    ],
    ['an unknown field', '/post-feedback', { overallSatisfaction: '5', extra: 1 }, '/extra'],
    ['an array', '/post-feedback', [1, 2], '/'],
    ['missing device', '/post-support', { ...SUPPORT, tfa_14: undefined }, '/tfa_14'],
    ['device Select One', '/post-support', { ...SUPPORT, tfa_14: '' }, '/tfa_14'],
    ['phone as a number', '/post-support', { ...SUPPORT, tfa_25: 6025550147 }, '/tfa_25'],
    ['an unknown support field', '/post-support', { ...SUPPORT, tfa_3: 'x' }, '/tfa_3'],
  ])('answers 400 naming the field for a malformed body: %s', async (_what, path, body, field) => {
    const r = await post(path, body, managerToken);
    expect(r.status).toBe(400);
    expect(r.body.field).toBe(field);
    expect(String(r.body.message)).toContain(field);
  });

  it('never answers 500: broken JSON, an empty body, a huge body', async () => {
    for (const path of ['/post-feedback', '/post-support']) {
      for (const raw of ['{"overallSatisfaction":', '', 'null', `{"comments":"${'x'.repeat(2_000_000)}"}`]) {
        const r = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${managerToken}` },
          body: raw,
        });
        expect(r.status, `${path} ${raw.slice(0, 30)}`).toBeGreaterThanOrEqual(400);
        expect(r.status, `${path} ${raw.slice(0, 30)}`).toBeLessThan(500);
      }
    }
  });

  it('keeps the submission and answers 200 when the copy cannot be mailed', async () => {
    const { config } = server.ctx;
    const saved = config.smtpUrl;
    // A mail server on a free loopback port that hangs up on every connection.
    const hangUp = createServer((socket) => socket.destroy());
    await new Promise<void>((listening) => hangUp.listen(0, '127.0.0.1', listening));
    config.smtpUrl = `smtp://127.0.0.1:${(hangUp.address() as AddressInfo).port}`;
    try {
      const r = await post(
        '/post-feedback',
        { overallSatisfaction: '1', comments: 'mail is down' },
        managerToken,
      );
      expect(r.status).toBe(200);
      let row = (await listSubmissions(server.ctx.store)).find((s) => s.id === r.body.id);
      for (let i = 0; i < 100 && !row?.mailError; i++) {
        await new Promise((res) => setTimeout(res, 50));
        row = (await listSubmissions(server.ctx.store)).find((s) => s.id === r.body.id);
      }
      expect(row?.payload).toEqual({ overallSatisfaction: '1', comments: 'mail is down' });
      expect(row?.mailedAt).toBeNull();
      expect(row?.mailError).toBeTruthy();
    } finally {
      config.smtpUrl = saved;
      await new Promise((closed) => hangUp.close(closed));
    }
  });
});
