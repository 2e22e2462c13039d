import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFormat } from '../../scripts/dashboards-format';
import { runMigrate } from '../../scripts/dashboards-migrate';
import { runPrint } from '../../scripts/dashboards-print';
import { root } from '../fixtures/tools/runCli';
import { runTool } from '../fixtures/tools/runTool';
import { testTempDir } from '../support/tempDir';

/** A copy of dashboards/ (pages, digests/, alerts/) in a temporary folder, the tools run from there. */
function copyOfDashboards(): string {
  const dir = testTempDir('tools-deliveries-');
  cpSync(join(root, 'dashboards'), join(dir, 'dashboards'), { recursive: true });
  return dir;
}

const WEEKLY = join('dashboards', 'digests', 'weekly-portfolio.json');
const MISSED = join('dashboards', 'alerts', 'missed-call-rate.json');

/** The digest with its keys out of the schema's order: the title and period before the id. */
function shuffled(text: string): string {
  const { $schema, id, title, description, period, items } = JSON.parse(text);
  return `${JSON.stringify({ period, title, $schema, items, description, id }, null, 2)}\n`;
}

describe('the definition tools take the digests and alert rules as they take the pages', () => {
  it('dashboards:format --check lists a digest out of canonical order; dashboards:format puts it back', () => {
    const cwd = copyOfDashboards();
    const file = join(cwd, WEEKLY);
    const canonical = readFileSync(file, 'utf8');
    writeFileSync(file, shuffled(canonical));

    const check = runTool(runFormat, ['--check', 'dashboards'], { cwd });
    expect(check.stdout).toBe(`${WEEKLY}\n`);
    expect(check.status).toBe(1);

    const format = runTool(runFormat, ['dashboards'], { cwd });
    expect(format.stdout).toBe(`formatted ${WEEKLY}\n`);
    expect(readFileSync(file, 'utf8')).toBe(canonical);
    expect(runTool(runFormat, ['--check', 'dashboards'], { cwd }).status).toBe(0);
  });

  it("the repository's digests and alert rules are formatted (the check scripts/test.sh runs)", () => {
    const run = runTool(runFormat, ['--check']);
    expect(run.stdout).toBe('');
    expect(run.status).toBe(0);
  });

  it('dashboards:print prints a digest by id and an alert rule by file: defaults filled, $schema dropped, schema order', () => {
    const digest = runTool(runPrint, ['weekly-portfolio']);
    expect(digest.status).toBe(0);
    const printed = JSON.parse(digest.stdout);
    expect(Object.keys(printed)).toEqual(['id', 'title', 'description', 'period', 'items']);
    expect(printed.items[0]).toEqual({ page: 'caller-behavior', panel: 'tiles', title: 'Caller Behavior' });

    const rule = runTool(runPrint, [MISSED]);
    expect(rule.status).toBe(0);
    const shown = JSON.parse(rule.stdout);
    expect(shown.id).toBe('missed-call-rate');
    expect(shown.$schema).toBeUndefined();
    // The source's method is left out of the file: the schema's default is filled in.
    expect(JSON.parse(readFileSync(join(root, MISSED), 'utf8')).source.method).toBeUndefined();
    expect(shown.source.method).toBe('POST');
  });

  it('dashboards:print refuses a digest that names a panel its page does not have, at its line', () => {
    const cwd = copyOfDashboards();
    const file = join(cwd, WEEKLY);
    const text = readFileSync(file, 'utf8').replace('"panel": "missedBySite"', '"panel": "missedBySight"');
    writeFileSync(file, text);
    const line = text.split('\n').findIndex((l) => l.includes('missedBySight')) + 1;
    for (const target of ['weekly-portfolio', WEEKLY]) {
      const run = runTool(runPrint, [target, '--dir', 'dashboards'], { cwd });
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(new RegExp(`^${WEEKLY}:${line}:\\d+ /items/2/panel .*missedBySight`, 'm'));
      expect(run.status).toBe(2);
    }
  });

  it('dashboards:migrate leaves the digests and alert rules alone and says so', () => {
    const cwd = copyOfDashboards();
    const before = readFileSync(join(cwd, WEEKLY), 'utf8');
    for (const args of [['dashboards'], [WEEKLY]]) {
      const run = runTool(runMigrate, args, { cwd });
      expect(run.status).toBe(0);
      expect(run.stdout).toBe('');
      const count = args.includes(WEEKLY) ? '1 file' : '5 files';
      expect(run.stderr).toBe(
        `info: ${count} of digests/ and alerts/ left alone: digests and alert rules have no schemaVersion to migrate\n`,
      );
    }
    // --check says nothing when every file is current: digests and alert rules always are.
    expect(runTool(runMigrate, ['--check', 'dashboards'], { cwd })).toEqual({
      status: 0,
      stdout: '',
      stderr: '',
    });
    expect(readFileSync(join(cwd, WEEKLY), 'utf8')).toBe(before);
  });
});
