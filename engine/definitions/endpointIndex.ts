import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ErrorObject } from 'ajv';
import type { EndpointEntry, EndpointIndex } from '../types/endpointIndex';
import { createSchemaAjv } from './ajv';

/** What a response schema says of the value at a pointer: its JSON types, its enum, its fields. */
export interface ValueShape {
  /** 'string', 'integer', 'array'...; empty when the schema does not say. */
  types: string[];
  enum?: unknown[];
  /** The member names of an object. */
  fields?: string[];
}

/** One way a request body fails its schema (Ajv's error, with the allowed values of an enum). */
export interface BodyError {
  /** JSON pointer into the body ('' for the body itself). */
  path: string;
  keyword: string;
  message: string;
  /** The property a `required` error names. */
  missing?: string;
}

/** What the checker knows of one endpoint: accepted body keys and row fields (undefined: unknown). */
export interface KnownEndpoint {
  bodyKeys?: string[];
  fields?: string[];
  variants?: Record<string, string[]>;
  /** The index's rows pointer, which `fields` describes. */
  rows?: string;
  /** The row fields at another pointer of the response (a source reading another part of it). */
  fieldsAt?: (pointer: string) => string[] | undefined;
  /**
   * The JSON type of the response at a pointer ('array', 'integer', 'object'...; 'any' when the
   * schema does not say), or undefined when the response has nothing there.
   */
  typeAt?: (pointer: string) => string | undefined;
  /** The columns the endpoint sorts by (the enum of its body's sort column), when it sorts. */
  sortable?: string[];
  /** The body key whose literal value picks the variant. */
  variantKey?: string;
  /** Every way a body fails the request schema (none: it is accepted). */
  validateBody?: (body: Record<string, unknown>) => BodyError[];
  /** The response schema's shape at a pointer ('/values/0/site'), undefined where it has nothing. */
  shapeAt?: (pointer: string) => ValueShape | undefined;
}

/**
 * Endpoints keyed by 'METHOD /path', with the global filter keys the host declares and the access
 * claims the server grants.
 */
export type KnownEndpoints = Map<string, KnownEndpoint> & {
  filterKeys?: string[];
  claims?: Record<string, string[]>;
};

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
  if (index.filterKeys) known.filterKeys = index.filterKeys;
  if (index.claims) known.claims = index.claims;
  const validators = requestValidators(dirname(resolve(indexPath)), load);
  for (const entry of index.endpoints ?? []) {
    const described = describeEntry(entry, resolve(indexPath), load);
    if (entry.request) described.validateBody = validators(entry.request);
    known.set(endpointKey(entry.method, entry.path), described);
  }
  return known;
}

/**
 * Request body validators of the schemas beside the index (every *.json with an $id, as the
 * server registers them), compiled on first use: a reference 'file.json#/pointer' is read as the
 * schema of that file's $id at that pointer.
 */
