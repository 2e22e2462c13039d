import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchArgs } from '../../scripts/lib/serverBuild.mjs';
import { listSubmissions } from '../../src/server/forms/submissions';
import { DEMO_PASSWORD } from '../../src/server/seed/demoUsers';
import { duckdbPath, openStore, StoreUnavailableError } from '../../src/server/store';
import type { DuckDBStore } from '../../src/server/store/duckdb';
import { SERVICE_ERROR_MESSAGE } from '../../src/shared/serverErrorMessages';

// The disk holding the DuckDB file fills up under traffic: a small tmpfs holds DATA_DIR, the server
// runs supervised as `npm start` runs it (scripts/launch.cjs --supervise: the same supervisor, the
// API without the client), and a file written until the disk refuses more fills it. While it is
// full, writes answer 503 with Retry-After (never 500) and reads are answered; the process dies as
// DuckDB ends it on a fatal error (SIGABRT) and is started again by itself, on the full disk. Once
// the file is gone, writes succeed again with nobody's help, and every write acknowledged is stored.

/** Room for the seeded small scale, its write-ahead log and the server's files, the rest to fill. */
const HEADROOM_MB = 48;

/** Fills the disk holding `file`: writes it until the disk refuses more. */
function fillDisk(file: string): void {
  const fd = openSync(file, 'w');
  try {
    for (const size of [2 ** 20, 2 ** 12, 1]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** The server process the supervisor runs (its child running the server's bundle). */
function serverPid(supervisorPid: number): number {
  const children = readFileSync(`/proc/${supervisorPid}/task/${supervisorPid}/children`, 'utf8');
  const server = children
    .trim()
    .split(' ')
    .find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('serve-api'));
  if (!server) throw new Error(`No server process under the supervisor (its children: ${children})`);
  return Number(server);
}

interface Answer {
  kind: 'read' | 'write' | 'signIn' | 'health';
  /** 'before' the disk fills, while it is 'full', 'after' the filler is removed. */
  phase: 'before' | 'full' | 'after';
  sent: number;
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
}

describe('a full disk under the DuckDB file (supervised server, tmpfs)', () => {
  const mountDir = mkdtempSync(join(tmpdir(), 'hawkeye-diskfull-'));
  let mountError: string | undefined;
  let supervisor: ChildProcess | undefined;
  let output = '';

  beforeAll(() => {
    const template = inject('seedTemplates').duckdbFile;
    const sizeMb = Math.ceil(statSync(template).size / 2 ** 20) + HEADROOM_MB;
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0700`, 'tmpfs', mountDir], {
        stdio: 'pipe',
      });
    } catch (err) {
      mountError = String((err as { stderr?: Buffer }).stderr ?? err).trim();
    }
  });

  afterAll(() => {
    if (supervisor && supervisor.exitCode === null && supervisor.signalCode === null)
      supervisor.kill('SIGKILL');
    if (!mountError) execFileSync('umount', ['-l', mountDir], { stdio: 'pipe' });
    rmSync(mountDir, { recursive: true, force: true });
  });

  it('writes answer 503 while it is full, the server comes back by itself, and nothing acknowledged is lost', async ({
    skip,
  }) => {
    if (mountError) {
      console.warn(`Skipped: a tmpfs cannot be mounted here, which this test needs (root): ${mountError}`);
      skip(`no tmpfs: ${mountError}`);
    }
    const dataDir = join(mountDir, 'data');
    mkdirSync(dataDir);
    copyFileSync(inject('seedTemplates').duckdbFile, duckdbPath(dataDir));

    const [launcher, entry] = launchArgs('scripts/serve-api.ts');
    supervisor = spawn(process.execPath, [launcher, '--supervise', entry], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        SMTP_URL: '',
        SEED_DEMO: '0',
        JWT_SECRET: 'disk-full-test-secret-0123456789abcdef',
        LOG_LEVEL: 'warn',
        RESULT_CACHE_MB: '0',
        DUCKDB_THREADS: '1',
        PASSWORD_HASH_MEMORY_KIB: '19456',
        PASSWORD_HASH_PASSES: '2',
        PASSWORD_HASH_PARALLELISM: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((done) => supervisor!.once('exit', (code) => done(code)));
    supervisor.stdout!.on('data', (d) => {
      output += d;
    });
    supervisor.stderr!.on('data', (d) => {
      output += d;
    });
    /** The server's address: each start (PORT=0) announces the port it got. */
    const base = () => {
      const ports = [...output.matchAll(/API listening at http:\/\/[^\s/]+:(\d+)/g)];
      return ports.length ? `http://127.0.0.1:${ports.at(-1)![1]}` : undefined;
    };
    await expect
      .poll(
        async () => {
          const url = base();
          if (!url) return 0;
          return fetch(`${url}/readyz`).then(
            (r) => r.status,
            () => 0,
          );
        },
        { timeout: 90_000, interval: 200 },
      )
      .toBe(200);

    const post = async (path: string, body: unknown, token?: string) => {
      const res = await fetch(`${base()}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(text);
      } catch {
        json = { text };
      }
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: json };
    };
    const signIn = await post('/token', {
      grantType: 'password',
      clientId: 'HawkEye',
      username: 'admin',
      password: DEMO_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const { accessToken, extendedDataToken } = signIn.body as {
      accessToken: string;
      extendedDataToken: string;
    };

    let phase: Answer['phase'] = 'before';
    const answers: Answer[] = [];
    /** Feedback ids the server answered 200 for, with the text each stored. */
    const acknowledged = new Map<number, string>();
    let running = true;
    let day = 0;
    let serial = 0;
    const requests: Record<Answer['kind'], () => ReturnType<typeof post>> = {
      // A new period each time: the result cache is off, and each read runs its query.
      read: () => {
        day = (day % 27) + 1;
        return post(
          '/api/data/caller_behavior/missed_calls/by_site',
          {
            startDate: `2026-09-${String(day).padStart(2, '0')}`,
            endDate: '2026-10-31',
            jwtExtendedToken: extendedDataToken,
          },
          accessToken,
        );
      },
      write: async () => {
        const marker = `disk-full-${++serial}`;
        const r = await post(
          '/post-feedback',
          { overallSatisfaction: '4', comments: marker, contactMe: false },
          accessToken,
        );
        if (r.status === 200 && typeof r.body.id === 'number') acknowledged.set(r.body.id, marker);
        return r;
      },
      // A sign-in stores a refresh token in a transaction.
      signIn: () =>
        post('/token', {
          grantType: 'password',
          clientId: 'HawkEye',
          username: 'manager',
          password: DEMO_PASSWORD,
        }),
      // The process alone, no database.
      health: async () => {
        const res = await fetch(`${base()}/healthz`);
        return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
      },
    };
    const worker = async (kind: Answer['kind']) => {
      while (running) {
        const sent = Date.now();
        const at = phase;
        const r = await requests[kind]().catch(() => ({ status: 0, retryAfter: null, body: {} }));
        answers.push({ kind, phase: at, sent, ...r });
        // A refused connection (the server between two lives) is tried again a moment later.
        if (r.status === 0) await new Promise((done) => setTimeout(done, 50));
      }
    };
    const workers = [worker('read'), worker('write'), worker('write'), worker('signIn'), worker('health')];
    const answered = (kind: Answer['kind'], p: Answer['phase'], status: number) =>
      answers.filter((a) => a.kind === kind && a.phase === p && a.status === status).length;
    await expect
      .poll(() => answered('write', 'before', 200) > 0 && answered('read', 'before', 200) > 0, {
        timeout: 60_000,
      })
      .toBe(true);

    // Fill the disk: a file written until it refuses more.
    const filler = join(mountDir, 'filler');
    fillDisk(filler);
    phase = 'full';
    const fullAt = Date.now();
    await expect
      .poll(() => answers.some((a) => a.kind === 'write' && a.phase === 'full' && a.status === 503), {
        timeout: 60_000,
      })
      .toBe(true);
    // DuckDB ends its process on a fatal error a few seconds into a full disk (a checkpoint that cannot
    // write its file): here as DuckDB does it, SIGABRT to the server process.
    const first = serverPid(supervisor.pid!);
    process.kill(first, 'SIGABRT');
    const abortedAt = Date.now();
    // Started again by the supervisor on the still full disk: it replays the write-ahead log, reads
    // are answered again, and writes still refused with 503.
    await expect
      .poll(
        () =>
          answers.some((a) => a.kind === 'read' && a.status === 200 && a.sent > abortedAt) &&
          answers.some((a) => a.kind === 'write' && a.status === 503 && a.sent > abortedAt),
        { timeout: 90_000, interval: 200 },
      )
      .toBe(true);
    expect(serverPid(supervisor.pid!)).not.toBe(first);
    expect(output).toContain(
      'HawkEye: the server aborted (SIGABRT; DuckDB ends its process so on a fatal error, a full disk among them)',
    );

    rmSync(filler);
    phase = 'after';
    const freedAt = Date.now();
    await expect
      .poll(() => answers.some((a) => a.kind === 'write' && a.sent > freedAt && a.status === 200), {
        timeout: 90_000,
        interval: 200,
      })
      .toBe(true);
    // And it holds: the next writes are answered 200 too.
    const recovered = answers.length;
    await expect
      .poll(() => answers.slice(recovered).filter((a) => a.kind === 'write' && a.status === 200).length, {
        timeout: 60_000,
      })
      .toBeGreaterThanOrEqual(5);
    running = false;
    await Promise.all(workers);

    const count = (list: Answer[]) =>
      list.reduce<Record<string, number>>((m, a) => {
        const k = `${a.kind} ${a.status}`;
        m[k] = (m[k] ?? 0) + 1;
        return m;
      }, {});
    const restarts = output.match(/Starting it again in/g)?.length ?? 0;
    console.log(
      `disk full for ${freedAt - fullAt} ms, ${restarts} restart(s); while full: ${JSON.stringify(count(answers.filter((a) => a.phase === 'full')))}; writes served again ${answers.find((a) => a.kind === 'write' && a.sent > freedAt && a.status === 200)!.sent - freedAt} ms after the room came back`,
    );

    // Never a 500 or another error: 200, 503 while full, or no connection while the process was down.
    expect(answers.filter((a) => ![200, 503, 0].includes(a.status))).toEqual([]);
    const unavailable = answers.filter((a) => a.status === 503);
    expect(unavailable.some((a) => a.kind === 'write')).toBe(true);
    for (const a of unavailable) {
      expect(a.retryAfter).toBe('5');
      expect(a.body).toEqual({ error: 'Service Unavailable', message: SERVICE_ERROR_MESSAGE });
    }
    for (const line of output.split('\n').filter((l) => l.includes('Starting it again in')))
      expect(line).toMatch(/^HawkEye: the server (aborted|was killed by|exited with status)/);
    expect(output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);

    // A clean stop stops everything: the supervisor passes SIGTERM on and ends with the server's 0.
    supervisor.kill('SIGTERM');
    expect(await exited).toBe(0);

    const store = await openStore({ dataDir });
    try {
      const stored = new Map((await listSubmissions(store)).map((s) => [s.id, s]));
      const lost = [...acknowledged].filter(
        ([id, marker]) => (stored.get(id)?.payload as { comments?: string } | undefined)?.comments !== marker,
      );
      expect(acknowledged.size).toBeGreaterThan(0);
      expect(lost).toEqual([]);
    } finally {
      await store.close();
    }
  }, 300_000);

  it('a checkpoint on the full disk stops DuckDB: the store says so once, answers unavailable, and loses nothing', async ({
    skip,
  }) => {
    if (mountError) skip(`no tmpfs: ${mountError}`);
    const dataDir = join(mountDir, 'checkpoint');
    mkdirSync(dataDir);
    const store = await openStore({ dataDir });
    const fatal: unknown[] = [];
    (store as DuckDBStore).onFatal = (err) => fatal.push(err);
    const filler = join(mountDir, 'filler-checkpoint');
    try {
      await store.exec('CREATE TABLE t (id INTEGER, s VARCHAR)');
      await store.exec('INSERT INTO t SELECT range, md5(range::VARCHAR) FROM range(100000)');
      await store.exec('CHECKPOINT');
      // Committed into the write-ahead log, not yet into the file.
      for (let i = 0; i < 50; i++)
        await store.query(`INSERT INTO t VALUES (${1_000_000 + i}, '${'y'.repeat(2000)}')`);
      fillDisk(filler);
      await expect(store.exec('CHECKPOINT')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.query('SELECT count(*) AS n FROM t')).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(fatal).toHaveLength(1);
      expect(String((fatal[0] as Error).message)).toMatch(/^FATAL Error: .*No space left on device/);
    } finally {
      await store.close();
      rmSync(filler, { force: true });
    }
    // Opened again, as the restarted process opens it: every committed row is there.
    const again = await openStore({ dataDir });
    try {
      expect(await again.query('SELECT count(*)::INTEGER AS n FROM t WHERE id >= 1000000')).toEqual([
        { n: 50 },
      ]);
    } finally {
      await again.close();
    }
  });
});
