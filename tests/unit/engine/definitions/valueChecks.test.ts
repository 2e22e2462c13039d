import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { checkDefinitionText, loadEndpointIndex } from '../../../../engine/definitions/index';

// Compiling Vega-Lite's schema takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

/** An API of one dated endpoint whose rows have a field with an enum. */
const dir = mkdtempSync(join(tmpdir(), 'value-checks-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
writeFileSync(
  join(dir, 'things.schema.json'),
  JSON.stringify({
    $id: 'https://example.test/things.schema.json',
    $defs: {
      request: {
        type: 'object',
        additionalProperties: false,
        required: ['startDate'],
        properties: {
          startDate: { type: 'string' },
          kinds: { type: 'array', items: { enum: ['A', 'B'] } },
          groupId: { type: ['integer', 'null'] },
        },
      },
      response: {
        type: 'object',
        properties: {
          values: {
            type: 'array',
            items: {
              type: 'object',
              properties: { kind: { enum: ['A', 'B'] }, n: { type: 'integer' }, label: { type: 'string' } },
            },
          },
        },
      },
    },
  }),
);
writeFileSync(
  join(dir, 'endpoints.json'),
  JSON.stringify({
    filterKeys: ['startDate'],
    endpoints: [
      {
        method: 'POST',
        path: '/api/things',
        request: 'things.schema.json#/$defs/request',
        response: 'things.schema.json#/$defs/response',
        rows: '/values',
      },
    ],
  }),
);
const endpoints = loadEndpointIndex(join(dir, 'endpoints.json'));

/** A one-panel page reading /api/things with the given body, params and widgets. */
function check(
  body: Record<string, unknown>,
  widgets: unknown[],
  params: Record<string, unknown> = {},
): string[] {
  const page = {
    schemaVersion: 2,
    id: 'p',
    route: '/p',
    title: 'P',
    params,
    data: {
      t: { endpoint: '/api/things', rows: '/values', body: { startDate: { $filter: 'startDate' }, ...body } },
    },
    layout: [['a']],
    panels: { a: { title: 'A', blocks: [{ widgets }] } },
  };
  return checkDefinitionText('p.json', JSON.stringify(page, null, 1), { endpoints }).errors.map(
    (e) => `${e.pointer} ${e.message}`,
  );
}

const chart = (domain: unknown[]) => ({
  kind: 'chart',
  data: 't',
  spec: {
    data: { name: 'rows' },
    mark: 'bar',
    encoding: {
      x: { field: 'label', type: 'nominal' },
      y: { field: 'n', type: 'quantitative' },
      color: { field: 'kind', type: 'nominal', scale: { domain } },
    },
  },
});

describe('values checked against the API schemas', () => {
  it('a colour domain must meet the enum of its field', () => {
    expect(check({}, [chart(['A', 'B'])])).toEqual([]);
    expect(check({}, [chart(['a', 'b'])])).toEqual([
      '/panels/a/blocks/0/widgets/0/spec/encoding/color/scale/domain the domain ["a","b"] has no value field \'kind\' takes ("A", "B"), so nothing is drawn; use those values',
    ]);
  });

  it('every option of a param is sent through its map and checked against the request schema', () => {
    const select = (values: string[]) => ({
      kind: 'select',
      param: 'k',
      options: values.map((value) => ({ label: value, value })),
    });
    const body = { kinds: { $param: 'k', map: { All: ['A', 'B'], A: ['A'], C: ['C'] } } };
    expect(check(body, [select(['All', 'A'])], { k: { default: 'All' } })).toEqual([]);
    expect(check(body, [select(['All', 'C'])], { k: { default: 'All' } })).toEqual([
      '/data/t/body/kinds/map/C data source \'t\' would send kinds: ["C"] to POST /api/things, which refuses it (/kinds/0 must be one of "A", "B"); send a value the endpoint takes',
    ]);
  });

  it('a body with no required key is refused at the source', () => {
    const page = check({}, []);
    expect(page).toEqual([]);
    const errors = checkDefinitionText(
      'p.json',
      JSON.stringify({
        schemaVersion: 2,
        id: 'p',
        route: '/p',
        title: 'P',
        data: { t: { endpoint: '/api/things', body: { groupId: 1 } } },
        layout: [['a']],
        panels: { a: { title: 'A', blocks: [] } },
      }),
      { endpoints },
    ).errors.map((e) => `${e.pointer} ${e.message}`);
    expect(errors).toEqual([
      "/data/t/endpoint data source 't' sends no 'startDate', which POST /api/things requires; use a body template that sends it, or add it to the body",
    ]);
  });

  it("a pipe's arguments follow its signature", () => {
    const table = (args: unknown[]) => ({
      kind: 'table',
      data: 't',
      columns: [{ header: 'N', field: 'n', pipe: { name: 'percent', args } }],
    });
    expect(check({}, [table([1, true])])).toEqual([]);
    expect(check({}, [table([-1, 'yes', 3])])).toEqual([
      "/panels/a/blocks/0/widgets/0/columns/0/pipe/args pipe 'percent' takes at most 2 arguments; remove the others",
      "/panels/a/blocks/0/widgets/0/columns/0/pipe/args/0 argument 1 of pipe 'percent' is -1; write a number of digits from 0 to 20; see the pipe list in docs/dashboards.md",
      '/panels/a/blocks/0/widgets/0/columns/0/pipe/args/1 argument 2 of pipe \'percent\' is "yes"; write true (the value is a ratio) or false; see the pipe list in docs/dashboards.md',
    ]);
  });
});
