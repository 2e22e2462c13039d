import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffDefinitionSets } from '../../engine/tools/diff/diffDefinitionSets';
import type { DiffReport, PropertyChange } from '../../engine/tools/diff/diffReport';
import { diffValues } from '../../engine/tools/diff/diffValues';
import { renderDiffText } from '../../engine/tools/diff/renderDiffText';
import type { JsonValue } from '../../engine/tools/jsonValue';
import { loadVersions } from '../../engine/tools/loadVersions';
import { readWorkingTree } from '../../engine/tools/sources/readWorkingTree';
import { runDiff } from '../../scripts/dashboards-diff';
import { fixtures, root } from '../fixtures/tools/runCli';
import { runTool } from '../fixtures/tools/runTool';
import { testTempDir } from '../support/tempDir';

const fixture = (name: string) => join('tests', 'fixtures', 'tools', name);
/** The fixtures' endpoint index: each side of a diff is checked against it, as dashboards:check does. */
const index = join(root, 'tests', 'fixtures', 'tools', 'endpoints.json');
const diffCli = (args: string[], cwd?: string) => runTool(runDiff, ['--endpoints', index, ...args], { cwd });
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
      { op: 'add', pointer: '/columns/2', new: { field: 'x' }, item: "field 'x'" },
      { op: 'move', pointer: '/columns/0', from: '/columns/2', item: "field 'c'" },
      { op: 'add', pointer: '/columns/3/header', new: 'B', item: `field 'b' ("B")` },
    ]);
  });

  it('names moved and changed items by their identity and title in the text report, not by position', () => {
    const page = (columns: JsonValue[]): JsonValue => ({ id: 'p', panels: {}, layout: [], columns });
    const report = diffDefinitionSets(
      [
        {
          source: 'a.json',
          page: page([
            { field: 'a', header: 'A' },
            { field: 'b', header: 'B' },
          ]) as never,
        },
      ],
      [
        {
          source: 'b.json',
          page: page([
            { field: 'b', header: 'Bee' },
            { field: 'a', header: 'A' },
          ]) as never,
        },
      ],
    );
    const text = renderDiffText(report);
    expect(text).toContain(`  > field 'b' ("Bee") moved: /columns/1 -> /columns/0`);
    expect(text).toContain(`  ~ /columns/0/header (field 'b' ("Bee")): "B" -> "Bee"`);
  });

  it('shows an added panel whole', () => {
    const before = load('base.json');
    const page = structuredClone(before[0].page) as {
      panels: Record<string, unknown>;
      layout: string[][];
    };
    page.panels.extra = { title: 'Extra Panel', blocks: [{ widgets: [{ kind: 'text', text: 'Hello' }] }] };
    page.layout.push(['extra']);
    const text = renderDiffText(diffDefinitionSets(before, [{ source: 'new.json', page: page as never }]));
    expect(text).toContain('  + panel extra at row');
    expect(text).toContain('"title": "Extra Panel"');
    expect(text).toContain('"text": "Hello"');
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
          field: 'partPercent',
          align: 'right',
          sortable: true,
          group: false,
          sortField: 'partPercent',
        },
        item: `field 'partPercent' ("Share")`,
      },
      {
        op: 'replace',
        pointer: '/panels/detail/blocks/1/widgets/1/columns/1/header',
        old: 'Count',
        new: 'Parts',
        item: `field 'count' ("Parts")`,
      },
    ]);
  });
});

