import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEndpointIndex } from '../../engine/definitions/endpointIndex';
import { emptyLibrary, expandDefinition, type Library } from '../../engine/definitions/library';
import { libraryOfFolder } from '../../engine/definitions/loadDefinitions';
import { diffDefinitionSets } from '../../engine/tools/diff/diffDefinitionSets';
import { formatDefinitionText } from '../../engine/tools/formatDefinitionText';
import { loadVersions } from '../../engine/tools/loadVersions';
import { migrateText } from '../../engine/tools/migrateText';
import { loadSchemaSet } from '../../engine/tools/schemaSet';
import { readWorkingTree } from '../../engine/tools/sources/readWorkingTree';
import { runCheck } from '../../scripts/dashboards-check';

/** tests/fixtures/v1 holds every shipped page as it was in version 1 of the definition language. */
const v1 = 'tests/fixtures/v1';
const pages = readdirSync(v1).filter((f) => f.endsWith('.json'));
const library = libraryOfFolder('dashboards');

/**
 * The pages whose Relationship filters version 2 reads from GET /api/relationships (SPEC.md
 * section 3: the user's relationships, labels mapped, Lost appended on two pages) where version 1
 * wrote the list out: the one difference between a version 1 original and its version 2 page.
 */
const FETCHED_RELATIONSHIPS = ['action-required.json', 'response-time.json', 'volume.json'];
/** Where that difference may show: the relationships source, and a multiselect's options. */
const FETCHED_AT =
  /^\/data\/relationships$|^\/panels\/[^/]+\/blocks\/\d+\/widgets\/\d+\/options(From)?(\/|$)/;

/**
 * The pages whose counts drill to the communications log (issue 17, after version 2): drill links
 * on their table columns are the other difference from their version 1 originals.
 */
const DRILLED = [
  'action-required.json',
  'ad-source-effectiveness.json',
  'caller-behavior.json',
  'employee-call-performance.json',
  'response-time.json',
  'volume.json',
];
/** Where a drill shows: a table column's or a tile's link, a pie's or a chart's on.click. */
const DRILL_AT =
  /^\/panels\/[^/]+\/blocks\/\d+\/widgets\/\d+\/(columns\/\d+\/link|tiles\/\d+\/link|on)(\/|$)/;
/** Where version 2 pages say more than their version 1 originals, added after the move (issue 17): the params a link carries. */
const ADDED_AT = /^\/params\/[^/]+\/share$/;
/** A difference that version 2 made on purpose: fetched relationships, a drill, or a shared param. */
const expected = (d: string) => {
  const pointer = d.split(' ').at(-1) ?? '';
  return FETCHED_AT.test(pointer) || DRILL_AT.test(pointer) || ADDED_AT.test(pointer);
};

/** A committed page without what was added after the move (ADDED_AT), formatted as the tools write it. */
function withoutAdditions(text: string, set: ReturnType<typeof loadSchemaSet>): string {
  const page = JSON.parse(text) as { params?: Record<string, { share?: unknown }> };
  for (const param of Object.values(page.params ?? {})) delete param.share;
  return formatDefinitionText(JSON.stringify(page), set);
}

/** The pointers where two sets of pages differ, as dashboards:diff reports them. */
function differences(before: string[], after: string[]): string[] {
  const endpoints = loadEndpointIndex('schemas/api/endpoints.json');
  const a = loadVersions(readWorkingTree(before), { endpoints, library });
  const b = loadVersions(readWorkingTree(after), { endpoints, library });
  expect([...a.errors, ...b.errors]).toEqual([]);
  return diffDefinitionSets(a.versions, b.versions).pages.flatMap((p) => [
    ...p.properties.map((c) => `${p.page} ${c.pointer}`),
    ...p.widgets.map((c) => `${p.page} widget ${c.pointer}`),
    ...p.panels.map((c) => `${p.page} panel ${c.panel}`),
  ]);
}

