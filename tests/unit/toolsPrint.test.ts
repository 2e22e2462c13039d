import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPrint } from '../../scripts/dashboards-print';
import { runTool } from '../fixtures/tools/runTool';

const fixture = (name: string) => join('tests', 'fixtures', 'tools', name);

describe('npm run dashboards:print', () => {
  it('prints a file normalized: defaults filled, shorthand resolved, $schema dropped, canonical order', () => {
    const r = runTool(runPrint, [fixture('reordered.json'), '--endpoints', 'none.json']);
    expect(r.status).toBe(0);
    const page = JSON.parse(r.stdout);
    expect(Object.keys(page).slice(0, 3)).toEqual(['schemaVersion', 'id', 'route']);
    expect(page.$schema).toBeUndefined();
    expect(page.filterBar.isPeriodVisible).toBe(true);
    const table = page.panels.detail.blocks[1].widgets[0];
    expect(table.state).toBe('byGroup');
    expect(table.pageSize).toBe(10);
    expect(table.columns[0].sortField).toBe('group');
  });

  it('prints a version 2 file with the library beside it, as it prints that page by id', () => {
    const byFile = runTool(runPrint, [join('dashboards', 'volume.json')]);
    expect(byFile.stderr).toBe('');
    expect(byFile.status).toBe(0);
    expect(byFile.stdout).toBe(runTool(runPrint, ['volume']).stdout);
  });

  it('finds a page of dashboards/ by id', () => {
    const r = runTool(runPrint, ['home']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).id).toBe('home');
  });

  it('exits 2 with the located errors of an invalid definition', () => {
    const r = runTool(runPrint, [fixture('invalid.json'), '--endpoints', 'none.json']);
    expect(r.stderr).toMatch(/invalid\.json:15:7 \/params\/view\/resetOnAply unknown property/);
    expect(r.status).toBe(2);
  });

  it('exits 2 for an unknown id, naming the known pages, digests and alert rules', () => {
    const r = runTool(runPrint, ['no-such-page']);
    expect(r.stderr).toMatch(
      /no page, digest or alert rule with id 'no-such-page'.*home.*weekly-portfolio.*missed-call-rate/,
    );
    expect(r.status).toBe(2);
  });
});
