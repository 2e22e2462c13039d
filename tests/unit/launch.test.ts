import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The launcher every server process starts through (npm start, the browser tests', the deployment's
 * instances, the benchmarks') sizes Node's thread pool before Node first uses it, so DuckDB's queries
 * (up to 4 at once, each holding a pool thread) leave threads for files, compression and password
 * checks. Measured without a clock: a process opens named pipes for reading on the pool, each open
 * holding its thread until a writer comes, and counts its threads waiting in `openat` (Linux's
 * /proc/self/task/<id>/syscall), then lets them go.
 */
const dir = mkdtempSync(join(tmpdir(), 'launch-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const OPENAT: Record<string, number> = { x64: 257, arm64: 56 };

/** Opens under way at once out of `opens` (at most the pool's size), in a process started with `prelude`. */
function concurrentOpens(prelude: string, opens: number, env: NodeJS.ProcessEnv = {}): number {
  const script = `${prelude}
const fs = require('node:fs');
const { join } = require('node:path');
const { execFileSync } = require('node:child_process');
const dir = fs.mkdtempSync(${JSON.stringify(join(dir, 'p-'))});
const fifos = Array.from({ length: ${opens} }, (_, i) => join(dir, 'f' + i));
for (const f of fifos) execFileSync('mkfifo', [f]);
for (const f of fifos) fs.open(f, 'r', (err, fd) => { if (!err) fs.close(fd, () => {}); });
const waitingInOpen = () => fs.readdirSync('/proc/self/task').filter((id) => {
  if (Number(id) === process.pid) return false;
  try { return fs.readFileSync('/proc/self/task/' + id + '/syscall', 'utf8').startsWith('${OPENAT[process.arch] ?? 257} '); } catch { return false; }
}).length;
const poll = (tries) => {
  const n = waitingInOpen();
  // Every open under way, or as many as the pool held for three seconds: a pool of 4 never runs a fifth.
  if (n === ${opens} || tries === 0) {
    console.log(String(n));
    // A writer lets each waiting open finish, and the ones queued behind them after.
    const release = () => { for (const f of fifos) try { fs.closeSync(fs.openSync(f, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK)); } catch {} };
    const done = setInterval(release, 20);
    setTimeout(() => { clearInterval(done); process.exit(0); }, 300);
    return;
  }
  setTimeout(() => poll(tries - 1), 20);
};
poll(150);`;
  const out = spawnSync(process.execPath, ['-e', script], {
    cwd: process.cwd(),
    env: { ...process.env, UV_THREADPOOL_SIZE: undefined, ...env },
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(out.stderr);
  return Number(out.stdout.trim());
}

describe('the server launcher (scripts/launch.cjs)', () => {
  it('gives Node’s thread pool room beside DuckDB’s four queries', () => {
    const launcher = `require(${JSON.stringify(join(process.cwd(), 'scripts', 'launch.cjs'))});`;
    // Node's own default: the fifth open waits for one of four threads.
    expect(concurrentOpens('', 6)).toBe(4);
    expect(concurrentOpens(launcher, 8)).toBe(8);
    // A size set by the environment is kept.
    expect(concurrentOpens(launcher, 6, { UV_THREADPOOL_SIZE: '5' })).toBe(5);
  });
});