describe('npm run dashboards:diff', () => {
  it('exits 0 when equal', () => {
    const r = diffCli([fixture('base.json'), fixture('reordered.json')]);
    expect(r.stdout).toBe('1 page compared: no differences\n');
    expect(r.status).toBe(0);
  });

  it('exits 1 when different, with a one-line summary per page', () => {
    const r = diffCli([fixture('base.json'), fixture('changed.json')]);
    expect(r.stdout.split('\n')[0]).toBe(
      'items: 1 panel removed, 1 widget moved, 1 property added, 1 property changed',
    );
    expect(r.stdout).toContain(
      `  ~ /panels/detail/blocks/1/widgets/1/columns/1/header (field 'count' ("Parts")): "Count" -> "Parts"`,
    );
    expect(r.status).toBe(1);
  });

  it('prints a machine-readable report with --json', () => {
    const r = diffCli(['--json', fixture('base.json'), fixture('changed.json')]);
    const report = JSON.parse(r.stdout);
    expect(report.equal).toBe(false);
    expect(report.pages[0].summary).toMatch(/^items: /);
    expect(r.status).toBe(1);
  });

  it('exits 2 with every located error for an invalid definition', () => {
    const r = diffCli([fixture('base.json'), fixture('invalid.json')]);
    expect(r.stderr).toContain(
      "tests/fixtures/tools/invalid.json:15:7 /params/view/resetOnAply unknown property 'resetOnAply'; did you mean 'resetOnApply'?",
    );
    expect(r.stderr).toMatch(
      /invalid\.json:\d+:\d+ \/panels\/detail\/blocks\/1\/widgets\/0\/kind unknown widget kind 'tabel'/,
    );
    expect(r.status).toBe(2);
  });

  it('exits 2 for what dashboards:check refuses: an unknown endpoint, an unknown field, a duplicate route', async () => {
    const { readFileSync, writeFileSync } = await import('node:fs');
    const dir = testTempDir('tools-diff-');
    const base = readFileSync(join(fixtures, 'base.json'), 'utf8');
    writeFileSync(join(dir, 'endpoint.json'), base.replace('"/api/items/by_group"', '"/api/items/by_grup"'));
    const endpoint = diffCli([fixture('base.json'), join(dir, 'endpoint.json')]);
    expect(endpoint.stderr).toContain("endpoint 'POST /api/items/by_grup' is not in the API endpoint index");
    expect(endpoint.status).toBe(2);
    writeFileSync(join(dir, 'field.json'), base.replace('"field": "total"', '"field": "totl"'));
    const field = diffCli([fixture('base.json'), join(dir, 'field.json')]);
    expect(field.stderr).toContain("field 'totl' is not in the response rows of '/api/items/by_group'");
    expect(field.status).toBe(2);
    const folder = testTempDir('tools-diff-');
    writeFileSync(join(folder, 'a.json'), base);
    writeFileSync(join(folder, 'b.json'), base.replace(/"id": "items"/, '"id": "items-copy"'));
    const route = diffCli([fixture('base.json'), folder]);
    expect(route.stderr).toMatch(
      /b\.json:\d+:\d+ \/route route '[^']+' is already used by .*a\.json; choose another/,
    );
    expect(route.status).toBe(2);
  });

  it('exits 2 for a missing file', () => {
    const r = diffCli([fixture('base.json'), fixture('nothing-here.json')]);
    expect(r.stderr).toContain("cannot read 'tests/fixtures/tools/nothing-here.json'");
    expect(r.status).toBe(2);
  });

  it('compares a git revision with the working tree (--from)', async () => {
    const { copyFileSync, writeFileSync, readFileSync } = await import('node:fs');
    const { execFileSync } = await import('node:child_process');
    const dir = testTempDir('tools-diff-');
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
    git('init', '-q');
    copyFileSync(join(fixtures, 'base.json'), join(dir, 'items.json'));
    git('add', 'items.json');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'base');
    writeFileSync(join(dir, 'items.json'), readFileSync(join(fixtures, 'changed.json')));
    const r = diffCli(['--from', 'HEAD', 'items.json'], dir);
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n')[0]).toBe(
      'items: 1 panel removed, 1 widget moved, 1 property added, 1 property changed',
    );
    expect(r.status).toBe(1);
    expect(diffCli(['--from', 'HEAD', '--to', 'HEAD', 'items.json'], dir).status).toBe(0);
  });
});

describe('npm run dashboards:diff on loose page files', () => {
  /** Two copies of the Volume page in a folder of their own (no _shared.json beside them), the second edited. */
  async function looseCopies(edit: (text: string) => string) {
    const { readFileSync, writeFileSync } = await import('node:fs');
    const dir = testTempDir('tools-diff-loose-');
    const text = readFileSync(join(root, 'dashboards', 'volume.json'), 'utf8');
    writeFileSync(join(dir, 'old.json'), text);
    writeFileSync(join(dir, 'new.json'), edit(text));
    return dir;
  }
  const rename = (t: string) => t.replace('"header": "Total Comms"', '"header": "All Comms"');

  it("takes the library from the repository's dashboards/ and compares the pages", async () => {
    const dir = await looseCopies(rename);
    const r = runTool(runDiff, [join(dir, 'old.json'), join(dir, 'new.json')]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(
      `volume: 1 property changed\n  ~ /panels/volume/blocks/1/widgets/0/columns/1/header (field 'totalCommCount' ("All Comms")): "Total Comms" -> "All Comms"\n1 page compared: 1 differ\n`,
    );
    expect(r.status).toBe(1);
  });

  it('takes the library of --library DIR, and exits 2 naming a folder that is missing', async () => {
    const { readFileSync, writeFileSync } = await import('node:fs');
    // Pages whose Comm Type selects read the option set 'kinds', which only the other library has.
    const kinds = (t: string) => t.replace(/"options": "commTypes"/g, '"options": "kinds"');
    const dir = await looseCopies((t) => kinds(rename(t)));
    writeFileSync(join(dir, 'old.json'), kinds(readFileSync(join(dir, 'old.json'), 'utf8')));
    const library = testTempDir('tools-diff-library-');
    const shared = readFileSync(join(root, 'dashboards', '_shared.json'), 'utf8');
    writeFileSync(join(library, '_shared.json'), shared.replace('"commTypes": [', '"kinds": ['));
    const pages = [join(dir, 'old.json'), join(dir, 'new.json')];
    const other = runTool(runDiff, ['--library', library, ...pages]);
    expect(other.stderr).toBe('');
    expect(other.stdout).toContain('~ /panels/volume/blocks/1/widgets/0/columns/1/header');
    expect(other.status).toBe(1);
    const repository = runTool(runDiff, pages);
    expect(repository.stderr).toContain("'kinds'");
    expect(repository.status).toBe(2);
    const missing = runTool(runDiff, ['--library', join(dir, 'nothing'), ...pages]);
    expect(missing.stderr).toMatch(/cannot read '.*nothing'/);
    expect(missing.status).toBe(2);
  });
});
