import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { checkDefinitionText, loadEndpointIndex } from '../../../../engine/definitions/index';

// Compiling Vega-Lite's schema takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const root = resolve(import.meta.dirname, '..', '..', '..', '..');
const endpoints = loadEndpointIndex(join(root, 'tests', 'fixtures', 'dashboards', 'api', 'endpoints.json'));

/** A one-panel page whose source reads /api/items/by_group at `rows` and whose widgets are given. */
function check(rows: string | undefined, widgets: unknown[]): string[] {
  const page = {
    schemaVersion: 1,
    id: 'p',
    route: '/p',
    title: 'P',
    params: { pick: { default: null } },
    data: {
      g: { endpoint: '/api/items/by_group', ...(rows === undefined ? {} : { rows }) },
      t: { endpoint: '/api/items/coded', variant: 1 },
      s: { endpoint: '/api/items/coded', variant: 2 },
    },
    layout: [['a']],
    panels: { a: { title: 'A', blocks: [{ widgets }] } },
  };
  return checkDefinitionText('p.json', JSON.stringify(page, null, 1), { endpoints }).errors.map(
    (e) => `${e.pointer} ${e.message}`,
  );
}

const table = (field: string) => ({ kind: 'table', data: 'g', columns: [{ header: 'H', field }] });

describe('row fields follow the source', () => {
  it("a source's own rows pointer decides its fields", () => {
    expect(check('/values', [table('total')])).toEqual([]);
    expect(check('', [table('totalRows')])).toEqual([]);
    expect(check('', [table('total')])).toEqual([
      "/panels/a/blocks/0/widgets/0/columns/0/field field 'total' is not in the response rows of '/api/items/by_group'; use one of 'values', 'totalRows'",
    ]);
  });

  it('a nested Vega-Lite field is checked by its root, a row field or one a transform creates', () => {
    const chart = (transform: unknown[], field: string) => ({
      kind: 'chart',
      data: 'g',
      spec: {
        data: { name: 'rows' },
        transform,
        mark: 'bar',
        encoding: { x: { field, type: 'nominal' } },
      },
    });
    expect(check('/values', [chart([], 'group.name')])).toEqual([]);
    expect(check('/values', [chart([{ fold: ['total'], as: ['point', 'n'] }], 'point.x')])).toEqual([]);
    expect(check('/values', [chart([], 'nope.x')])).toEqual([
      "/panels/a/blocks/0/widgets/0/spec/encoding/x/field field 'nope' is not in the response rows of '/api/items/by_group'; use one of 'groupId', 'group', 'groupIsActive', 'total', 'part', 'partPercent', 'maxIndex'",
    ]);
  });

  it('pie label templates, tile and ring details name row fields', () => {
    const errors = check('/values', [
      {
        kind: 'pie',
        data: 's',
        labelField: 'label',
        labelTemplate: '{row.category} {row.lable}',
        valueField: 'count',
      },
      {
        kind: 'tiles',
        data: 't',
        tiles: [{ title: 'T', field: 'current', detail: { label: 'D', field: 'prev', row: 1 } }],
      },
      { kind: 'ring', data: 't', field: 'current', detail: { label: 'D', field: 'previous' } },
    ]);
    expect(errors.map((e) => e.split(' ').slice(0, 3).join(' '))).toEqual([
      "/panels/a/blocks/0/widgets/0/labelTemplate field 'lable'",
      "/panels/a/blocks/0/widgets/1/tiles/0/detail/field field 'prev'",
    ]);
  });
});
