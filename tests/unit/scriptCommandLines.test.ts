import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { root } from '../fixtures/tools/runCli';
import { testTempDir } from '../support/tempDir';

// Every case starts a process with tsx (seconds each on a busy machine), a few at a time.
vi.setConfig({ testTimeout: 300_000 });

/** The scripts the npm scripts run (`tsx scripts/x.ts`, `node scripts/launch.cjs scripts/x.ts`). */
const packageScripts = Object.values(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts,
).flatMap((command) => [...command.matchAll(/\b(scripts\/\S+\.ts)\b/g)].map((m) => m[1]));
/** The commands started by other commands: the API alone (npm run dev) and one instance of ha:up. */
const innerScripts = ['scripts/serve-api.ts', 'scripts/ha/instance.ts'];
const commands = [...new Set([...packageScripts, ...innerScripts])].sort();

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a script with tsx, as `npm run` does, on an empty DATA_DIR (and no DATABASE_URL). */
function run(script: string, args: string[], dataDir: string): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { cwd: root, env, timeout: 120_000, killSignal: 'SIGKILL' },
      (err, stdout, stderr) => done({ status: err ? (err.code as number | null) : 0, stdout, stderr }),
    );
  });
}

/** Runs `work` on each item, `width` at a time. */
async function inTurns<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

const USAGE_LINE = /^usage: (npm|tsx) /im;

describe('every script parses its command line strictly', () => {
  it('lists every command of scripts/', () => {
    const topLevel = readdirSync(join(root, 'scripts')).filter((f) => f.endsWith('.ts'));
    expect(commands).toEqual(expect.arrayContaining(topLevel.map((f) => `scripts/${f}`)));
  });

  it('refuses an unknown option with its usage line, exit 2, and changes nothing', async () => {
    const results = await inTurns(commands, 3, async (script) => {
      const dataDir = testTempDir('script-args-');
      const r = await run(script, ['--no-such-option'], dataDir);
      return { script, ...r, dataDir: readdirSync(dataDir) };
    });
    for (const r of results) {
      expect({ script: r.script, status: r.status, stdout: r.stdout }).toEqual({
        script: r.script,
        status: 2,
        stdout: '',
      });
      expect(r.stderr, r.script).toContain("Unknown option '--no-such-option'");
      expect(r.stderr, r.script).toMatch(USAGE_LINE);
      expect(r.stderr, r.script).not.toMatch(/^\s+at /m);
      expect(r.dataDir, r.script).toEqual([]);
    }
  });

  it('db:seed refuses a misspelt option or a missing value before it opens the database', async () => {
    const dataDir = testTempDir('script-args-');
    const [misspelt, missing] = await Promise.all([
      run('scripts/seed.ts', ['--scal', 'small'], dataDir),
      run('scripts/seed.ts', ['--seed', '2', '--scale'], dataDir),
    ]);
    expect(misspelt).toMatchObject({ status: 2, stdout: '' });
    expect(misspelt.stderr).toMatch(/Unknown option '--scal'\nUsage: npm run db:seed -- \[--scale /);
    expect(missing).toMatchObject({ status: 2, stdout: '' });
    expect(missing.stderr).toMatch(/Option '--scale <value>' argument missing\nUsage: npm run db:seed /);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('db:import refuses an option without its value, and --help prints the usage', async () => {
    const dataDir = testTempDir('script-args-');
    const [missing, help] = await Promise.all([
      run('scripts/import.ts', ['communications', 'x.csv', '--as-of'], dataDir),
      run('scripts/import.ts', ['--help'], dataDir),
    ]);
    expect(missing).toMatchObject({ status: 2, stdout: '' });
    expect(missing.stderr).toMatch(/Option '--as-of <value>' argument missing\nUsage: npm run db:import /);
    expect(help).toMatchObject({ status: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: npm run db:import -- <kind> /);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
