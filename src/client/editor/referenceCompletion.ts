import type { Completion } from '@codemirror/autocomplete';
import type { EditorEndpoint } from './editorApi';
import { endpointOf, methodOf, rowFieldsOf, type SourceShape } from './endpointCatalog';
import { type JsonCursor, valueAt } from './jsonContext';
import { replaceToken } from './schemaCompletion';
import { referencesAt } from './schemaSet';
import { chartSpecPath } from './vegaLiteSchema';

const NAME = 'common.schema.json#/$defs/name';
const FIELD_NAME = 'common.schema.json#/$defs/fieldName';
/** Members (and the chart's `params` list) whose name value is a page param. */
const PARAM_KEYS = new Set(['param', '$param', 'set', 'reset', 'select', 'params']);
/** Members whose name value is a data source (a table state is named after its source). */
const SOURCE_KEYS = new Set(['data', 'state']);

/** What the token at the cursor names, when it is something of the page or of the API. */
export type ReferenceTarget =
  | { kind: 'source' | 'param' }
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
  if (slot === 'key') return undefined;
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
  return target.kind !== 'source' && target.kind !== 'param';
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
 * source a widget reads (`endpoints` is the index from GET /api/dashboards/endpoints).
 */
export function referenceOptions(
  target: ReferenceTarget,
  cursor: JsonCursor,
  quoted: boolean,
  endpoints: readonly EditorEndpoint[],
): Completion[] {
  const { root } = cursor;
  switch (target.kind) {
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
        .map((k) => ({
          label: k,
          type: 'property',
          detail: 'body key',
          apply: replaceToken(quoted ? `${k}": ` : `"${k}": `, quoted),
        }));
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
