import { describe, expect, it } from 'vitest';
import { DEFAULT_MENU, menuTree, normalizePath } from '../../src/client/shell/menu';

describe('side menu entries', () => {
  it('groups the Communication Performance pages into one section after the top-level pages', () => {
    const tree = menuTree(DEFAULT_MENU);
    expect(tree.map((n) => (n.kind === 'item' ? n.entry.label : n.title))).toEqual([
      'Dashboard',
      'Ad Source Effectiveness',
      'Caller Behavior',
      'Employee Call Performance',
      'Communication Performance',
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
