import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { checkDefinitionText, loadEndpointIndex } from '../../../../engine/definitions/index';
import type { NormalizedParam } from '../../../../engine/definitions/normalizedPage';
import {
  decodeShared,
  encodeShared,
  sharedParamsOf,
  sharedQuery,
  valuesFromQuery,
} from '../../../../engine/params/sharedParams';

// Compiling Vega-Lite's schema takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const root = resolve(import.meta.dirname, '..', '..', '..', '..');
const endpoints = loadEndpointIndex(join(root, 'tests', 'fixtures', 'dashboards', 'api', 'endpoints.json'));

const param = (p: Partial<NormalizedParam>): NormalizedParam => ({
  default: null,
  resetOnApply: false,
  ...p,
});

describe('shared params in the URL', () => {
  const params = {
    view: param({ default: 'group', share: { as: 'view', type: 'string' } }),
    groupId: param({ share: { as: 'group', type: 'number', within: 'ids' } }),
    kinds: param({ default: [1, 2, 3], share: { as: 'kinds', type: 'numbers' } }),
    hidden: param({ default: 'x' }),
  };
  const shared = sharedParamsOf(params);

  it('writes readable texts, lists comma-separated, and leaves defaults out', () => {
    expect(sharedQuery(shared, params, { view: 'item', groupId: 12, kinds: [1, 3], hidden: 'y' })).toEqual({
      view: 'item',
      group: '12',
      kinds: '1,3',
    });
    expect(sharedQuery(shared, params, { view: 'group', groupId: null, kinds: [1, 2, 3] })).toEqual({
      view: undefined,
      group: undefined,
      kinds: undefined,
    });
    expect(encodeShared([], params.kinds)).toBe('');
  });

  it('reads the texts back as the declared type, and ignores texts that are not of it', () => {
    expect(decodeShared('12', 'number')).toBe(12);
    expect(decodeShared('twelve', 'number')).toBeUndefined();
    expect(decodeShared('', 'number')).toBeUndefined();
    expect(decodeShared('1,3', 'numbers')).toEqual([1, 3]);
    expect(decodeShared('1,,3', 'numbers')).toBeUndefined();
    expect(decodeShared('', 'numbers')).toEqual([]);
    expect(decodeShared('a,b', 'strings')).toEqual(['a', 'b']);
    expect(decodeShared('true', 'boolean')).toBe(true);
    expect(decodeShared('yes', 'boolean')).toBeUndefined();
  });

  it('drops a value the host says is outside the scope of its filter key, and names it', () => {
    const allowsFilterValue = (key: string, value: unknown) => key === 'ids' && value === 12;
    const mine = valuesFromQuery(shared, { view: 'item', group: '12', kinds: '2' }, { allowsFilterValue });
    expect(Object.fromEntries(mine.values)).toEqual({ view: 'item', groupId: 12, kinds: [2] });
    expect(mine.dropped).toEqual([]);
    const foreign = valuesFromQuery(shared, { view: 'item', group: '99' }, { allowsFilterValue });
    expect(Object.fromEntries(foreign.values)).toEqual({ view: 'item' });
    expect(foreign.dropped).toEqual(['group']);
  });
});

describe('checking shared params', () => {
  function check(params: Record<string, unknown>): string[] {
    const page = {
      schemaVersion: 2,
      id: 'p',
      route: '/p',
      title: 'P',
      params,
      layout: [['a']],
      panels: { a: { title: 'A', blocks: [{ widgets: [{ kind: 'text', text: 'x' }] }] } },
    };
    // An index that knows the host's filter keys (the fixture index names none).
    const withKeys = Object.assign(new Map(endpoints), { filterKeys: ['ids', 'start'] });
    return checkDefinitionText('p.json', JSON.stringify(page, null, 1), { endpoints: withKeys }).errors.map(
      (e) => `${e.pointer} ${e.message}`,
    );
  }

  it('accepts a type implied by the default, and fills it in', () => {
    const r = checkDefinitionText(
      'p.json',
      JSON.stringify({
        schemaVersion: 2,
        id: 'p',
        route: '/p',
        title: 'P',
        params: { v: { default: [1], share: { as: 'v' } } },
        layout: [['a']],
        panels: { a: { title: 'A', blocks: [{ widgets: [{ kind: 'text', text: 'x' }] }] } },
      }),
      { endpoints },
    );
    expect(r.errors).toEqual([]);
    expect(r.definition?.params.v.share).toEqual({ as: 'v', type: 'numbers' });
  });

  it('refuses a taken name, a null default without a type, a type the default contradicts, an unknown filter key', () => {
    expect(
      check({
        a: { default: 'x', share: { as: 'view' } },
        b: { default: 'y', share: { as: 'view' } },
        c: { default: null, share: { as: 'c' } },
        d: { default: 'z', share: { as: 'd', type: 'number' } },
        e: { default: null, share: { as: 'e', type: 'number', within: 'idz' } },
        f: { default: 'x', share: { as: 'sites' } },
      }),
    ).toEqual([
      "/params/b/share/as the query name 'view' is already shared by param 'a'; give each shared param its own name",
      '/params/c/share a shared param whose default is null needs "type" (string, number, boolean, strings or numbers), so its URL text reads back as a value; add it',
      `/params/d/share/type "type" 'number' does not match the default, which is a string; use 'string' or remove "type"`,
      "/params/e/share/within the host passes no global filter value 'idz'; did you mean 'ids'?",
      "/params/f/share/as 'sites' does not match ^(?!(?:period|from|to|compare-from|compare-to|accounts|sites)$)[a-z][a-z0-9-]*$; rename it to match",
    ]);
  });
});
