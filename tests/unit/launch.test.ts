import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The launcher every server process starts through (npm start, the browser tests', the deployment's
 * instances, bench:pages' and bench:load's) sizes Node's thread pool before Node first uses it, so DuckDB's queries
 * (up to 4 at once, each holding a pool thread) leave threads for files, compression and password
 * checks. Measured without a clock: a process opens named pipes for reading on the pool, each open
 * holding its thread until a writer comes, and counts its threads waiting in `openat` (Linux's
 * /proc/self/task/<id>/syscall), then lets them go.
 */
const dir = mkdtempSync(join(tmpdir(), 'launch-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const OPENAT: Record<string, number> = { x64: 257, arm64: 56 };
/** Whether this system shows what a thread is waiting in (not every sandbox does). */
const threadsShown = (() => {
  try {
    // A thread in a system call shows its number; one on a CPU at that moment shows 'running'.
    return /^(-?\d+ |running)/.test(readFileSync(`/proc/self/task/${process.pid}/syscall`, 'utf8'));
  } catch {
    return false;
  }
})();

/**
 * Opens under way at once out of `opens` (at most the pool's size), in a process started with
 * `prelude`; `expected` lets it answer once that many have held for a moment instead of waiting
 * for the rest.
 */
function concurrentOpens(prelude: string, opens: number, expected: number, env: NodeJS.ProcessEnv = {}) {
  const script = `${prelude}
const fs = require('node:fs');
const { join } = require('node:path');
const { execFileSync } = require('node:child_process');
const dir = fs.mkdtempSync(${JSON.stringify(join(dir, 'p-'))});
const fifos = Array.from({ length: ${opens} }, (_, i) => join(dir, 'f' + i));
for (const f of fifos) execFileSync('mkfifo', [f]);
let finished = 0;
for (const f of fifos) fs.open(f, 'r', (err, fd) => { finished++; if (!err) fs.closeSync(fd); });
const waitingInOpen = () => fs.readdirSync('/proc/self/task').filter((id) => {
  if (Number(id) === process.pid) return false;
  try { return fs.readFileSync('/proc/self/task/' + id + '/syscall', 'utf8').startsWith('${OPENAT[process.arch] ?? 257} '); } catch { return false; }
}).length;
// Polled every 20 ms: answers when every open is under way, when the expected count has held for
// 300 ms (a pool of 4 never starts a fifth while the first four wait), or after 10 s.
let held = 0;
const poll = (tries) => {
  const n = waitingInOpen();
  held = n === ${expected} ? held + 1 : 0;
  if (n === ${opens} || held === 15 || tries === 0) {
    console.log(String(n));
    // A writer lets each waiting open finish, and then the ones queued behind them, until all have.
    const release = () => {
      for (const f of fifos) try { fs.closeSync(fs.openSync(f, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK)); } catch {}
      if (finished === fifos.length) process.exit(0);
      setTimeout(release, 10);
    };
    release();
    return;
  }
  setTimeout(() => poll(tries - 1), 20);
};
poll(500);`;
  const out = spawnSync(process.execPath, ['-e', script], {
    cwd: process.cwd(),
    // Nothing preloaded: an ES module preloaded would size the pool before the prelude runs.
    env: { ...process.env, NODE_OPTIONS: undefined, UV_THREADPOOL_SIZE: undefined, ...env },
    encoding: 'utf8',
    timeout: 30_000,
    killSignal: 'SIGKILL',
  });
  if (out.status !== 0) throw new Error(`status ${out.status} ${out.signal ?? ''}: ${out.stderr}`);
  return Number(out.stdout.trim());
}

describe.skipIf(!threadsShown)('the server launcher (scripts/launch.cjs)', () => {
  it('gives Node’s thread pool room beside DuckDB’s four queries', () => {
    const launcher = `require(${JSON.stringify(join(process.cwd(), 'scripts', 'launch.cjs'))});`;
    // Node's own default: the fifth open waits for one of four threads.
    expect(concurrentOpens('', 6, 4)).toBe(4);
    expect(concurrentOpens(launcher, 8, 8)).toBe(8);
    // A size set by the environment is kept.
    expect(concurrentOpens(launcher, 6, 5, { UV_THREADPOOL_SIZE: '5' })).toBe(5);
  });
});
