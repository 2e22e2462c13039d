import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCheck } from '../../scripts/dashboards-check';
import { runDiff } from '../../scripts/dashboards-diff';
import { runFormat } from '../../scripts/dashboards-format';
import { runMigrate } from '../../scripts/dashboards-migrate';
import { runPrint } from '../../scripts/dashboards-print';
import { runDocs } from '../../scripts/docs-dashboards';
import { fixtures, runCli } from '../fixtures/tools/runCli';
import { runTool, type Tool } from '../fixtures/tools/runTool';
import { testTempDir } from '../support/tempDir';

// Each case starts a process with tsx (seconds each on a busy machine); the other tool tests run
// the same entry points in-process.
vi.setConfig({ testTimeout: 120_000 });

const fixture = (name: string) => join('tests', 'fixtures', 'tools', name);
const index = fixture('endpoints.json');

/** A folder holding copies of fixtures, for the tools that would rewrite them. */
function copies(...names: string[]): string {
  const dir = testTempDir('tools-cli-');
  for (const name of names) copyFileSync(join(fixtures, name), join(dir, name));
  return dir;
}

/**
 * The command as `npm run` starts it prints exactly what the in-process run prints and exits with
 * its status: the scripts' main-module wiring adds nothing and loses nothing.
 */
function expectWired(script: string, tool: Tool, args: string[], status: number) {
  const cli = runCli(script, args);
  expect(cli).toEqual(runTool(tool, args, { env: process.env as Record<string, string> }));
  expect(cli.status).toBe(status);
  return cli;
}

describe('the definition tools as commands', () => {
  it('dashboards:check prints located errors on stderr and exits 1', () => {
    const cli = expectWired('dashboards-check.ts', runCheck, ['--alone', fixture('invalid.json')], 1);
    expect(cli.stderr).toMatch(/invalid\.json:15:7 \/params\/view\/resetOnAply unknown property/);
  });

  it('dashboards:diff prints the report on stdout and exits 1 when different', () => {
    const cli = expectWired(
      'dashboards-diff.ts',
      runDiff,
      ['--endpoints', index, fixture('base.json'), fixture('changed.json')],
      1,
    );
    expect(cli.stdout.split('\n')[0]).toBe(
      'items: 1 panel removed, 1 widget moved, 1 property added, 1 property changed',
    );
  });

  it('dashboards:print prints the normalized page and exits 0', () => {
    const cli = expectWired(
      'dashboards-print.ts',
      runPrint,
      [fixture('reordered.json'), '--endpoints', index],
      0,
    );
    expect(JSON.parse(cli.stdout).id).toBe('items');
  });

  it('dashboards:format --check lists an unformatted file and exits 1', () => {
    const dir = copies('base.json', 'reordered.json');
    const cli = expectWired('dashboards-format.ts', runFormat, ['--check', dir], 1);
    expect(cli.stdout).toMatch(/reordered\.json\n$/);
  });

  it('dashboards:migrate --check lists a file of an older version and exits 1', () => {
    const dir = copies('base.json', 'legacy-v0.json');
    const cli = expectWired('dashboards-migrate.ts', runMigrate, ['--check', dir], 1);
    expect(cli.stdout).toMatch(/legacy-v0\.json\n$/);
  });

  it('docs:dashboards --check reports a stale file and exits 1', () => {
    const out = join(testTempDir('tools-cli-'), 'dashboards.md');
    const cli = expectWired('docs-dashboards.ts', runDocs, ['--check', '--out', out], 1);
    expect(cli.stderr).toContain('is stale; run npm run docs:dashboards');
  });
});
