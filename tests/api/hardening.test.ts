import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  closeSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt, launchArgs } from '../../scripts/lib/serverBuild.mjs';
import { startTempPostgres, type TempPostgres } from '../../scripts/lib/tempPostgres';
import { createUser } from '../../src/server/auth/users';
import { DEMO_PASSWORD, DEMO_USERS } from '../../src/server/seed/demoUsers';
import { seedDatabase } from '../../src/server/seed/seed';
import { DuckDBStore } from '../../src/server/store/duckdb';
import { migrate } from '../../src/server/store/migrate';
import { PostgresStore } from '../../src/server/store/postgres';
import { startTestServer, TEST_AS_OF, type TestServer } from './harness';

// Headers, error shapes, the editor's parser limits, start-up failures, and sign-in limits shared by
// two API processes on one PostgreSQL.

const work = mkdtempSync(join(tmpdir(), 'hawkeye-hardening-'));
/** Every API process a test started: none outlives the file, whatever its test did. */
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** A stand-in for the built client: a page, a bundle and its source map. */
function fakeClient(): string {
  const dir = join(work, 'client');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log("app")');
  writeFileSync(join(dir, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["secret.ts"]}');
  return dir;
}

async function tokenCall(server: TestServer, body: unknown) {
  const res = await fetch(`${server.url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

const signInAdmin = (server: TestServer) =>
  tokenCall(server, {
    grantType: 'password',
    clientId: 'HawkEye',
    username: 'admin',
    password: DEMO_PASSWORD,
  });

describe('headers and error shapes', () => {
  let server: TestServer;
  beforeAll(async () => {
    const dashboards = join(work, 'dashboards');
    cpSync(join(process.cwd(), 'dashboards'), dashboards, { recursive: true });
    server = await startTestServer({
      driver: 'duckdb',
      seed: false,
      clientDir: fakeClient(),
      env: { DASHBOARDS_DIR: dashboards, DASHBOARDS_WRITABLE: '1' },
    });
    for (const u of DEMO_USERS) await createUser(server.ctx.store, u);
  });
  afterAll(async () => server?.stop());

  it('every answer carries the security headers: the page, a client route, a bundle, the API', async () => {
    for (const path of ['/', '/dashboard/volume', '/assets/index-abc.js', '/api/openapi.json', '/healthz']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toContain('unsafe-eval');
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });

  it('source maps are not served', async () => {
    expect((await fetch(`${server.url}/assets/index-abc.js.map`)).status).toBe(404);
  });

  it('tokens, claims and data answers are never cached; bundles are', async () => {
    const signIn = await signInAdmin(server);
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('cache-control')).toBe('no-store');
    const auth = { authorization: `Bearer ${signIn.body.accessToken}` };
    expect((await fetch(`${server.url}/claims`, { headers: auth })).headers.get('cache-control')).toBe(
      'no-store',
    );
    const data = await fetch(`${server.url}/api/data/action_required`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ jwtExtendedToken: signIn.body.extendedDataToken }),
    });
    expect(data.status).toBe(200);
    expect(data.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${server.url}/assets/index-abc.js`)).headers.get('cache-control')).toContain(
      'immutable',
    );
  });

  it('framework errors have the one error shape, named by their status', async () => {
    const notJson = await fetch(`${server.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grantType": ',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: 'Bad Request' });
    const wrongType = await fetch(`${server.url}/api/data`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'a,b',
    });
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toMatchObject({ error: 'Unsupported Media Type' });
    const huge = await fetch(`${server.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'x'.repeat(2_000_000) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: 'Payload Too Large' });
  });

  it('the editor answers located syntax errors for deep nesting and raw control characters, never 500', async () => {
    const signIn = await signInAdmin(server);
    const headers = {
      authorization: `Bearer ${signIn.body.accessToken}`,
      'content-type': 'application/json',
    };
    const cases = [
      { text: `${'['.repeat(10_000)}${']'.repeat(10_000)}`, message: /nested deeper than 256 levels/ },
      { text: '{"title": "a\tb"}', message: /control character a tab \(U\+0009\) inside a string/ },
      { text: '{"title": "a\u0000b"}', message: /control character U\+0000 inside a string/ },
    ];
    for (const c of cases) {
      const checked = await fetch(`${server.url}/api/dashboards/validate`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ file: 'volume.json', text: c.text }),
      });
      expect(checked.status).toBe(200);
      const { errors } = (await checked.json()) as {
        errors: { line: number; column: number; message: string }[];
      };
      expect(errors[0].message).toMatch(c.message);
      expect(errors[0].line).toBe(1);
      const saved = await fetch(`${server.url}/api/dashboards/sources/volume.json`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ text: c.text }),
      });
      expect(saved.status).toBe(400);
      expect(JSON.stringify(await saved.json())).toMatch(c.message);
    }
  });
});

