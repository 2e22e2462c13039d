import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { diffDefinitionSets } from '../../engine/tools/diff/diffDefinitionSets';
import type { DiffReport, PropertyChange } from '../../engine/tools/diff/diffReport';
import { diffValues } from '../../engine/tools/diff/diffValues';
import type { JsonValue } from '../../engine/tools/jsonValue';
import { loadVersions } from '../../engine/tools/loadVersions';
import { readWorkingTree } from '../../engine/tools/sources/readWorkingTree';
import { fixtures, root, runCli } from '../fixtures/tools/runCli';

vi.setConfig({ testTimeout: 120_000 });

const fixture = (name: string) => join('tests', 'fixtures', 'tools', name);
const load = (name: string) => {
  const loaded = loadVersions(readWorkingTree([fixture(name)], root));
  expect(loaded.errors).toEqual([]);
  return loaded.versions;
};

describe('diffValues', () => {
  it('matches list items by identity: an inserted column is one add, a reordered one one move', () => {
    const out: PropertyChange[] = [];
    const a: JsonValue = [{ field: 'a' }, { field: 'b' }, { field: 'c' }];
    const b: JsonValue = [{ field: 'c' }, { field: 'a' }, { field: 'x' }, { field: 'b', header: 'B' }];
    diffValues(a, b, '/columns', '/columns', out);
    expect(out).toEqual([
      { op: 'add', pointer: '/columns/2', new: { field: 'x' } },
      { op: 'move', pointer: '/columns/0', from: '/columns/2' },
      { op: 'add', pointer: '/columns/3/header', new: 'B' },
    ]);
  });

  it('reports a changed list of plain values as one replace', () => {
    const out: PropertyChange[] = [];
    diffValues({ ids: [1, 2] }, { ids: [1, 2, 3] }, '', '', out);
    expect(out).toEqual([{ op: 'replace', pointer: '/ids', old: [1, 2], new: [1, 2, 3] }]);
  });
});

describe('diffDefinitionSets', () => {
  it('finds no difference for reordered keys, other formatting and values equal to defaults', () => {
    const report = diffDefinitionSets(load('base.json'), load('reordered.json'));
    expect(report.equal).toBe(true);
  });

  it('reports an added column, a changed header, a removed panel and a moved widget by pointer', () => {
    const report: DiffReport = diffDefinitionSets(load('base.json'), load('changed.json'));
    const [page] = report.pages;
    expect(page.status).toBe('changed');
    expect(page.panels).toEqual([{ op: 'remove', panel: 'summary', place: { row: 1, column: 1 } }]);
    expect(page.widgets).toEqual([
      {
        op: 'move',
        widget: 'chip for groupId',
        pointer: '/panels/detail/blocks/0/widgets/0',
        from: '/panels/detail/blocks/0/widgets/1',
      },
    ]);
    expect(page.properties).toEqual([
      {
        op: 'add',
        pointer: '/panels/detail/blocks/1/widgets/0/columns/2',
        new: {
          header: 'Share',
          field: 'share',
          align: 'right',
          sortable: true,
          group: false,
          sortField: 'share',
        },
      },
      {
        op: 'replace',
        pointer: '/panels/detail/blocks/1/widgets/1/columns/1/header',
        old: 'Count',
        new: 'Parts',
      },
    ]);
  });
});

describe('npm run dashboards:diff', () => {
  it('exits 0 when equal', () => {
    const r = runCli('dashboards-diff.ts', [fixture('base.json'), fixture('reordered.json')]);
    expect(r.stdout).toBe('1 page compared: no differences\n');
    expect(r.status).toBe(0);
  });

  it('exits 1 when different, with a one-line summary per page', () => {
    const r = runCli('dashboards-diff.ts', [fixture('base.json'), fixture('changed.json')]);
    expect(r.stdout.split('\n')[0]).toBe(
      'items: 1 panel removed, 1 widget moved, 1 property added, 1 property changed',
    );
    expect(r.stdout).toContain('  ~ /panels/detail/blocks/1/widgets/1/columns/1/header: "Count" -> "Parts"');
    expect(r.status).toBe(1);
  });

  it('prints a machine-readable report with --json', () => {
    const r = runCli('dashboards-diff.ts', ['--json', fixture('base.json'), fixture('changed.json')]);
    const report = JSON.parse(r.stdout);
    expect(report.equal).toBe(false);
    expect(report.pages[0].summary).toMatch(/^items: /);
    expect(r.status).toBe(1);
  });

  it('exits 2 with every located error for an invalid definition', () => {
    const r = runCli('dashboards-diff.ts', [fixture('base.json'), fixture('invalid.json')]);
    expect(r.stderr).toContain(
      "tests/fixtures/tools/invalid.json:15:7 /params/view/resetOnAply unknown property 'resetOnAply'; did you mean 'resetOnApply'?",
    );
    expect(r.stderr).toMatch(
      /invalid\.json:\d+:\d+ \/panels\/detail\/blocks\/1\/widgets\/0\/kind unknown widget kind 'tabel'/,
    );
    expect(r.status).toBe(2);
  });

  it('exits 2 for a missing file', () => {
    const r = runCli('dashboards-diff.ts', [fixture('base.json'), fixture('nothing-here.json')]);
    expect(r.stderr).toContain("cannot read 'tests/fixtures/tools/nothing-here.json'");
    expect(r.status).toBe(2);
  });

  it('compares a git revision with the working tree (--from)', async () => {
    const { mkdtempSync, copyFileSync, writeFileSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { execFileSync } = await import('node:child_process');
    const dir = mkdtempSync(join(tmpdir(), 'tools-diff-'));
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
    git('init', '-q');
    copyFileSync(join(fixtures, 'base.json'), join(dir, 'items.json'));
    git('add', 'items.json');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'base');
    writeFileSync(join(dir, 'items.json'), readFileSync(join(fixtures, 'changed.json')));
    const r = runCli('dashboards-diff.ts', ['--from', 'HEAD', 'items.json'], dir);
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n')[0]).toBe(
      'items: 1 panel removed, 1 widget moved, 1 property added, 1 property changed',
    );
    expect(r.status).toBe(1);
    expect(runCli('dashboards-diff.ts', ['--from', 'HEAD', '--to', 'HEAD', 'items.json'], dir).status).toBe(
      0,
    );
  });
});
