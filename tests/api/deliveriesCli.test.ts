import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { outboxDir } from '../../src/server/mail/sendMail';
import { duckdbPath } from '../../src/server/store';
import { root } from '../fixtures/tools/runCli';
import { startTestServer } from './harness';

/** `npm run deliveries -- <args>` in its own process, on `dataDir`'s DuckDB file, mail to the outbox. */
function deliveries(
  dataDir: string,
  args: string[],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  return new Promise((done) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/deliveries.ts', ...args],
      { cwd: root, env, timeout: 180_000 },
      (err, stdout, stderr) => done({ status: err ? (err.code as number | null) : 0, stdout, stderr }),
    ),
  );
}

describe('npm run deliveries', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hawkeye-deliveries-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("puts manager's weekly digest into the outbox once; a second run sends nothing", async () => {
    // The demo seed (seed 7, as of 2026-11-20T19:00) with its subscriptions, the server stopped.
    copyFileSync(inject('seedTemplates').duckdbFile, duckdbPath(dataDir));
    const first = await deliveries(dataDir, ['run', '--at', '2026-11-23T08:00']);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^sent {4}#\d+ digest:2026-11-23T14:00:00\.000Z -> manager@example\.com$/m);
    const outbox = readdirSync(outboxDir(dataDir)).filter((f) => f.endsWith('.eml'));
    expect(outbox.length).toBe(first.stdout.match(/^sent /gm)?.length);
    const second = await deliveries(dataDir, ['run', '--at', '2026-11-23T08:00']);
    expect(second).toMatchObject({ status: 0, stdout: 'Nothing due\n' });
    expect(readdirSync(outboxDir(dataDir)).filter((f) => f.endsWith('.eml'))).toEqual(outbox);
    const list = await deliveries(dataDir, ['list']);
    expect(list.stdout).toMatch(
      /manager +digest weekly-portfolio weekly weekday 1 08:00 +email +next: 2026-\S+ +last: sent/,
    );
  });

  it('refuses a bad --at and an unknown command with the usage, before opening anything', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'hawkeye-deliveries-args-'));
    try {
      const [badAt, unknown] = await Promise.all([
        deliveries(empty, ['run', '--at', '2026-11-31T08:00']),
        deliveries(empty, ['resend']),
      ]);
      expect(badAt).toMatchObject({ status: 2, stdout: '' });
      expect(badAt.stderr).toMatch(/--at is not a calendar date/);
      expect(unknown).toMatchObject({ status: 2, stdout: '' });
      expect(unknown.stderr).toMatch(/Unknown command 'resend'/);
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('refuses cleanly while a server holds the DuckDB file', async () => {
    const server = await startTestServer({ driver: 'duckdb' });
    try {
      const r = await deliveries(server.dataDir, ['run', '--at', '2026-11-23T08:00']);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/in use by a running server/);
      expect(r.stderr).not.toMatch(/^\s+at /m);
    } finally {
      await server.stop();
    }
  });
});
