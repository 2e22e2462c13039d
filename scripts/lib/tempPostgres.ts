import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A throwaway PostgreSQL cluster: initdb in a temporary folder, a server on a free loopback port. */
export interface TempPostgres {
  url: string;
  /** The server's port on 127.0.0.1. */
  port: number;
  /** The cluster's folder (its postmaster.pid names the server's process). */
  dataDir: string;
  /** Stops the server (a fast shutdown: connections are cut) and removes its files. */
  stop(): Promise<void>;
  /** Stops the server but keeps its files, as an outage would (fault tests). */
  halt(): Promise<void>;
  /** Starts the halted server again on the same port; resolves once it accepts connections. */
  resume(): Promise<void>;
}

/** The folder of Debian's PostgreSQL server binaries, newest version first; undefined when not installed. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : undefined;
}

/** A port on 127.0.0.1 that nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** PostgreSQL refuses to run as root: run its binaries as the 'postgres' user that Debian's package creates. */
function asPostgresUser(cmd: string, args: string[]): [string, string[]] {
  if (process.getuid?.() === 0) return ['runuser', ['-u', 'postgres', '--', cmd, ...args]];
  return [cmd, args];
}

/** Options of a temporary cluster. */
export interface TempPostgresOptions {
  /**
   * Start a streaming replica of this server instead of a fresh cluster: a base backup
   * (pg_basebackup -R, so it follows the primary) served read-only as a hot standby.
   */
  replicaOf?: TempPostgres;
  /** Extra server settings (`-c name=value`). */
  settings?: Record<string, string>;
  /**
   * Start from a copy of this cluster folder (a `dataDir` of a cluster stopped cleanly, e.g. by
   * `halt`) instead of a fresh initdb: a seeded template costs a file copy, not a seed.
   */
  copyOf?: string;
}

/**
 * initdb's options. Its pg_hba.conf trusts loopback replication connections too, and wal_level
 * 'replica' is the default: every temporary cluster can be a primary.
 */
const INITDB_ARGS = ['-U', 'hawkeye', '--auth=trust', '--encoding=UTF8', '--no-sync'];
/** Where blank clusters are kept: beside the packages, so `npm ci` starts without them. */
const BLANK_CLUSTERS_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'node_modules',
  '.cache',
  'hawkeye-postgres',
);

/**
 * The folder of a blank cluster of these binaries, made by initdb the first time it is asked for and
 * copied by every fresh cluster after it: a copy of its 40 MB costs about a tenth of initdb's CPU time
 * (0.09 against 0.9 s), and a test run starts a dozen clusters. Made in a folder of its
 * own and renamed into place, so a cluster started meanwhile (another process, another checkout's
 * suite) never copies half of one; the first rename wins.
 */
function blankCluster(bin: string): string {
  const key = createHash('sha256')
    .update(JSON.stringify([bin, INITDB_ARGS]))
    .digest('hex')
    .slice(0, 12);
  const blank = join(BLANK_CLUSTERS_DIR, key);
  if (existsSync(join(blank, 'data', 'PG_VERSION'))) return join(blank, 'data');
  mkdirSync(BLANK_CLUSTERS_DIR, { recursive: true });
  const making = mkdtempSync(join(BLANK_CLUSTERS_DIR, `${key}.making-`));
  try {
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', making]);
    execFileSync(...asPostgresUser(join(bin, 'initdb'), ['-D', join(making, 'data'), ...INITDB_ARGS]), {
      stdio: 'pipe',
    });
    try {
      renameSync(making, blank);
    } catch (err) {
      // Another process's rename came first: use its cluster.
      if (!existsSync(join(blank, 'data', 'PG_VERSION'))) throw err;
    }
  } catch (err) {
    const stderr = String((err as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(`making the blank cluster (initdb) failed: ${stderr || (err as Error).message}`);
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
  return join(blank, 'data');
}

/** Starts a fresh cluster (or a replica); throws with the install command when the binaries are missing. */
export async function startTempPostgres(opts: TempPostgresOptions = {}): Promise<TempPostgres> {
  const bin = findPostgresBin();
  if (!bin)
    throw new Error('PostgreSQL server binaries not found. Install them with: apt-get install -y postgresql');
  // A fresh cluster is a copy of the blank one initdb made (blankCluster); a replica a base backup.
  const from: { copyOf: string } | { replicaOf: TempPostgres } =
    opts.replicaOf && !opts.copyOf
      ? { replicaOf: opts.replicaOf }
      : { copyOf: opts.copyOf ?? blankCluster(bin) };
  const dir = mkdtempSync(join(tmpdir(), 'hawkeye-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  try {
    if ('copyOf' in from) execFileSync('cp', ['-a', from.copyOf, dataDir], { stdio: 'pipe' });
    else
      execFileSync(
        ...asPostgresUser(join(bin, 'pg_basebackup'), [
          '-D',
          dataDir,
          '-d',
          from.replicaOf.url,
          '-R',
          '-X',
          'stream',
          '-c',
          'fast',
          '--no-sync',
        ]),
        { stdio: 'pipe' },
      );
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = String((err as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(
      `${'copyOf' in from ? 'cp' : 'pg_basebackup'} failed: ${stderr || (err as Error).message}`,
    );
  }
  const port = await freePort();
  const [cmd, args] = asPostgresUser(join(bin, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'shared_buffers=512MB',
    '-c',
    'work_mem=64MB',
    '-c',
    'max_wal_size=4GB',
    ...Object.entries(opts.settings ?? {}).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
  ]);
  const url = `postgres://hawkeye@127.0.0.1:${port}/postgres`;
  const pg = (await import('pg')).default;
  let proc: ChildProcess;
  let log = '';
  const launch = async () => {
    log = '';
    proc = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    proc.stderr?.on('data', (d) => {
      log += String(d);
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const client = new pg.Client({ connectionString: url });
      // A refused connection reports through the promise; a late socket error must not escape.
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        await client.end().catch(() => undefined);
        if (proc.exitCode !== null || Date.now() > deadline) {
          throw new Error(`PostgreSQL did not start:\n${log}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const halt = async () => {
    if (proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    // Signal the postmaster itself: runuser does not pass signals on. SIGINT is a fast shutdown.
    const pidFile = join(dataDir, 'postmaster.pid');
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : proc.pid;
    if (pid) process.kill(pid, 'SIGINT');
    await exited;
  };
  await launch();
  return {
    url,
    port,
    dataDir,
    halt,
    resume: launch,
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