type Validate = ((body: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * The compiled validators of a schema folder, kept while its files are unchanged: a server
 * reloading its definitions does not compile them again (the folder's files and their times key it).
 */
const compiledFolders = new Map<
  string,
  { key: string; ajv?: ReturnType<typeof createSchemaAjv>; compiled: Map<string, Validate> }
>();

function requestValidators(
  dir: string,
  load: (file: string) => Schema,
): (ref: string) => (body: Record<string, unknown>) => BodyError[] {
  const jsonFiles = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? jsonFiles(join(d, e.name)) : e.name.endsWith('.json') ? [join(d, e.name)] : [],
    );
  const all = jsonFiles(dir);
  const key = JSON.stringify(all.map((f) => [f, statSync(f).mtimeMs]));
  let folder = compiledFolders.get(dir);
  if (folder?.key !== key) {
    folder = { key, compiled: new Map() };
    compiledFolders.set(dir, folder);
  }
  const kept = folder;
  const setUp = () => {
    if (kept.ajv) return kept.ajv;
    const ajv = createSchemaAjv({ allErrors: true });
    for (const file of all) {
      const schema = load(file);
      if (typeof schema.$id === 'string' && !ajv.getSchema(schema.$id)) ajv.addSchema(schema);
    }
    kept.ajv = ajv;
    return ajv;
  };
  // Endpoints that share a request schema share its compiled validator.
  const compiled = kept.compiled;
  return (ref) => {
    let validate: Validate;
    return (body) => {
      if (!validate) {
        const [file, pointer = ''] = ref.split('#');
        const id = `${String(load(resolve(dir, file)).$id)}#${pointer}`;
        validate = compiled.get(id) ?? setUp().compile({ $ref: id });
        compiled.set(id, validate);
      }
      if (validate(body)) return [];
      return (validate.errors ?? []).map((e) => {
        const params = e.params as {
          allowedValues?: unknown[];
          allowedValue?: unknown;
          missingProperty?: string;
        };
        const allowed = params.allowedValues ?? (e.keyword === 'const' ? [params.allowedValue] : undefined);
        const message = allowed
          ? `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`
          : (e.message ?? e.keyword);
        return { path: e.instancePath, keyword: e.keyword, message, missing: params.missingProperty };
      });
    };
  };
}

function describeEntry(
  entry: EndpointEntry,
  indexFile: string,
  load: (file: string) => Schema,
): KnownEndpoint {
  const result: KnownEndpoint = { rows: entry.rows ?? '' };
  if (entry.request) {
    const request = resolveRef(entry.request, indexFile, load);
    result.bodyKeys = propertiesOf(request, load);
    const column = walkTo(request, '/sort/0/column', load)?.schema.enum;
    if (Array.isArray(column)) result.sortable = column.map(String);
  }
  if (entry.response) {
    const response = resolveRef(entry.response, indexFile, load);
    result.shapeAt = (pointer) => shapeOf(walkTo(response, pointer, load), load);
    result.fieldsAt = (pointer) => propertiesOf(walk(response, pointer, load), load);
    result.typeAt = (pointer) => {
      const at = walkTo(response, pointer, load);
      if (!at) return undefined;
      const type = at.schema.type;
      return typeof type === 'string' ? type : Array.isArray(type) ? type.join(' or ') : 'any';
    };
  }
  if (entry.fields) result.fields = entry.fields;
  else result.fields = result.fieldsAt?.(result.rows ?? '');
  if (entry.variants) result.variants = entry.variants;
  if (entry.variantKey) result.variantKey = entry.variantKey;
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

/** Follows a pointer into the instance (e.g. '/values') to the schema of the rows found there. */
function walk(
  at: { schema: Schema; file: string } | undefined,
  pointer: string,
  load: (file: string) => Schema,
): { schema: Schema; file: string } | undefined {
  const cur = walkTo(at, pointer, load);
  // The rows are the items of the list found there.
  return cur?.schema.items ? deref({ schema: cur.schema.items as Schema, file: cur.file }, load) : cur;
}

/**
 * The schema of the instance at a pointer: object members through `properties` (or a branch of
 * allOf/anyOf/oneOf that has the member), list items (a number token) through `items`.
 */
function walkTo(
  at: { schema: Schema; file: string } | undefined,
  pointer: string,
  load: (file: string) => Schema,
): { schema: Schema; file: string } | undefined {
  let cur = deref(at, load);
  for (const token of pointer.split('/').slice(1)) {
    if (!cur) return undefined;
    cur = memberOf(cur, token.replace(/~1/g, '/').replace(/~0/g, '~'), load);
  }
  return cur;
}

function memberOf(
  at: { schema: Schema; file: string },
  token: string,
  load: (file: string) => Schema,
): { schema: Schema; file: string } | undefined {
  const props = at.schema.properties as Schema | undefined;
  if (props?.[token]) return deref({ schema: props[token] as Schema, file: at.file }, load);
  if (/^\d+$/.test(token) && at.schema.items)
    return deref({ schema: at.schema.items as Schema, file: at.file }, load);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    for (const branch of (at.schema[key] as Schema[] | undefined) ?? []) {
      const found = memberOf(
        deref({ schema: branch, file: at.file }, load) ?? { schema: branch, file: at.file },
        token,
        load,
      );
      if (found) return found;
    }
  }
  return undefined;
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

/** The types, enum and member names a schema gives a value (its allOf/anyOf/oneOf branches merged). */
function shapeOf(
  at: { schema: Schema; file: string } | undefined,
  load: (file: string) => Schema,
): ValueShape | undefined {
  const cur = deref(at, load);
  if (!cur) return undefined;
  const types = new Set<string>();
  const type = cur.schema.type;
  for (const t of Array.isArray(type) ? type : type === undefined ? [] : [type]) types.add(String(t));
  let values = Array.isArray(cur.schema.enum) ? [...(cur.schema.enum as unknown[])] : undefined;
  if ('const' in cur.schema) values = [cur.schema.const];
  if (values && !types.size)
    for (const v of values) types.add(v === null ? 'null' : Number.isInteger(v) ? 'integer' : typeof v);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    for (const branch of (cur.schema[key] as Schema[] | undefined) ?? []) {
      const inner = shapeOf({ schema: branch, file: cur.file }, load);
      if (!inner) continue;
      if (key !== 'allOf' || !types.size) for (const t of inner.types) types.add(t);
      if (inner.enum)
        values =
          key === 'allOf' && values
            ? values.filter((v) => inner.enum?.includes(v))
            : [...(values ?? []), ...inner.enum];
    }
  }
  const fields = propertiesOf(cur, load);
  return { types: [...types], ...(values ? { enum: values } : {}), ...(fields ? { fields } : {}) };
}
