import { describe, expect, it } from 'vitest';
import { definitionFiles, loadDefinitions } from '../../engine/definitions';
import { dashboardMenu } from '../../src/client/dashboards/dashboardMenu';
import { menuTree, normalizePath } from '../../src/client/shell/menu';

/** The menu the shell draws from the definitions in dashboards/. */
function menuFromDefinitions() {
  const { loaded } = loadDefinitions(definitionFiles('dashboards'));
  return dashboardMenu(loaded.flatMap((l) => (l.definition ? [l.definition] : [])));
}

describe('side menu entries', () => {
  it('draws the dashboards in menu order, with the Communication Performance pages in one section', () => {
    const tree = menuTree(menuFromDefinitions()).filter(
      (n) => n.kind === 'section' || n.entry.label !== 'ILS Call Performance',
    );
    expect(tree.map((n) => (n.kind === 'item' ? n.entry.label : n.title))).toEqual([
      'Dashboard',
      'Ad Source Effectiveness',
      'Caller Behavior',
      'Employee Call Performance',
      'Communication Performance',
      'Communications Log',
    ]);
    const section = tree[4];
    expect(section.kind === 'section' && section.entries.map((e) => e.label)).toEqual([
      'Action Required',
      'Response Time',
      'Volume',
    ]);
  });

  it('places a section where its first entry is', () => {
    const tree = menuTree([
      { label: 'A', path: '/a', section: 'S' },
      { label: 'B', path: '/b' },
      { label: 'C', path: '/c', section: 'S' },
    ]);
    expect(tree.map((n) => n.kind)).toEqual(['section', 'item']);
  });

  it('compares paths without a trailing slash', () => {
    expect(normalizePath('/dashboard/volume/')).toBe('/dashboard/volume');
    expect(normalizePath('/')).toBe('/');
  });
});
