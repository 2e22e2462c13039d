import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { loadEndpointIndex } from '../../../../engine/tools';
import { definitionCompletion } from '../../../../src/client/editor/definitionCompletion';
import { definitionSetOf } from '../../../../src/client/editor/definitionSet';
import { jsonCursorAt } from '../../../../src/client/editor/jsonContext';
import { endpointCatalog } from '../../../../src/server/dashboards/endpointCatalog';

// The real endpoint index, as GET /api/dashboards/endpoints answers it.
const known = loadEndpointIndex(join(process.cwd(), 'schemas', 'api', 'endpoints.json'));
const endpoints = endpointCatalog(known ?? new Map());
// The repository's definition files, as the editor holds them.
const files = readdirSync('dashboards')
  .filter((f) => f.endsWith('.json'))
  .map((file) => ({ file, text: readFileSync(join('dashboards', file), 'utf8') }));
const set = definitionSetOf(files);
const complete = definitionCompletion({ endpoints: async () => endpoints, definitions: () => set });

/** The option labels at the `|` of `text` (asked for explicitly, as Ctrl+Space does). */
async function labelsAt(text: string): Promise<string[]> {
  const pos = text.indexOf('|');
  const doc = text.slice(0, pos) + text.slice(pos + 1);
  const result = (await complete(
    new CompletionContext(EditorState.create({ doc }), pos, true),
  )) as CompletionResult | null;
  return result?.options.map((o) => o.label) ?? [];
}

const page = (widget: string) => `{
  "params": {"view": {"default": "site", "description": "Which table shows."}, "siteId": {"default": null}},
  "data": {
    "bySite": {"endpoint": "/api/data/communication/volume/by_site", "rows": "/values"},
    "totals": {"endpoint": "/api/data/communication/volume/by_site/totals"},
    "codes": {"endpoint": "/api/data", "variant": 104}
  },
  "panels": {"p": {"blocks": [{"widgets": [${widget}]}]}}
}`;

describe('jsonCursorAt reads the page around the cursor', () => {
  it('keeps the members read before and after the cursor, cutting the typed value', () => {
    const text = '{"data": {"a": {"endpoint": "/x", "n": 3}}, "params": {"p": {}}, "id": "ab';
    const at = jsonCursorAt(text, text.length - 1);
    expect(at?.root).toEqual({ data: { a: { endpoint: '/x', n: 3 } }, params: { p: {} }, id: 'a' });
  });
});

describe('definitionCompletion of names', () => {
  it('offers the data sources where a widget, a totals row or a multiselect reads one', async () => {
    expect(await labelsAt(page('{"kind": "table", "data": "|"}'))).toEqual(['bySite', 'totals', 'codes']);
    expect(await labelsAt(page('{"kind": "table", "data": "bySite", "totals": {"data": |}}'))).toContain(
      'totals',
    );
    expect(await labelsAt(page('{"kind": "multiselect", "optionsFrom": {"data": "|"}}'))).toContain('codes');
  });

  it('offers the params where a param name is expected, and not where an action list is', async () => {
    for (const widget of [
      '{"kind": "select", "param": "|"}',
      '{"kind": "chip", "when": {"param": "|"}}',
      '{"kind": "pills", "on": {"select": [{"set": "|"}]}}',
      '{"kind": "chart", "params": ["|"]}',
    ])
      expect(await labelsAt(page(widget)), widget).toEqual(['view', 'siteId']);
    expect(await labelsAt(page('{"kind": "pills", "on": {"select": |}}'))).not.toContain('view');
    const body = '{"data": {"s": {"body": {"a": {"$param": "|"}}}}, "params": {"x": {}}}';
    expect(await labelsAt(body)).toEqual(['x']);
  });
});

describe('definitionCompletion from the endpoint index', () => {
  it('offers endpoint paths for the source method, and the body keys of its endpoint', async () => {
    const posts = await labelsAt('{"data": {"s": {"endpoint": "|"}}}');
    expect(posts).toContain('/api/data/communication/volume/by_site');
    expect(posts).not.toContain('/api/sites');
    expect(await labelsAt('{"data": {"s": {"method": "GET", "endpoint": "|"}}}')).toContain('/api/sites');
    const keys = await labelsAt(
      '{"data": {"s": {"endpoint": "/api/data/communication/volume/by_site", "body": {"siteIds": 1, "|"}}}}',
    );
    expect(keys).toContain('startDate');
    expect(keys).not.toContain('siteIds');
  });

  it('offers the row fields of the source the widget reads, as the checker chooses them', async () => {
    const bySite = await labelsAt(page('{"kind": "table", "data": "bySite", "columns": [{"field": "|"}]}'));
    expect(bySite).toEqual(endpoints.find((e) => e.path.endsWith('volume/by_site'))?.fields);
    expect(bySite).toContain('totalCommCount');
    // A variant picks the fields of its data code.
    expect(await labelsAt(page('{"kind": "pie", "data": "codes", "labelField": "|"}'))).toEqual([
      'callerType',
      'count',
    ]);
    // A column total reads the table's totals source.
    const total = await labelsAt(
      page(
        '{"kind": "table", "data": "bySite", "totals": {"data": "totals"}, "columns": [{"total": {"field": "|"}}]}',
      ),
    );
    expect(total).not.toContain('site');
    expect(total).toContain('outbound');
    // A chart encoding names a row field too.
    expect(
      await labelsAt(
        page('{"kind": "chart", "data": "bySite", "spec": {"encoding": {"x": {"field": "|"}}}}'),
      ),
    ).toContain('site');
    expect(
      await labelsAt(
        page('{"kind": "table", "data": "bySite", "columns": [{"link": [{"set": "siteId", "from": "|"}]}]}'),
      ),
    ).toContain('row.siteId');
  });
});

