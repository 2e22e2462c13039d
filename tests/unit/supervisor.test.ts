import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { testTempDir } from '../support/tempDir';

// `npm start`'s supervisor (scripts/lib/supervisor.mjs), with a stand-in server: a script that tells
// the supervisor it serves (as src/server/main.ts does), writes its pid to a file, and then dies or
// stops as each case asks.

const SUPERVISOR = pathToFileURL(join(process.cwd(), 'scripts', 'lib', 'supervisor.mjs')).href;

/** The stand-in: MODE 'die' aborts after serving on its first life, 'fail' exits 1 before serving. */
const STAND_IN = `
const fs = require('node:fs');
const dir = process.env.DIR;
const life = fs.readdirSync(dir).filter((f) => f.startsWith('pid-')).length + 1;
process.on('SIGTERM', () => { fs.writeFileSync(dir + '/stopped-' + life, 'SIGTERM'); process.exit(0); });
process.on('disconnect', () => { fs.writeFileSync(dir + '/stopped-' + life, 'disconnect'); process.exit(0); });
fs.writeFileSync(dir + '/pid-' + life, String(process.pid));
if (process.env.MODE === 'fail') { process.stderr.write('HawkEye could not start: a reason\\n'); process.exit(1); }
process.send({ hawkeye: 'serving' });
if (process.env.MODE === 'die' && life === 1) {
  process.stderr.write('FATAL Error: the last words\\n');
  setTimeout(() => process.kill(process.pid, 'SIGABRT'), 50);
}
setInterval(() => {}, 1000);
`;

const running: ChildProcess[] = [];
afterEach(() => {
  for (const p of running) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  running.length = 0;
});

function supervise(mode: string) {
  const dir = testTempDir('supervisor-');
  const script = join(dir, 'stand-in.cjs');
  writeFileSync(script, STAND_IN);
  const proc = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import(${JSON.stringify(SUPERVISOR)}).then((m) => m.superviseServer({ script: ${JSON.stringify(script)} }))`,
    ],
    // In the folder: an abort may leave a core file where the process runs.
    { cwd: dir, env: { ...process.env, DIR: dir, MODE: mode }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.push(proc);
  let stderr = '';
  proc.stderr!.on('data', (d) => {
    stderr += d;
  });
  const exit = new Promise<{ code: number | null; signal: string | null }>((done) =>
    proc.once('exit', (code, signal) => done({ code, signal })),
  );
  const file = (name: string) => join(dir, name);
  const pid = (life: number) =>
    existsSync(file(`pid-${life}`)) ? Number(readFileSync(file(`pid-${life}`), 'utf8')) : 0;
  return { proc, exit, file, pid, stderr: () => stderr };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the server supervisor', () => {
  it('starts a server that died again, naming the death and its last error line; SIGTERM then stops both', async () => {
    const s = supervise('die');
    await expect.poll(() => s.pid(2), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(s.stderr()).toContain(
      'HawkEye: the server aborted (SIGABRT; DuckDB ends its process so on a fatal error, a full disk among them); its last error output: FATAL Error: the last words. Starting it again in 1 s (1 death in a row).',
    );
    s.proc.kill('SIGTERM');
    expect(await s.exit).toEqual({ code: 0, signal: null });
    expect(readFileSync(s.file('stopped-2'), 'utf8')).toBe('SIGTERM');
    expect(existsSync(s.file('pid-3'))).toBe(false);
  });

  it('does not retry a start that failed before serving: it ends with the start’s status', async () => {
    const s = supervise('fail');
    expect(await s.exit).toEqual({ code: 1, signal: null });
    expect(s.stderr()).toBe('HawkEye could not start: a reason\n');
    expect(existsSync(s.file('pid-2'))).toBe(false);
  });

  it('a server stopped on its own with status 0 stops the supervisor too', async () => {
    const s = supervise('serve');
    await expect.poll(() => s.pid(1), { timeout: 20_000 }).toBeGreaterThan(0);
    process.kill(s.pid(1), 'SIGTERM');
    expect(await s.exit).toEqual({ code: 0, signal: null });
  });

  it('a supervisor killed outright leaves no server running', async () => {
    const s = supervise('serve');
    await expect.poll(() => s.pid(1), { timeout: 20_000 }).toBeGreaterThan(0);
    s.proc.kill('SIGKILL');
    await s.exit;
    await expect.poll(() => alive(s.pid(1)), { timeout: 20_000 }).toBe(false);
    expect(readFileSync(s.file('stopped-1'), 'utf8')).toBe('disconnect');
  });
});
