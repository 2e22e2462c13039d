// `npm start`'s supervisor (scripts/launch.cjs runs the server under it): the server runs as a child
// process, started again when it dies. DuckDB ends its process on a fatal error (an abort, seen a few
// seconds after the disk holding its file fills up); the new process opens the file again and replays
// its write-ahead log, so every write acknowledged before the death is still there.
//
// - A child that ends with status 0 stopped cleanly (a signal sent to it, say): the supervisor ends too.
// - SIGINT or SIGTERM to the supervisor is passed on to the child; the supervisor ends with its status.
// - A child that dies otherwise, after it had once served, is started again after a pause that doubles
//   with each death in a row (1 s, 2 s, 4 s ... 30 s), back to 1 s once a child has served for a minute;
//   one line on stderr names the death and the child's last line of error output.
// - A first start that fails (a port in use, a damaged file) is not retried: its own line says why,
//   and the supervisor ends with its status.
// - The child stops when the supervisor goes away (its IPC channel closes), killed or not, so no
//   server is left running unwatched.
import { spawn } from 'node:child_process';

/** The environment variable that tells a server it runs under this supervisor (src/server/main.ts). */
export const SUPERVISED_ENV = 'HAWKEYE_SUPERVISED';

const FIRST_PAUSE_MS = 1000;
const LONGEST_PAUSE_MS = 30_000;
/** A child that served this long before dying starts the count of deaths in a row again. */
const STABLE_MS = 60_000;
/** How long a child stopping on a signal may take before it is killed. */
const STOP_GRACE_MS = 20_000;

/** Why a child ended, in words. */
function death(code, signal) {
  if (signal === 'SIGABRT')
    return 'aborted (SIGABRT; DuckDB ends its process so on a fatal error, a full disk among them)';
  if (signal) return `was killed by ${signal}`;
  return `exited with status ${code}`;
}

/**
 * The last line of a child's error output that reads as an error (a fatal error, a termination), else
 * its last line: what it said before dying, kept from what passes through (a stack dump after it
 * says less).
 */
function errorTail() {
  let tail = '';
  return {
    add(chunk) {
      tail = (tail + chunk).slice(-4096);
    },
    lastLine() {
      const lines = tail
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      const last = lines.findLast((l) => /error|fatal|terminat|abort/i.test(l)) ?? lines.at(-1) ?? '';
      return last.length > 300 ? `${last.slice(0, 300)}...` : last;
    },
  };
}

/**
 * Runs `node [...execArgv] script [...args]` as a supervised child, with this process's environment
 * and stdin/stdout; its stderr passes through. Never returns: the process ends when the server stops.
 */
export function superviseServer({
  script,
  args = [],
  execArgv = [],
  log = (line) => process.stderr.write(`${line}\n`),
}) {
  let child;
  /** The signal this supervisor is stopping on. */
  let stopping;
  let served = false;
  let deathsInARow = 0;
  let restartTimer;

  const start = () => {
    let servingSince;
    const tail = errorTail();
    const proc = spawn(process.execPath, [...execArgv, script, ...args], {
      env: { ...process.env, [SUPERVISED_ENV]: '1' },
      stdio: ['inherit', 'inherit', 'pipe', 'ipc'],
    });
    child = proc;
    proc.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      tail.add(String(chunk));
    });
    proc.on('message', (message) => {
      if (message?.hawkeye !== 'serving') return;
      servingSince = Date.now();
      if (served && deathsInARow) log('HawkEye: the server is serving again');
      served = true;
    });
    proc.on('error', (err) => log(`HawkEye: the server process could not be started: ${err.message}`));
    proc.on('exit', (code, signal) => {
      child = undefined;
      if (stopping) process.exit(code ?? 1);
      if (code === 0) process.exit(0);
      const why = `the server ${death(code, signal)}`;
      const last = tail.lastLine();
      const said = last ? `; its last error output: ${last}` : '';
      if (!served) {
        // A start that failed said why itself (HawkEye could not start: ...); a death by signal did not.
        if (signal) log(`HawkEye: ${why} before it served${said}`);
        process.exit(code || 1);
      }
      if (servingSince !== undefined && Date.now() - servingSince >= STABLE_MS) deathsInARow = 0;
      deathsInARow++;
      const pause = Math.min(FIRST_PAUSE_MS * 2 ** (deathsInARow - 1), LONGEST_PAUSE_MS);
      log(
        `HawkEye: ${why}${said}. Starting it again in ${pause / 1000} s (${deathsInARow} ${deathsInARow === 1 ? 'death' : 'deaths'} in a row).`,
      );
      restartTimer = setTimeout(start, pause);
    });
  };

  const stop = (signal) => {
    if (stopping) return;
    stopping = signal;
    clearTimeout(restartTimer);
    if (!child) process.exit(0);
    child.kill(signal);
    setTimeout(() => child?.kill('SIGKILL'), STOP_GRACE_MS).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  start();
}
