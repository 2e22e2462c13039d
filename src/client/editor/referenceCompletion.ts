import type { Completion } from '@codemirror/autocomplete';
import { type DefinitionSet, EMPTY_SET, type LibrarySection, sectionNames } from './definitionSet';
import type { EditorEndpoint } from './editorApi';
import { endpointOf, methodOf, rowFieldsOf, type SourceShape } from './endpointCatalog';
import { type JsonCursor, valueAt } from './jsonContext';
import { replaceToken } from './schemaCompletion';
import { referencesAt, schemasAt } from './schemaSet';
import { chartSpecPath } from './vegaLiteSchema';

const NAME = 'common.schema.json#/$defs/name';
const FIELD_NAME = 'common.schema.json#/$defs/fieldName';
/** Members (and the chart's `params` list) whose name value is a page param. */
const PARAM_KEYS = new Set(['param', '$param', 'set', 'reset', 'select', 'params']);
/** Members whose name value is a data source (a table state is named after its source). */
const SOURCE_KEYS = new Set(['data', 'state']);

/** Members whose string value names a library entry, and the section it is in. */
const LIBRARY_KEYS: Record<string, LibrarySection> = {
  template: 'templates',
  options: 'optionSets',
  levels: 'optionSets',
  map: 'valueMaps',
  labels: 'valueMaps',
  preset: 'columnPresets',
  spec: 'specs',
};

/** What an entry of each library section is called in the completion list. */
const ENTRY_NAME: Record<LibrarySection, string> = {
  templates: 'body template',
  optionSets: 'option set',
  valueMaps: 'value map',
  columnPresets: 'column preset',
  specs: 'chart spec',
};

/** What the token at the cursor names, when it is something of the page, of the set or of the API. */
export type ReferenceTarget =
  | { kind: 'source' | 'param' | 'page' | 'panel' }
  | { kind: 'library'; section: LibrarySection }
  | { kind: 'drillParam'; page: string | undefined }
  | { kind: 'endpoint' | 'bodyKey' | 'variant' | 'rows'; source: SourceShape }
  | { kind: 'field' | 'rowReference'; source: SourceShape | undefined };

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/** The page's data sources as far as they could be read. */
function sourcesOf(root: unknown): Record<string, SourceShape> {
  const data = valueAt(root, ['data']);
  return isObject(data) ? (data as Record<string, SourceShape>) : {};
}

/** The data source whose rows the value at `path` reads: the nearest `data` member up the page. */
function rowSourceAt(root: unknown, path: readonly (string | number)[]): SourceShape | undefined {
  // A table column's total reads the table's totals source.
  const total = path.lastIndexOf('total');
  let name: unknown;
  if (total >= 2 && path[total - 2] === 'columns')
    name = (valueAt(root, [...path.slice(0, total - 2), 'totals']) as Json | undefined)?.data;
  for (let n = path.length; name === undefined && n > 0; n--) {
    const node = valueAt(root, path.slice(0, n));
    if (isObject(node) && typeof node.data === 'string') name = node.data;
  }
  return typeof name === 'string' ? sourcesOf(root)[name] : undefined;
}

/** What the token at the cursor names, or undefined when it names nothing known. */
export function referenceTarget(cursor: JsonCursor): ReferenceTarget | undefined {
  const { path, slot, root } = cursor;
  const spec = chartSpecPath(root, path);
  if (spec) {
    // An encoding's field in a chart spec names a row field of the chart's source.
    return slot === 'value' && cursor.key === 'field'
      ? { kind: 'field', source: rowSourceAt(root, spec.widgetPath) }
      : undefined;
  }
  if (path.length === 3 && path[0] === 'data' && path[2] === 'body' && slot === 'key')
    return { kind: 'bodyKey', source: valueAt(root, path.slice(0, 2)) as SourceShape };
  const last = path[path.length - 1];
  if (slot === 'key' && last === 'params' && path[path.length - 2] === 'drill') {
    const drill = valueAt(root, path.slice(0, -1));
    return {
      kind: 'drillParam',
      page: isObject(drill) && typeof drill.page === 'string' ? drill.page : undefined,
    };
  }
  if (slot === 'key') return undefined;
  if (slot === 'element' && path.length === 2 && path[0] === 'layout') return { kind: 'panel' };
  if (slot === 'value' && cursor.key === 'page' && last === 'drill') return { kind: 'page' };
  const section = slot === 'value' && cursor.key !== undefined ? LIBRARY_KEYS[cursor.key] : undefined;
  // Only where the schema takes a name there (a drill's `map` is always a map written out).
  if (section && schemasAt([...path, cursor.key as string]).some((a) => a.node.type === 'string'))
    return { kind: 'library', section };
  const at =
    slot === 'value' && cursor.key !== undefined ? [...path, cursor.key] : [...path, cursor.container.index];
  const key = slot === 'value' ? cursor.key : path[path.length - 1];
  if (path.length === 2 && path[0] === 'data' && slot === 'value') {
    const source = valueAt(root, path) as SourceShape;
    if (key === 'endpoint' || key === 'variant' || key === 'rows') return { kind: key, source };
  }
  const refs = referencesAt(at);
  if (refs.has(FIELD_NAME)) return { kind: 'field', source: rowSourceAt(root, path) };
  if (refs.has(NAME) && typeof key === 'string') {
    if (PARAM_KEYS.has(key)) return { kind: 'param' };
    if (SOURCE_KEYS.has(key)) return { kind: 'source' };
  }
  const container = valueAt(root, path);
  if (key === 'from' && isObject(container) && 'set' in container)
    return { kind: 'rowReference', source: rowSourceAt(root, path) };
  return undefined;
}

