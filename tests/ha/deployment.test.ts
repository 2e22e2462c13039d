// `npm run test:ha`: the deployment of docs/operations.md brought up on this machine (a PostgreSQL
// primary with a streaming replica, two API instances, HAProxy in front) and, under a steady mixed
// load through HAProxy: an instance killed (SIGKILL), the replica stopped, an import seen by every instance
// at once, a definition edit served by both, and 30 parallel wrong passwords limited to 10.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Deployment, startDeployment, until } from '../../scripts/ha/deployment';
import { configurePasswordHashing } from '../../src/server/auth/users';
import { DEFAULT_PASSWORD_HASHING, MIN_PASSWORD_HASHING } from '../../src/server/config';
import { DEMO_PASSWORD } from '../../src/server/seed/demoUsers';
import { PostgresStore } from '../../src/server/store/postgres';
import { replicaScans } from '../support/replicaScans';
import { SteadyLoad } from './load';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * A POST or GET with JSON, answering status, parsed body and the instance HAProxy named. A read
 * (a GET, or a data call) whose kept-alive connection the server closed as it was sent is sent once
 * more, as a browser does: an instance closes a connection idle for 72 s (its Keep-Alive timeout,
 * which fetch follows less a second), and a step that waits for an instance's start or db:import
 * can leave one idle about that long (a run failed so: 'fetch failed: other side closed').
 */
