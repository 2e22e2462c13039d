import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ScaleName } from '../../src/server/seed/scales';
import { seedDatabase } from '../../src/server/seed/seed';
import { openStore } from '../../src/server/store';
import { migrate } from '../../src/server/store/migrate';
import { ensureServerBuilt, launchArgs } from '../lib/serverBuild.mjs';
import { freePort, startTempPostgres, type TempPostgres } from '../lib/tempPostgres';
import { haproxyConfig, LOOPBACK } from './haproxyConfig';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** What to start. */
export interface DeploymentOptions {
  /** API processes behind HAProxy (default 2). */
  apis?: number;
  /** Streaming replicas of the primary (default 1). */
  replicas?: number;
  /** The demo data seeded into the primary (default 'demo'). */
  scale?: ScaleName;
  /** Serve the built client (dist/client) from every instance too (default false: the API only). */
  client?: boolean;
  /** The one definitions folder every instance reads and watches (default ./dashboards). */
  dashboardsDir?: string;
  /** More environment for the API instances (rate limits, log level...). */
  env?: Record<string, string>;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

/** One API process. */
export interface ApiInstance {
  /** Its name in HAProxy and in the X-HawkEye-Instance header HAProxy adds to each answer. */
  name: string;
  port: number;
  /** Its own address, bypassing HAProxy. */
  url: string;
  /** The file its output goes to. */
  logFile: string;
  readonly running: boolean;
  /** Its process id while it runs (for its CPU time and memory). */
  readonly pid: number | undefined;
  /** Sends `signal` (default SIGTERM) and waits for the process to end. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it (again) on its port; resolves once its /readyz answers 200. */
  start(): Promise<void>;
}

/** A running deployment on this machine. */
export interface Deployment {
  /** HAProxy's address: what users and load go to. */
  url: string;
  /** HAProxy's statistics page (`;csv` appended gives CSV). */
  statsUrl: string;
  /** The temporary folder of everything (logs, HAProxy's configuration, the instances' data folders). */
  dir: string;
  primary: TempPostgres;
  replicas: TempPostgres[];
  apis: ApiInstance[];
  /** The environment every API instance runs with; run scripts such as db:import with it. */
  env: Record<string, string>;
  /** What HAProxy's health checks say of each instance ('UP', 'DOWN', ...), by name. */
  backendStatus(): Promise<Record<string, string>>;
  /** HAProxy's statistics of the API backend, by instance name and 'BACKEND' for the sums (CSV columns: wretr, wredis...). */
  backendStats(): Promise<Record<string, Record<string, string>>>;
  /** Stops everything it started, HAProxy first, and removes the folder. */
  stop(): Promise<void>;
}

/**
 * Polls `check` every 50 ms until it holds; fails with `what` (and `detail()`) after `ms`, or at
 * once with the error `check` throws.
 */
export async function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  ms = 30_000,
  detail: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${ms} ms waiting until ${what}${detail()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Whether a process has ended. */
const ended = (p: ChildProcess) => p.exitCode !== null || p.signalCode !== null;

/** Sends `signal` to a child and waits for it to end (SIGKILL after 10 s). */
async function killChild(p: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!p || ended(p)) return;
  const gone = new Promise((r) => p.once('exit', r));
  p.kill(signal);
  const timer = setTimeout(() => p.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(timer);
}

/** The pid in a PostgreSQL data folder's postmaster.pid, if it is running. */
function postmasterPid(dataDir: string): number | undefined {
  const file = join(dataDir, 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) || undefined : undefined;
}

/**
 * Starts a PostgreSQL primary with `replicas` streaming replicas (pg_basebackup -R, hot standby),
 * migrates and seeds the primary, starts `apis` API processes on it (analytics reads on the
 * replicas) and HAProxy in front of them, everything on free ports under one temporary folder.
 * On any failure whatever was started is stopped before the error is thrown.
 */
export async function startDeployment(opts: DeploymentOptions = {}): Promise<Deployment> {
  const log = opts.log ?? (() => undefined);
  haproxyBinary();
  const dir = mkdtempSync(join(tmpdir(), 'hawkeye-ha-'));
  const children = new Set<ChildProcess>();
  const clusters: TempPostgres[] = [];
  // Should this process end without stop() (an uncaught error, a test runner's exit), nothing it
  // started may stay behind.
  const killAllNow = () => {
    for (const p of children) if (!ended(p)) p.kill('SIGKILL');
    for (const c of clusters) {
      const pid = postmasterPid(c.dataDir);
      if (pid) {
        try {
          process.kill(pid, 'SIGINT');
        } catch {
          // already gone
        }
      }
    }
  };
  process.once('exit', killAllNow);
  let haproxy: Haproxy | undefined;
  const apis: ApiInstance[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await haproxy?.stop();
    await Promise.all(apis.map((a) => a.kill()));
    // Replicas first: a primary stopping before them would leave them retrying.
    for (const c of [...clusters].reverse()) await c.stop().catch(() => undefined);
    process.off('exit', killAllNow);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    log('starting the PostgreSQL primary');
    const primary = await startTempPostgres();
    clusters.push(primary);
    log(`  primary on port ${primary.port}; migrating and seeding the ${opts.scale ?? 'demo'} scale`);
    const started = Date.now();
    const seeding = await openStore({ databaseUrl: primary.url, dataDir: dir });
    try {
      await migrate(seeding);
      await seedDatabase(seeding, { scale: opts.scale ?? 'demo', seed: 1 });
    } finally {
      await seeding.close();
    }
    log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const replicas: TempPostgres[] = [];
    for (let i = 0; i < (opts.replicas ?? 1); i++) {
      log(`starting replica ${i + 1} (pg_basebackup -R, hot standby)`);
      // Feedback keeps the primary from removing rows a replica's running query still reads.
      const replica = await startTempPostgres({
        replicaOf: primary,
        settings: { hot_standby_feedback: 'on' },
      });
      clusters.push(replica);
      replicas.push(replica);
      log(`  replica ${i + 1} on port ${replica.port}`);
    }

    const env: Record<string, string> = {
      DATABASE_URL: primary.url,
      DATABASE_REPLICA_URLS: replicas.map((r) => r.url).join(','),
      REPLICA_CHECK_INTERVAL_MS: '500',
      // Every instance signs and checks the same tokens.
      JWT_SECRET: randomBytes(48).toString('base64'),
      // A request from HAProxy comes from the address it wrote in X-Forwarded-For (over the client's own).
      TRUSTED_PROXIES: LOOPBACK,
      DASHBOARDS_DIR: resolve(opts.dashboardsDir ?? join(ROOT, 'dashboards')),
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ...opts.env,
    };
    const count = opts.apis ?? 2;
    for (let i = 1; i <= count; i++)
      apis.push(apiInstance(`api-${i}`, await freePort(), dir, env, opts, children));
    // Bundled once here, not by each instance as it starts beside the others.
    await ensureServerBuilt(log);
    log(`starting ${count} API instances`);
    await Promise.all(apis.map((a) => a.start()));

    haproxy = await startHaproxy(dir, apis, (p) => children.add(p));
    const { url, statsUrl, backendStats, backendStatus } = haproxy;
    log(`HAProxy on ${url} (statistics on ${statsUrl})`);
    return { url, statsUrl, dir, primary, replicas, apis, env, backendStatus, backendStats, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** HAProxy (scripts/ha/haproxyConfig.ts) in front of API instances. */
export interface Haproxy {
  /** Its address: what users and load go to. */
  url: string;
  /** Its statistics page (`;csv` appended gives CSV). */
  statsUrl: string;
  /** What its health checks say of each instance ('UP', 'DOWN', ...), by name. */
  backendStatus(): Promise<Record<string, string>>;
  /** Its statistics of the API backend, by instance name and 'BACKEND' for the sums. */
  backendStats(): Promise<Record<string, Record<string, string>>>;
  /** Stops it (SIGTERM) and waits until it has ended. */
  stop(): Promise<void>;
}

/** The HAProxy binary of Debian's package; throws with the install command when it is missing. */
function haproxyBinary(): string {
  const bin = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((p) => existsSync(p));
  if (!bin) throw new Error('HAProxy is not installed. Install it with: apt-get install -y haproxy');
  return bin;
}

/**
 * Starts HAProxy on free ports with the deployment's configuration in front of `apis` (its
 * configuration and log in `dir`), and resolves once its checks find every one of them up.
 * `started` is told of the process as soon as it is spawned (so that it is killed whatever happens).
 */
export async function startHaproxy(
  dir: string,
  apis: readonly { name: string; port: number }[],
  started: (p: ChildProcess) => void = () => undefined,
): Promise<Haproxy> {
  const bin = haproxyBinary();
  const port = await freePort();
  const statsPort = await freePort();
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(port, statsPort, apis));
  execFileSync(bin, ['-c', '-q', '-f', cfg], { stdio: 'pipe' });
  const logFile = join(dir, 'haproxy.log');
  const out = openSync(logFile, 'a');
  const proc = spawn(bin, ['-db', '-f', cfg], { stdio: ['ignore', out, out] });
  closeSync(out);
  started(proc);
  const statsUrl = `http://${LOOPBACK}:${statsPort}/`;
  const backendStats = async () => {
    const csv = await (await fetch(`${statsUrl};csv`)).text();
    const [header, ...lines] = csv.replace(/^# /, '').trim().split('\n');
    const cols = header.split(',');
    const rows: Record<string, Record<string, string>> = {};
    for (const line of lines) {
      const f = line.split(',');
      const row = Object.fromEntries(cols.map((c, i) => [c, f[i] ?? '']));
      if (row.pxname === 'api') rows[row.svname] = row;
    }
    return rows;
  };
  const backendStatus = async () => {
    const status: Record<string, string> = {};
    for (const [name, row] of Object.entries(await backendStats()))
      if (name !== 'BACKEND') status[name] = row.status.split(' ')[0];
    return status;
  };
  const stop = () => killChild(proc);
  try {
    await until('HAProxy sees every instance up', async () => {
      if (ended(proc)) throw new Error(`HAProxy exited:\n${readFileSync(logFile, 'utf8')}`);
      const status = await backendStatus().catch(() => ({}));
      return Object.values(status).filter((s) => s === 'UP').length === apis.length;
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `http://${LOOPBACK}:${port}`, statsUrl, backendStatus, backendStats, stop };
}

function apiInstance(
  name: string,
  port: number,
  dir: string,
  env: Record<string, string>,
  opts: DeploymentOptions,
  children: Set<ChildProcess>,
): ApiInstance {
  const dataDir = join(dir, name);
  mkdirSync(dataDir, { recursive: true });
  const logFile = join(dir, `${name}.log`);
  const url = `http://${LOOPBACK}:${port}`;
  let proc: ChildProcess | undefined;
  return {
    name,
    port,
    url,
    logFile,
    get running() {
      return proc !== undefined && !ended(proc);
    },
    get pid() {
      return proc && !ended(proc) ? proc.pid : undefined;
    },
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      await killChild(proc, signal);
    },
    async start() {
      if (proc && !ended(proc)) throw new Error(`${name} is already running`);
      const out = openSync(logFile, 'a');
      const child = spawn(process.execPath, launchArgs('scripts/ha/instance.ts'), {
        cwd: ROOT,
        env: {
          ...process.env,
          ...env,
          PORT: String(port),
          HOST: LOOPBACK,
          DATA_DIR: dataDir,
          HA_CLIENT: opts.client ? '1' : '',
        },
        stdio: ['ignore', out, out],
      });
      closeSync(out);
      proc = child;
      children.add(child);
      child.once('exit', () => children.delete(child));
      const tail = () => readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
      await until(
        `${name} answers /readyz on port ${port}`,
        async () => {
          if (ended(child)) throw new Error(`${name} exited (status ${child.exitCode}):\n${tail()}`);
          return fetch(`${url}/readyz`).then(
            (r) => r.status === 200,
            () => false,
          );
        },
        // Start-up compiles the schemas and checks the definitions: tens of seconds on a busy machine.
        120_000,
        () => `:\n${tail()}`,
      );
    },
  };
}
