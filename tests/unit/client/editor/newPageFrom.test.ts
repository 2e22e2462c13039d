import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  copyPageText,
  idFromTitle,
  newPageNames,
  storageKeysOf,
} from '../../../../src/client/editor/newPageFrom';

const original = readFileSync(join(process.cwd(), 'dashboards', 'response-time.json'), 'utf8');

describe('newPageFrom', () => {
  it('derives the id, file and route from a title', () => {
    expect(idFromTitle(' Volume by Région! ')).toBe('volume-by-region');
    expect(idFromTitle('2027 plan')).toBe('page-2027-plan');
    expect(newPageNames(' Plan ', 'plan.json')).toEqual({
      file: 'plan.json',
      id: 'plan',
      route: '/dashboard/plan',
      title: 'Plan',
    });
  });

  it('copies a page with fresh names and storage keys, leaving the rest as it was', () => {
    const before = JSON.parse(original);
    const taken = new Set([...storageKeysOf(original), 'rt-copy-stored-applied-relationships']);
    const text = copyPageText(original, newPageNames('RT "copy"', 'rt-copy.json'), taken);
    const after = JSON.parse(text);
    expect(after.id).toBe('rt-copy');
    expect(after.route).toBe('/dashboard/rt-copy');
    expect(after.title).toBe('RT "copy"');
    expect(after.menu.label).toBe('RT "copy"');
    const keys = storageKeysOf(text);
    expect(keys.length).toBe(storageKeysOf(original).length);
    expect(keys.filter((k) => taken.has(k))).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('rt-copy-trend-stored-applied-communication');
    expect(keys).toContain('rt-copy-stored-applied-relationships-2');
    // Panels keep their titles; the layout of the text is unchanged outside the renamed values.
    expect(after.panels).toEqual(before.panels);
    expect(text.split('\n').length).toBe(original.split('\n').length);
  });
});