async function call(url: string, path: string, body?: unknown, token?: string) {
  const send = () =>
    fetch(`${url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const read = body === undefined || path.startsWith('/api/data');
  const res = await send().catch((err: unknown) => {
    const code = (err as { cause?: { code?: unknown } }).cause?.code;
    if (read && code === 'UND_ERR_SOCKET') return send();
    throw err;
  });
  const text = await res.text();
  return {
    status: res.status,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    instance: res.headers.get('x-hawkeye-instance'),
  };
}

describe('two API instances on a primary and a streaming replica behind HAProxy', () => {
  let d: Deployment;
  let load: SteadyLoad;
  const dashboards = mkdtempSync(join(tmpdir(), 'hawkeye-ha-dashboards-'));
  let admin: { accessToken: string; extendedDataToken: string };
  /** The stopped instance's new start. */
  let restarting: Promise<void> = Promise.resolve();
  let restartedAt = 0;
  const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

  const failuresText = () =>
    load.failures.map((f) => `${new Date(f.at).toISOString()} ${f.what}: ${f.outcome}`).join('\n');
  const readyz = async (url: string) =>
    (await call(url, '/readyz')).json as { replicas?: { inPool: number; total: number } };
  const scans = () => replicaScans(d.replicas[0].url);

  beforeAll(async () => {
    // One definitions folder for every instance, a copy so that the test may edit it.
    cpSync(join(ROOT, 'dashboards'), dashboards, { recursive: true });
    // Password hashes at OWASP's minimum argon2id cost, as in the other suites: the demo users this
    // process seeds, and the instances' own (the load signs in again and again; a ninth of the CPU).
    configurePasswordHashing(MIN_PASSWORD_HASHING);
    d = await startDeployment({
      apis: 2,
      replicas: 1,
      scale: 'small',
      dashboardsDir: dashboards,
      // A lag bound longer than the import takes: the paused replica stays in the read pool, so only
      // the data version check keeps the instances from answering from it (the bound has tests of
      // its own in tests/store/replicated.test.ts).
      env: {
        REPLICA_CHECK_INTERVAL_MS: '200',
        REPLICA_MAX_LAG_MS: '120000',
        PASSWORD_HASH_MEMORY_KIB: String(MIN_PASSWORD_HASHING.memoryKib),
        PASSWORD_HASH_PASSES: String(MIN_PASSWORD_HASHING.passes),
        PASSWORD_HASH_PARALLELISM: String(MIN_PASSWORD_HASHING.parallelism),
      },
      log: (line) => process.stdout.write(`[ha] ${line}\n`),
    });
    const signIn = await call(d.url, '/token', {
      grantType: 'password',
      clientId: 'HawkEye',
      username: 'admin',
      password: DEMO_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    admin = signIn.json as typeof admin;
    load = new SteadyLoad(d.url, 6);
  });

  // A step that fails prints what HAProxy and each instance logged last (the folder goes with the stop).
  beforeEach(({ onTestFailed }) =>
    onTestFailed(() => {
      for (const file of [join(d.dir, 'haproxy.log'), ...d.apis.map((a) => a.logFile)]) {
        if (!existsSync(file)) continue;
        const tail = readFileSync(file, 'utf8').split('\n').slice(-40).join('\n');
        process.stdout.write(`[ha] the end of ${file}:\n${tail}\n`);
      }
      process.stdout.write(`[ha] failed user requests:\n${failuresText()}\n`);
    }),
  );

  afterAll(async () => {
    await load?.stop();
    await d?.stop();
    configurePasswordHashing(DEFAULT_PASSWORD_HASHING);
    rmSync(dashboards, { recursive: true, force: true });
  });

  it('spreads the load over both instances, reading on the replica', async () => {
    const before = await scans();
    await load.more(200);
    expect(load.byInstance.get('api-1')).toBeGreaterThan(20);
    expect(load.byInstance.get('api-2')).toBeGreaterThan(20);
    for (const a of d.apis) expect((await readyz(a.url)).replicas).toEqual({ inPool: 1, total: 1 });
    await until('the replica has run analytics queries', async () => (await scans()) > before + 20, 10_000);
    expect(failuresText()).toBe('');
  });

  it('loses no user request when an instance is killed', async () => {
    const api1 = d.apis[0];
    // SIGKILL, a crash: what api-1 was running is lost, and HAProxy sends it again to api-2 (a refresh
    // that api-1 committed without answering is answered again: the grace period of refreshTokens.ts).
    await api1.kill('SIGKILL');
    await until(
      'HAProxy has taken api-1 out',
      async () => (await d.backendStatus())['api-1'] !== 'UP',
      10_000,
    );
    const servedBy2 = load.byInstance.get('api-2') ?? 0;
    await load.more(200);
    expect(load.byInstance.get('api-2')).toBeGreaterThan(servedBy2 + 150);
    const { wretr, wredis } = (await d.backendStats()).BACKEND;
    process.stdout.write(`[ha] HAProxy after the kill: ${wretr} retries, ${wredis} redispatches\n`);
    expect(failuresText()).toBe('');
    // Started again in the background (a start-up takes tens of seconds on a busy machine); the
    // steps that ask api-1 itself wait for it.
    restartedAt = Date.now();
    restarting = api1.start();
    restarting.catch(() => undefined);
  });

  it('keeps answering reads when the replica stops, and reads on it again when it is back', async () => {
    // api-1 may still be starting again: api-2 serves the load meanwhile.
    const api2 = d.apis[1];
    await d.replicas[0].halt();
    await load.more(150);
    expect((await readyz(api2.url)).replicas).toEqual({ inPool: 0, total: 1 });
    expect(failuresText()).toBe('');
    await d.replicas[0].resume();
    await until(
      'api-2 has the replica back',
      async () => (await readyz(api2.url)).replicas?.inPool === 1,
      20_000,
    );
    await load.more(50);
    expect(failuresText()).toBe('');
  });

  // The time of an instance's start (ApiInstance.start allows it 120 s to answer /readyz), then of
  // HAProxy's two good checks. Waited for in a step of its own: charged to the import below, with
  // the import's own start through tsx, it took that step past its 120 s on a busy machine.
  it('takes the killed instance back once it has started again', { timeout: 180_000 }, async () => {
    await restarting;
    await until('HAProxy has api-1 back', async () => (await d.backendStatus())['api-1'] === 'UP', 20_000);
    process.stdout.write(`[ha] api-1 back in HAProxy ${seconds(restartedAt)} s after its start began\n`);
  });

  // db:import starts through tsx (the sources transpiled as they load): tens of seconds on a busy machine.
  it('shows an import through one instance from every instance at once', { timeout: 180_000 }, async () => {
    const body = {
      requestedData: 100,
      startDate: '2026-11-20',
      endDate: '2026-11-20',
      siteIds: [1],
      jwtExtendedToken: admin.extendedDataToken,
    };
    const figure = async (url: string) => {
      const r = await call(url, '/api/data', body, admin.accessToken);
      expect(r.status).toBe(200);
      return (r.json as { values: number[][] }).values[0][0];
    };
    // Every instance has answered (and kept) the figure before the import.
    const before = await Promise.all(d.apis.map((a) => figure(a.url)));
    expect(new Set(before).size).toBe(1);
    // The replica stops replaying, so it is surely behind when the figures are asked again, though
    // still in the read pool: an instance must not answer from it (nor from its cache) once the
    // import has committed.
    const replica = await PostgresStore.open(d.replicas[0].url);
    try {
      await replica.query('SELECT pg_wal_replay_pause()');
      const file = join(d.dir, 'calls.ndjson');
      const calls = Array.from({ length: 25 }, (_, i) => ({
        id: 900_000_001 + i,
        site_id: 1,
        relationship_id: 1,
        comm_type: 'PHONE',
        direction: 'inbound',
        occurred_at: `2026-11-20T10:${String(i).padStart(2, '0')}`,
        caller_type: 'prospect',
        is_missed: false,
        duration_seconds: 60,
      }));
      writeFileSync(file, `${calls.map((c) => JSON.stringify(c)).join('\n')}\n`);
      // `npm run db:import` with api-1's configuration (its primary and replicas).
      const importing = Date.now();
      const out = await new Promise<string>((done, fail) => {
        const p = spawn(process.execPath, ['--import', 'tsx', 'scripts/import.ts', 'communications', file], {
          cwd: ROOT,
          env: { ...process.env, ...d.env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let text = '';
        p.stdout.on('data', (c) => (text += c));
        p.stderr.on('data', (c) => (text += c));
        p.on('exit', (code) =>
          code === 0 ? done(text) : fail(new Error(`db:import failed (${code}):\n${text}`)),
        );
      });
      process.stdout.write(`[ha] db:import took ${seconds(importing)} s\n`);
      expect(out).toContain('Imported 25 communications records');
      const after = await Promise.all([...d.apis.map((a) => figure(a.url)), figure(d.url), figure(d.url)]);
      expect(after).toEqual(after.map(() => before[0] + 25));
      // ... while the replica, behind, was still in every instance's read pool.
      for (const a of d.apis) expect((await readyz(a.url)).replicas).toEqual({ inPool: 1, total: 1 });
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()').catch(() => undefined);
      await replica.close();
    }
    for (const a of d.apis)
      await until(
        `${a.name} has the replica back`,
        async () => (await readyz(a.url)).replicas?.inPool === 1,
        20_000,
      );
  });

  it('serves one definitions folder from every instance, an edit included', async () => {
    const file = join(dashboards, 'volume.json');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('"title": "Volume"', '"title": "Volume (edited)"'),
    );
    const title = async (url: string) => {
      const r = await call(url, '/api/dashboards', undefined, admin.accessToken);
      const pages = (r.json as { pages: { id: string; title: string }[] }).pages;
      return pages.find((p) => p.id === 'volume')?.title;
    };
    for (const a of d.apis)
      await until(
        `${a.name} serves the edited page`,
        async () => (await title(a.url)) === 'Volume (edited)',
        10_000,
      );
  });

  it('limits 30 parallel wrong passwords spread over both instances to 10', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(d.url, '/token', {
          grantType: 'password',
          clientId: 'HawkEye',
          username: 'manager',
          password: 'not-the-password',
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(new Set(answers.map((a) => a.instance))).toEqual(new Set(['api-1', 'api-2']));
  });

  it('failed no user request under the load', async () => {
    await load.stop();
    process.stdout.write(
      `[ha] load: ${load.completed} user requests, by instance ${JSON.stringify(Object.fromEntries(load.byInstance))}\n`,
    );
    expect(failuresText()).toBe('');
  });
});