describe('definitionCompletion in a chart spec', () => {
  it("offers Vega-Lite's own properties and values there, and the page's elsewhere", async () => {
    const props = await labelsAt(page('{"kind": "chart", "data": "bySite", "spec": {"|"}}'));
    expect(props).toEqual(expect.arrayContaining(['mark', 'encoding', 'layer', 'transform']));
    expect(props).not.toContain('legendToggle');
    expect(await labelsAt(page('{"kind": "chart", "spec": {"mark": "|"}}'))).toEqual(
      expect.arrayContaining(['bar', 'line', 'arc']),
    );
    expect(await labelsAt(page('{"kind": "chart", "spec": {"encoding": {"x": {"|"}}}}'))).toEqual(
      expect.arrayContaining(['field', 'type', 'axis']),
    );
    // Outside a chart widget a `spec` member is not Vega-Lite.
    expect(await labelsAt('{"spec": {"|"}}')).not.toContain('mark');
  });
});

describe('definitionCompletion of the names other files define', () => {
  const shared = JSON.parse(files.find((f) => f.file === '_shared.json')?.text ?? '{}') as Record<
    string,
    Record<string, unknown>
  >;
  const names = (section: string) => Object.keys(shared[section] ?? {});

  it("offers the library's templates, option sets, value maps, column presets and chart specs where each is named", async () => {
    expect(names('templates').length).toBeGreaterThan(0);
    expect(await labelsAt('{"data": {"s": {"template": "|"}}}')).toEqual(names('templates'));
    expect(await labelsAt('{"sourceDefaults": {"template": "|"}}')).toEqual(names('templates'));
    expect(await labelsAt(page('{"kind": "pills", "param": "view", "options": "|"}'))).toEqual(
      names('optionSets'),
    );
    expect(await labelsAt(page('{"kind": "select", "param": "view", "options": "|"}'))).toEqual(
      names('optionSets'),
    );
    expect(await labelsAt(page('{"kind": "table", "data": "bySite", "columns": [{"preset": "|"}]}'))).toEqual(
      names('columnPresets'),
    );
    expect(await labelsAt(page('{"kind": "chart", "data": "bySite", "spec": "|"}'))).toEqual(names('specs'));
    expect(await labelsAt('{"data": {"s": {"body": {"x": {"$param": "p", "map": "|"}}}}}')).toEqual(
      names('valueMaps'),
    );
    expect(
      await labelsAt(page('{"kind": "multiselect", "optionsFrom": {"data": "codes", "labels": "|"}}')),
    ).toEqual(names('valueMaps'));
  });

  it("puts the page's own entries first and does not offer a library name where the schema takes none", async () => {
    const own = await labelsAt(
      '{"optionSets": {"mine": []}, "panels": {"p": {"blocks": [{"widgets": [{"kind": "pills", "options": "|"}]}]}}}',
    );
    expect(own[0]).toBe('mine');
    expect(own.slice(1)).toEqual(names('optionSets'));
    // A drill's map is always written out.
    expect(
      await labelsAt(
        page(
          '{"kind": "table", "data": "bySite", "columns": [{"link": [{"drill": {"page": "volume", "params": {"a": {"from": "row.x", "map": "|"}}}}]}]}',
        ),
      ),
    ).toEqual([]);
  });

  it('offers the pages a drill may open, then the params of the page it opens', async () => {
    const pages = await labelsAt(
      page('{"kind": "table", "data": "bySite", "columns": [{"link": [{"drill": {"page": "|"}}]}]}'),
    );
    expect(pages).toEqual(set.pages.map((p) => p.id));
    expect(pages).toContain('communications-log');
    const log = set.pages.find((p) => p.id === 'communications-log');
    const params = await labelsAt(
      page(
        '{"kind": "table", "data": "bySite", "columns": [{"link": [{"drill": {"page": "communications-log", "params": {"|"}}}]}]}',
      ),
    );
    expect(params).toEqual(log?.params.map((p) => p.name));
    expect(params.length).toBeGreaterThan(1);
  });

  it("offers the page's panel names in its layout", async () => {
    expect(await labelsAt('{"panels": {"totals": {}, "bySite": {}}, "layout": [["totals"], ["|"]]}')).toEqual(
      ['totals', 'bySite'],
    );
  });
});