/** Runs the API alone (scripts/serve-api.ts, from its bundle) on a data folder; resolves with its exit and output. */
async function startApi(env: Record<string, string>, opts: { asUser?: string } = {}) {
  // Built here first: another user may read dist/server but not write it.
  await ensureServerBuilt();
  const args = launchArgs('scripts/serve-api.ts');
  const [cmd, argv] = opts.asUser
    ? ['runuser', ['-u', opts.asUser, '--', process.execPath, ...args]]
    : [process.execPath, args];
  const child: ChildProcess = spawn(cmd, argv, {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += String(d);
  });
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const exited = once(child, 'exit').then(([code]) => code as number);
  return { child, exited, out: () => ({ stdout, stderr }) };
}

/** The URL a started API prints once it listens; rejects when it exits first. */
function listeningUrl(api: Awaited<ReturnType<typeof startApi>>): Promise<string> {
  return new Promise((resolve, reject) => {
    const look = () => {
      const url = /API listening at (\S+)/.exec(api.out().stdout)?.[1];
      if (url) resolve(url);
    };
    api.child.stdout?.on('data', look);
    look();
    api.exited.then((code) => reject(new Error(`the API exited (${code}): ${api.out().stderr}`)));
  });
}

/** The lines a failed start printed to stderr, without npm's own warnings. */
const ownLines = (stderr: string) => stderr.split('\n').filter((l) => l.trim() && !l.startsWith('npm warn'));

describe('start-up failures end in one clear line and a non-zero exit', () => {
  it('a damaged DuckDB file', async () => {
    const dir = join(work, 'damaged');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'hawkeye.duckdb');
    const store = await DuckDBStore.open(file);
    await migrate(store);
    await seedDatabase(store, { scale: 'small', seed: 3, asOf: TEST_AS_OF, users: false });
    await store.close();
    // A failing disk: 64 bytes overwritten in the middle of every 256 KiB block of the last three
    // quarters of the file (DuckDB's blocks follow a 12 KiB header).
    const size = statSync(file).size;
    const block = 262_144;
    const fd = openSync(file, 'r+');
    for (let at = Math.floor(size / 4 / block) * block + 12_288; at < size; at += block)
      writeSync(fd, Buffer.alloc(64, 0x5a), 0, 64, at + block / 2);
    closeSync(fd);
    const api = await startApi({ DATA_DIR: dir, JWT_SECRET: 'test' });
    expect(await api.exited).toBe(1);
    const lines = ownLines(api.out().stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^HawkEye could not start: the database file .*hawkeye\.duckdb is damaged \(.*checksum/,
    );
    expect(api.out().stdout).not.toContain('API listening');
  });

  it('a data folder the server may not write', async () => {
    // A folder others may enter (mkdtemp makes its own 0700), holding the read-only data folder.
    const parent = join(work, 'shared');
    mkdirSync(parent, { recursive: true });
    chmodSync(work, 0o755);
    chmodSync(parent, 0o755);
    const dir = join(parent, 'read-only');
    mkdirSync(dir);
    chmodSync(dir, 0o555);
    // root writes anywhere: run the server as an unprivileged user then.
    const asUser = process.getuid?.() === 0 ? 'nobody' : undefined;
    const api = await startApi({ DATA_DIR: dir }, { asUser });
    expect(await api.exited).toBe(1);
    const lines = ownLines(api.out().stderr);
    expect(lines).toEqual([
      `HawkEye could not start: the data folder ${dir} cannot be written (EACCES: permission denied, open '${join(dir, 'jwt-secret')}'); make it writable or set DATA_DIR`,
    ]);
  });
});

/** The status of a password sign-in at one instance. */
const signInAs = (url: string, username: string, password: string) =>
  fetch(`${url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantType: 'password', clientId: 'HawkEye', username, password }),
  }).then((r) => r.status);

describe('two API processes on one PostgreSQL', () => {
  let pg: TempPostgres;
  const apis: Awaited<ReturnType<typeof startApi>>[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    pg = await startTempPostgres();
    const store = await PostgresStore.open(pg.url);
    await migrate(store);
    for (const u of DEMO_USERS) await createUser(store, u);
    await store.close();
    for (const name of ['a', 'b']) {
      const api = await startApi({
        DATABASE_URL: pg.url,
        DATA_DIR: join(work, `instance-${name}`),
        JWT_SECRET: 'shared by both instances',
        LOGIN_FAILURES_PER_USERNAME: '10',
        LOGIN_FAILURES_PER_ADDRESS: '100000',
      });
      apis.push(api);
      urls.push(await listeningUrl(api));
    }
  });
  afterAll(async () => {
    for (const api of apis) {
      api.child.kill('SIGTERM');
      await api.exited;
    }
    await pg?.stop();
  });

  it('share one sign-in limit: 40 guesses spread over both check exactly 10 passwords', async () => {
    expect(new Set(urls).size).toBe(2);
    const guesses = Array.from({ length: 40 }, (_, i) => signInAs(urls[i % 2], 'manager', `guess-${i}`));
    const statuses = await Promise.all(guesses);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    for (const url of urls) {
      expect(await signInAs(url, 'manager', DEMO_PASSWORD)).toBe(429);
    }
  });
});