describe('the shipped pages in version 2', () => {
  it('are each the version 1 original migrated to the lean form (npm run dashboards:migrate)', () => {
    const set = loadSchemaSet();
    const endpoints = loadEndpointIndex('schemas/api/endpoints.json');
    for (const page of pages) {
      const migrated = migrateText(readFileSync(join(v1, page), 'utf8'), library, set, endpoints);
      expect(migrated.from, page).toBe(1);
      if (!FETCHED_RELATIONSHIPS.includes(page) && !DRILLED.includes(page))
        expect(migrated.next, page).toBe(
          withoutAdditions(readFileSync(join('dashboards', page), 'utf8'), set),
        );
      else {
        // Migrated, the page writes the relationships out; committed, it reads them; and it drills to
        // the communications log: nothing else differs.
        const dir = mkdtempSync(join(tmpdir(), 'v2-migrated-'));
        writeFileSync(join(dir, page), migrated.next ?? '');
        const found = differences([join(dir, page)], [join('dashboards', page)]);
        rmSync(dir, { recursive: true, force: true });
        expect(found.length, page).toBeGreaterThan(0);
        expect(
          found.filter((d) => !expected(d)),
          page,
        ).toEqual([]);
      }
    }
  });

  it('mean what their version 1 originals meant: dashboards:diff finds only the fetched relationships, the drills and the shared params', () => {
    const found = differences([v1], ['dashboards']).filter((d) => !ADDED_AT.test(d.split(' ').at(-1) ?? ''));
    expect(new Set(found.map((d) => `${d.split(' ')[0]}.json`))).toEqual(
      new Set([...FETCHED_RELATIONSHIPS, ...DRILLED]),
    );
    expect(found.filter((d) => !expected(d))).toEqual([]);
  });

  it('take at most 2,900 lines, the shared library included (5,229 before version 2)', () => {
    const lines = readdirSync('dashboards')
      .filter((f) => f.endsWith('.json'))
      .reduce((n, f) => n + readFileSync(join('dashboards', f), 'utf8').split('\n').length - 1, 0);
    expect(lines).toBeLessThanOrEqual(2900);
  });
});

describe('a drill-down naming a column its table does not have', () => {
  it('is located at the column name, with did you mean (tests/fixtures/checker-v2)', () => {
    const lines: string[] = [];
    const file = 'tests/fixtures/checker-v2/drilldown-missing-column.json';
    const status = runCheck(['--alone', file], {
      cwd: process.cwd(),
      env: {},
      out: () => {},
      err: (l) => lines.push(l),
    });
    expect(lines).toEqual([
      `${file}:168:33 /panels/volume/blocks/0/drilldown/from/column the table shown at level 'site' has no column on 'sites'; did you mean 'site'?`,
    ]);
    expect(status).toBe(1);
  });
});

