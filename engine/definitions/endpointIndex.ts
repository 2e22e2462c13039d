import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { EndpointEntry, EndpointIndex } from '../types/endpointIndex';

/** What the checker knows of one endpoint: accepted body keys and row fields (undefined: unknown). */
export interface KnownEndpoint {
  bodyKeys?: string[];
  fields?: string[];
  variants?: Record<string, string[]>;
  /** The index's rows pointer, which `fields` describes. */
  rows?: string;
  /** The row fields at another pointer of the response (a source reading another part of it). */
  fieldsAt?: (pointer: string) => string[] | undefined;
}

/** Endpoints keyed by 'METHOD /path'. */
export type KnownEndpoints = Map<string, KnownEndpoint>;

type Schema = { [key: string]: unknown };

/** The key of an endpoint in KnownEndpoints. */
export const endpointKey = (method: string, path: string): string => `${method} ${path}`;

/**
 * Reads the endpoint index (schemas/api/endpoints.json) and, for each entry, the body keys of its
 * request schema and the row fields of its response schema, following $refs across the files
 * beside the index. Returns undefined when the index file does not exist.
 */
export function loadEndpointIndex(indexPath: string): KnownEndpoints | undefined {
  if (!existsSync(indexPath)) return undefined;
  const index = JSON.parse(readFileSync(indexPath, 'utf8')) as EndpointIndex;
  const files = new Map<string, Schema>();
  const load = (file: string): Schema => {
    let schema = files.get(file);
    if (!schema) {
      schema = JSON.parse(readFileSync(file, 'utf8')) as Schema;
      files.set(file, schema);
    }
    return schema;
  };
  const known: KnownEndpoints = new Map();
  for (const entry of index.endpoints ?? [])
    known.set(endpointKey(entry.method, entry.path), describeEntry(entry, resolve(indexPath), load));
  return known;
}

function describeEntry(
  entry: EndpointEntry,
  indexFile: string,
  load: (file: string) => Schema,
): KnownEndpoint {
  const result: KnownEndpoint = { rows: entry.rows ?? '' };
  if (entry.request) result.bodyKeys = propertiesOf(resolveRef(entry.request, indexFile, load), load);
  if (entry.response) {
    const response = resolveRef(entry.response, indexFile, load);
    result.fieldsAt = (pointer) => propertiesOf(walk(response, pointer, load), load);
  }
  if (entry.fields) result.fields = entry.fields;
  else result.fields = result.fieldsAt?.(result.rows ?? '');
  if (entry.variants) result.variants = entry.variants;
  return result;
}

/**
 * Resolves 'file.json#/pointer' (relative to the file holding the reference) or '#/pointer'
 * (within it) to its schema, with the absolute path of the file it sits in.
 */
function resolveRef(
  ref: string,
  file: string,
  load: (file: string) => Schema,
): { schema: Schema; file: string } | undefined {
  const [refFile, pointer = ''] = ref.split('#');
  const target = refFile ? resolve(dirname(file), refFile) : file;
  let node: unknown = load(target);
  for (const token of pointer.split('/').filter(Boolean)) {
    node = (node as Schema | undefined)?.[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node && typeof node === 'object' ? { schema: node as Schema, file: target } : undefined;
}

function deref(
  at: { schema: Schema; file: string } | undefined,
  load: (file: string) => Schema,
): { schema: Schema; file: string } | undefined {
  let cur = at;
  for (let hops = 0; cur && typeof cur.schema.$ref === 'string' && hops < 20; hops++) {
    cur = resolveRef(cur.schema.$ref, cur.file, load);
  }
  return cur;
}

/** Follows a pointer into the instance (e.g. '/values') through the schema's properties and items. */
function walk(
  at: { schema: Schema; file: string } | undefined,
  pointer: string,
  load: (file: string) => Schema,
): { schema: Schema; file: string } | undefined {
  let cur = deref(at, load);
  for (const token of pointer.split('/').filter(Boolean)) {
    const props = cur?.schema.properties as Schema | undefined;
    cur = cur && props?.[token] ? deref({ schema: props[token] as Schema, file: cur.file }, load) : undefined;
  }
  // The rows are the items of the list found there.
  if (cur?.schema.items) cur = deref({ schema: cur.schema.items as Schema, file: cur.file }, load);
  return cur;
}

function propertiesOf(
  at: { schema: Schema; file: string } | undefined,
  load: (file: string) => Schema,
): string[] | undefined {
  const cur = deref(at, load);
  if (!cur) return undefined;
  const names = new Set<string>(Object.keys((cur.schema.properties as Schema | undefined) ?? {}));
  // Unions and compositions: a field of any branch is a field.
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    for (const branch of (cur.schema[key] as Schema[] | undefined) ?? []) {
      for (const n of propertiesOf({ schema: branch, file: cur.file }, load) ?? []) names.add(n);
    }
  }
  return names.size ? [...names] : undefined;
}