/** True when the options of `target` come from the API's endpoint index. */
export function needsEndpoints(target: ReferenceTarget): boolean {
  return ['endpoint', 'bodyKey', 'variant', 'rows', 'field', 'rowReference'].includes(target.kind);
}

/** An option that writes the member name `name` at a key position. */
function keyOption(name: string, quoted: boolean, extra: Partial<Completion>): Completion {
  return {
    label: name,
    type: 'property',
    ...extra,
    apply: replaceToken(quoted ? `${name}": ` : `"${name}": `, quoted),
  };
}

/** An option that writes `value` as a JSON string (or number) at the cursor. */
function valueOption(value: string | number, quoted: boolean, extra: Partial<Completion>): Completion {
  const label = String(value);
  return {
    label,
    type: 'variable',
    ...extra,
    apply: replaceToken(quoted ? `${label}"` : JSON.stringify(value), quoted),
  };
}

/** A short list of names for an option's info. */
function listed(what: string, names: readonly string[] | undefined): string | undefined {
  if (!names?.length) return undefined;
  const shown = names.slice(0, 12).join(', ');
  return `${what}: ${shown}${names.length > 12 ? `, and ${names.length - 12} more` : ''}`;
}

/**
 * The options for a token that names something: the page's data sources and params, the API's
 * endpoint paths, a source's body keys, variants and row pointers, and the row fields of the
 * source a widget reads (`endpoints` is the index from GET /api/dashboards/endpoints); from the
 * other definition files (`set`): the library's templates, option sets, value maps, column presets
 * and chart specs (beside the page's own), the pages a drill may open and their params; and the
 * page's panel names in its layout.
 */
export function referenceOptions(
  target: ReferenceTarget,
  cursor: JsonCursor,
  quoted: boolean,
  endpoints: readonly EditorEndpoint[],
  set: DefinitionSet = EMPTY_SET,
): Completion[] {
  const { root } = cursor;
  switch (target.kind) {
    case 'library': {
      const own = sectionNames(root, target.section);
      const what = ENTRY_NAME[target.section];
      return [
        ...own.map((name) => valueOption(name, quoted, { detail: `${what} · this page`, boost: 3 })),
        ...set.library[target.section]
          .filter((e) => !own.includes(e.name))
          .map((e) => valueOption(e.name, quoted, { detail: `${what} · ${e.file}`, boost: 2 })),
      ];
    }
    case 'page':
      return set.pages.map((p) =>
        valueOption(p.id, quoted, {
          detail: p.title ? `page · ${p.title}` : 'page',
          info: listed(
            'Params',
            p.params.map((q) => q.name),
          ),
          boost: 2,
        }),
      );
    case 'drillParam': {
      const page = set.pages.find((p) => p.id === target.page);
      return (page?.params ?? [])
        .filter((q) => !cursor.container.keys.has(q.name))
        .map((q) =>
          keyOption(q.name, quoted, { detail: `param of ${page?.id}`, info: q.description, boost: 2 }),
        );
    }
    case 'panel': {
      const panels = valueAt(root, ['panels']);
      return Object.keys(isObject(panels) ? panels : {}).map((name) =>
        valueOption(name, quoted, { detail: 'panel', boost: 2 }),
      );
    }
    case 'source':
      return Object.entries(sourcesOf(root)).map(([name, s]) =>
        valueOption(name, quoted, {
          detail: 'data source',
          info: typeof s.endpoint === 'string' ? `${methodOf(s)} ${s.endpoint}` : undefined,
          boost: 2,
        }),
      );
    case 'param': {
      const params = valueAt(root, ['params']);
      return Object.entries(isObject(params) ? params : {}).map(([name, p]) =>
        valueOption(name, quoted, {
          detail: 'param',
          info: isObject(p) && typeof p.description === 'string' ? p.description : undefined,
          boost: 2,
        }),
      );
    }
    case 'endpoint': {
      const method = methodOf(target.source);
      return endpoints
        .filter((e) => e.method === method)
        .map((e) => valueOption(e.path, quoted, { detail: e.method, info: listed('Row fields', e.fields) }));
    }
    case 'bodyKey': {
      const keys = endpointOf(target.source, endpoints)?.bodyKeys ?? [];
      return keys
        .filter((k) => !cursor.container.keys.has(k))
        .map((k) => keyOption(k, quoted, { detail: 'body key' }));
    }
    case 'variant': {
      const variants = endpointOf(target.source, endpoints)?.variants ?? {};
      return Object.entries(variants).map(([code, fields]) =>
        valueOption(!quoted && /^\d+$/.test(code) ? Number(code) : code, quoted, {
          detail: 'variant',
          info: listed('Row fields', fields),
        }),
      );
    }
    case 'rows': {
      const known = endpointOf(target.source, endpoints);
      return Object.entries(known?.fieldsAt ?? {}).map(([pointer, fields]) =>
        valueOption(pointer, quoted, {
          label: pointer || '(the whole response)',
          detail: pointer === known?.rows ? 'rows pointer · the index default' : 'rows pointer',
          info: listed('Fields', fields),
        }),
      );
    }
    case 'field':
    case 'rowReference': {
      const fields = target.source ? (rowFieldsOf(target.source, endpoints) ?? []) : [];
      const endpoint = typeof target.source?.endpoint === 'string' ? target.source.endpoint : undefined;
      const detail = endpoint ? `row field · ${endpoint.split('/').slice(-2).join('/')}` : 'row field';
      if (target.kind === 'field') return fields.map((f) => valueOption(f, quoted, { detail, boost: 2 }));
      return [
        ...fields.map((f) => valueOption(`row.${f}`, quoted, { detail, boost: 2 })),
        valueOption('event.value', quoted, { detail: "the widget's emitted value" }),
      ];
    }
  }
}