describe('expanding the version 2 shorthands', () => {
  const lib: Library = emptyLibrary();
  lib.sections.templates.set('scope', { value: { siteIds: { $filter: 'siteIds' } }, file: '_lib.json' });
  lib.sections.valueMaps.set('types', { value: { All: ['A', 'B'] }, file: '_lib.json' });
  lib.sections.optionSets.set('views', { value: [{ label: 'Site', value: 'site' }], file: '_lib.json' });
  lib.sections.columnPresets.set('count', {
    value: { align: 'right', pipe: { name: 'decimal' } },
    file: '_lib.json',
  });
  lib.sections.specs.set('bars', { value: { mark: 'bar' }, file: '_lib.json' });
  lib.paging = { body: { limit: { $table: 'limit' } }, rows: '/values', total: '/totalRows' };
  lib.totals = { pathSuffix: '/totals', nameSuffix: 'Totals' };

  it('merges a template (own keys win), the paging, value maps; derives the totals source', () => {
    const { doc, problems } = expandDefinition(
      {
        sourceDefaults: { template: 'scope' },
        data: {
          t: {
            endpoint: '/x',
            body: { siteIds: [1], kind: { $param: 'k', map: 'types' } },
            paged: true,
            withTotals: true,
            when: { param: 'v', equals: 'site' },
          },
          plain: { endpoint: '/y', template: false },
        },
      },
      lib,
    );
    expect(problems).toEqual([]);
    expect(doc.data).toEqual({
      t: {
        endpoint: '/x',
        body: { siteIds: [1], kind: { $param: 'k', map: { All: ['A', 'B'] } }, limit: { $table: 'limit' } },
        rows: '/values',
        total: '/totalRows',
        when: { param: 'v', equals: 'site' },
      },
      tTotals: {
        endpoint: '/x/totals',
        body: { siteIds: [1], kind: { $param: 'k', map: { All: ['A', 'B'] } } },
        when: { param: 'v', equals: 'site' },
      },
      plain: { endpoint: '/y' },
    });
    expect(doc).not.toHaveProperty('sourceDefaults');
  });

  it('puts option sets, column presets (own settings win) and specs in place; a page entry wins, and is refused', () => {
    const widgets = [
      { kind: 'pills', param: 'v', options: 'views' },
      { kind: 'table', data: 't', columns: [{ preset: 'count', field: 'n', align: 'left' }] },
      { kind: 'chart', data: 't', spec: 'bars' },
    ];
    const { doc, problems } = expandDefinition(
      { specs: { bars: { mark: 'line' } }, panels: { p: { title: 'P', blocks: [{ widgets }] } } },
      lib,
    );
    // Two specs of one name: every use on the page would read the page's; the page's is refused.
    expect(problems).toEqual([
      {
        pointer: '/specs/bars',
        atKey: true,
        message:
          "Vega-Lite spec 'bars' is also declared in _lib.json; this page's copy would replace it for every use on the page, so give it a name of its own",
      },
    ]);
    expect((doc.panels as never as { p: { blocks: { widgets: unknown[] }[] } }).p.blocks[0].widgets).toEqual([
      { kind: 'pills', param: 'v', options: [{ label: 'Site', value: 'site' }] },
      { kind: 'table', data: 't', columns: [{ align: 'left', pipe: { name: 'decimal' }, field: 'n' }] },
      { kind: 'chart', data: 't', spec: { mark: 'line' } },
    ]);
    expect(doc).not.toHaveProperty('specs');
  });

  it('a drill-down becomes the pills and the chip first in its block, and the link on the column', () => {
    const table = {
      kind: 'table',
      data: 'bySite',
      when: { param: 'view', equals: 'site' },
      columns: [{ header: 'Site', field: 'site' }],
    };
    const drilldown = {
      view: 'view',
      levels: 'views2',
      key: 'siteId',
      label: 'siteName',
      from: { column: 'site', key: 'id', label: 'site' },
    };
    const levels = [
      { label: 'Site', value: 'site' },
      { label: 'Employee', value: 'employee' },
    ];
    const { doc, problems } = expandDefinition(
      {
        optionSets: { views2: levels },
        panels: {
          p: {
            title: 'P',
            blocks: [{ drilldown, widgets: [{ kind: 'text', text: 'x' }] }, { widgets: [table] }],
          },
        },
      },
      lib,
    );
    expect(problems).toEqual([]);
    const clear = [{ reset: 'siteId' }, { reset: 'siteName' }];
    expect((doc.panels as never as { p: { blocks: unknown[] } }).p.blocks).toEqual([
      {
        widgets: [
          { kind: 'pills', param: 'view', options: levels, on: { select: clear } },
          { kind: 'chip', param: 'siteId', text: '{param.siteName}', on: { remove: clear } },
          { kind: 'text', text: 'x' },
        ],
      },
      {
        widgets: [
          {
            ...table,
            columns: [
              {
                header: 'Site',
                field: 'site',
                link: [
                  { set: 'siteId', from: 'row.id' },
                  { set: 'siteName', from: 'row.site' },
                  { set: 'view', value: 'employee' },
                ],
              },
            ],
          },
        ],
      },
    ]);
  });

  it('a tile source takes its variant from the literal of its endpoint variant key', () => {
    const endpoints = loadEndpointIndex('schemas/api/endpoints.json');
    const { doc } = expandDefinition(
      {
        data: {
          a: { endpoint: '/api/data', body: { requestedData: 104 } },
          b: { endpoint: '/api/data', body: { requestedData: { $param: 'code' } } },
        },
      },
      lib,
      endpoints,
    );
    expect(doc.data).toEqual({
      a: { endpoint: '/api/data', body: { requestedData: 104 }, variant: 104 },
      b: { endpoint: '/api/data', body: { requestedData: { $param: 'code' } } },
    });
  });

  it('names what exists nowhere at its reference, with did you mean', () => {
    const { problems } = expandDefinition(
      { data: { t: { endpoint: '/x', template: 'scop', paged: true } } },
      { ...emptyLibrary(), sections: lib.sections },
    );
    expect(problems).toEqual([
      {
        pointer: '/data/t/template',
        message:
          "body template 'scop' is not declared in a library (a _*.json file beside the pages) or in this page; did you mean 'scope'?",
      },
      {
        pointer: '/data/t/paged',
        message:
          '"paged" needs a library that declares "paging"; add it to the library file, or write the paging keys',
      },
    ]);
  });
});
