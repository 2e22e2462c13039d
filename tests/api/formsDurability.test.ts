import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchArgs } from '../../scripts/lib/serverBuild.mjs';
import { createUser } from '../../src/server/auth/users';
import { listSubmissions } from '../../src/server/forms/submissions';
import { openStore } from '../../src/server/store';
import { migrate } from '../../src/server/store/migrate';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PASSWORD = 'Durable1234';

/** The server as its own process, from its bundle as `npm start` runs it (without the client). */
const serverArgs = () => launchArgs('scripts/serve-api.ts');

describe('form submissions survive a killed server (DuckDB)', () => {
  const dataDir = mkdtempSync('/tmp/forms-durable-');
  /** The port of the running server: each start asks for a free one and reads which it got. */
  let port: number;
  let child: ChildProcess | undefined;
  let output = '';

  const url = (path: string) => `http://127.0.0.1:${port}${path}`;

  async function start(): Promise<ChildProcess> {
    output = '';
    const proc = spawn(process.execPath, serverArgs(), {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_DEMO: '0',
        DATABASE_URL: '',
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout?.on('data', (d) => {
      output += d;
    });
    proc.stderr?.on('data', (d) => {
      output += d;
    });
    for (let i = 0; i < 600; i++) {
      if (proc.exitCode !== null) throw new Error(`The server exited (${proc.exitCode}):\n${output}`);
      const listening = /API listening at http:\/\/[^\s/]+:(\d+)/.exec(output);
      if (!listening) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      port = Number(listening[1]);
      try {
        if ((await fetch(url('/readyz'))).status === 200) return proc;
      } catch {
        // Listening, not answering yet.
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    proc.kill('SIGKILL');
    throw new Error(`The server did not start within 60 s:\n${output}`);
  }

  function exited(proc: ChildProcess): Promise<NodeJS.Signals | number | null> {
    if (proc.exitCode !== null || proc.signalCode !== null)
      return Promise.resolve(proc.signalCode ?? proc.exitCode);
    return new Promise((done) => proc.once('exit', (code, signal) => done(signal ?? code)));
  }

  async function post(path: string, body: unknown, token: string) {
    const res = await fetch(url(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { id?: number } };
  }

  const feedback = (marker: string) => ({ overallSatisfaction: '5', comments: marker, contactMe: false });
  const support = (marker: string) => ({
    tfa_1: 'Durable Homes',
    tfa_2: 'Site A',
    tfa_4: 'tfa_7',
    tfa_14: 'tfa_16',
    tfa_21: marker,
    tfa_22: 'Dura',
    tfa_23: 'Ble',
    tfa_25: '(480) 555-0100',
    tfa_26: 'dura.ble@example.com',
    tfa_27: 'dura.ble@example.com',
  });

  beforeAll(async () => {
    // The user exists before the server starts: created straight in the DuckDB file, then closed.
    const store = await openStore({ dataDir });
    try {
      await migrate(store);
      await createUser(store, {
        username: 'durable',
        password: PASSWORD,
        firstName: 'Dura',
        lastName: 'Ble',
        email: 'dura.ble@example.com',
        allAccountAccess: false,
        hasPermission: true,
        accountIds: [],
        claims: [],
      });
    } finally {
      await store.close();
    }
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores every acknowledged submission, even when the server is SIGKILLed right after the 200s', async () => {
    child = await start();
    const signIn = await fetch(url('/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grantType: 'password',
        clientId: 'HawkEye',
        username: 'durable',
        password: PASSWORD,
      }),
    });
    expect(signIn.status).toBe(200);
    const { accessToken } = (await signIn.json()) as { accessToken: string };

    const acknowledged = new Map<number, string>();
    const fire = (n: number, wave: string) =>
      Array.from({ length: n }, async (_, i) => {
        const marker = `${wave}-${i}-${Math.random().toString(36).slice(2)}`;
        const path = i % 2 ? '/post-support' : '/post-feedback';
        try {
          const r = await post(path, i % 2 ? support(marker) : feedback(marker), accessToken);
          if (r.status === 200 && r.body.id !== undefined) acknowledged.set(r.body.id, marker);
          return r.status;
        } catch {
          return 0; // Cut off by the kill: not acknowledged, so nothing is promised.
        }
      });

    // A burst, all acknowledged; then the kill the moment the last 200 arrives, while a second
    // burst is in flight (whatever of it was acknowledged before the kill must be stored too).
    const first = await Promise.all(fire(40, 'first'));
    expect(first.every((s) => s === 200)).toBe(true);
    const second = Promise.all(fire(20, 'second'));
    await new Promise((r) => setImmediate(r));
    child.kill('SIGKILL');
    expect(await exited(child)).toBe('SIGKILL');
    await second;
    expect(acknowledged.size).toBeGreaterThanOrEqual(40);

    // Restarted, the server replays its write-ahead log and carries on numbering after the last id.
    child = await start();
    const after = await post('/post-feedback', feedback('after-restart'), accessToken);
    expect(after.status).toBe(200);
    expect(after.body.id).toBeGreaterThan(Math.max(...acknowledged.keys()));
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);

    const store = await openStore({ dataDir });
    try {
      const stored = new Map((await listSubmissions(store)).map((s) => [s.id, s]));
      const missing = [...acknowledged].filter(([id, marker]) => {
        const p = stored.get(id)?.payload as { comments?: string; tfa_21?: string } | undefined;
        return (p?.comments ?? p?.tfa_21) !== marker;
      });
      expect(missing).toEqual([]);
      // SIGTERM came right after that 200: the graceful close still mailed its copy first.
      expect(stored.get(Number(after.body.id))?.mailedAt).not.toBeNull();
    } finally {
      await store.close();
    }

    // `npm run forms -- list` reads the same rows.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/forms.ts'), 'list', '--kind', 'support'],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
    );
    const supportLines = stdout.split('\n').filter((l) => /^\s*\d+ {2}support /.test(l));
    const acknowledgedSupport = [...acknowledged.values()].filter((m) => /^\w+-\d*[13579]-/.test(m));
    expect(supportLines.length).toBeGreaterThanOrEqual(acknowledgedSupport.length);
    expect(stdout).toContain(`${supportLines.length} submissions\n`);
    expect(stdout).toContain('CRM on Desktop / Mac, Durable Homes (dura.ble@example.com): first-1-');
  }, 180_000);
});
