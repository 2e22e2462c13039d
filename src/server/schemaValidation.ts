import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ajv2020, ErrorObject } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { createSchemaAjv, ERROR_MESSAGE_KEYWORD, packageRoot } from '../../engine/tools';

/** schemas/api: every body, answer and token of the API (the analytics files, auth/, forms/, dashboards/). */
export const API_SCHEMA_DIR = join(packageRoot(import.meta.dirname), 'schemas', 'api');

/** The $id prefix of every file of schemas/api. */
export const API_SCHEMA_BASE = 'https://hawkeye.local/schemas/api/';

/** schemas/dashboard, whose shapes the API names rather than restates (a column's pipe in an export). */
const DASHBOARD_SCHEMA_DIR = join(API_SCHEMA_DIR, '..', 'dashboard');

/**
 * The $id prefix of the files of schemas/dashboard as the API's schemas name them
 * (`../dashboard/common.schema.json#/...` from a file of schemas/api): their own $ids are bare file
 * names, which this prefix completes.
 */
const DASHBOARD_SCHEMA_BASE = new URL('../dashboard/', API_SCHEMA_BASE).href;

type SchemaObject = { [key: string]: unknown };

let apiSchemaCache: Map<string, SchemaObject> | undefined;

/**
 * Every schema of schemas/api (sub-folders too; not the endpoint index), by $id, and the files of
 * schemas/dashboard that they may name, under DASHBOARD_SCHEMA_BASE.
 */
export function apiSchemas(): Map<string, SchemaObject> {
  if (apiSchemaCache) return apiSchemaCache;
  const out = new Map<string, SchemaObject>();
  for (const file of readdirSync(DASHBOARD_SCHEMA_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const schema = JSON.parse(readFileSync(join(DASHBOARD_SCHEMA_DIR, file), 'utf8')) as SchemaObject;
    const $id = new URL(schema.$id as string, DASHBOARD_SCHEMA_BASE).href;
    out.set($id, { ...schema, $id });
  }
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json') && entry.name !== 'endpoints.json') {
        const schema = JSON.parse(readFileSync(path, 'utf8')) as SchemaObject;
        out.set(schema.$id as string, schema);
      }
    }
  };
  walk(API_SCHEMA_DIR);
  apiSchemaCache = out;
  return out;
}

/** One file of schemas/api, by its path there (common.schema.json). */
export function apiSchema(file: string): SchemaObject {
  const schema = apiSchemas().get(`${API_SCHEMA_BASE}${file}`);
  if (!schema) throw new Error(`No schema ${file} in schemas/api`);
  return schema;
}

/**
 * An Ajv holding every schema of schemas/api, so route schemas may name them by $id or `$ref`: the
 * one set-up (engine/definitions/ajv.ts) with its defaults, the first error only and nothing filled
 * in, so a bad body answers 400 naming the field, and the failing schema kept on each error, where
 * the error handler finds an `errorMessage`.
 */
export function createApiAjv(): Ajv2020 {
  const ajv = createSchemaAjv();
  for (const schema of apiSchemas().values()) ajv.addSchema(schema);
  return ajv;
}

let shared: Ajv2020 | undefined;

/** The server's one Ajv of schemas/api, compiled lazily and shared by every app the process builds. */
export function apiAjv(): Ajv2020 {
  shared ??= createApiAjv();
  return shared;
}

/** The validator of one file of schemas/api, by its path there (auth/access-token.json). */
export function apiValidator<T>(file: string): (data: unknown) => data is T {
  const validate = apiAjv().getSchema(`${API_SCHEMA_BASE}${file}`);
  if (!validate) throw new Error(`No schema ${file} in schemas/api`);
  return (data: unknown): data is T => validate(data) as boolean;
}

/**
 * The validators of route schemas without an $id, by their JSON text: a route's schema is a new
 * object each time an app is built (tests build dozens in one process), and Ajv keys what it has
 * compiled by the object, so the same schema would be compiled again for each app.
 */
const routeValidators = new Map<string, ReturnType<Ajv2020['compile']>>();

/** Validates the routes of `app` (and every scope under it) with the schemas of schemas/api. */
export function validateWithApiSchemas(app: FastifyInstance): void {
  const ajv = apiAjv();
  app.setValidatorCompiler(({ schema }) => {
    const id = (schema as { $id?: string }).$id;
    const byId = id && ajv.getSchema(id);
    if (byId) return byId;
    const key = JSON.stringify(schema);
    let validate = routeValidators.get(key);
    if (!validate) {
      validate = ajv.compile(schema as object);
      routeValidators.set(key, validate);
    }
    return validate;
  });
}

/** A `$ref` to a schema of schemas/api: ref('caller-behavior.schema.json', 'bySiteRequest') or ref('auth/token-request.json'). */
export function apiRef(file: string, def?: string): { $ref: string } {
  return { $ref: `${API_SCHEMA_BASE}${file}${def ? `#/$defs/${def}` : ''}` };
}

/** The schema a `$ref` names, relative to `base` (an $id of schemas/api, or a URI under one). */
function resolveRef(ref: string, base: string): { schema: SchemaObject; base: string } {
  const url = new URL(ref, base);
  const [file, pointer = ''] = url.href.split('#');
  let node: unknown = apiSchemas().get(file);
  for (const part of pointer.split('/').filter(Boolean))
    node = (node as SchemaObject | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (!node || typeof node !== 'object') throw new Error(`No schema at ${url.href}`);
  return { schema: node as SchemaObject, base: file };
}

function inline(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((n) => inline(n, base));
  if (!node || typeof node !== 'object') return node;
  const {
    $ref,
    $schema: _draft,
    $id: _id,
    [ERROR_MESSAGE_KEYWORD]: _message,
    ...rest
  } = node as SchemaObject;
  if (typeof $ref === 'string') {
    const target = resolveRef($ref, base);
    return inline({ ...target.schema, ...rest }, target.base);
  }
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inline(v, base)]));
}

/**
 * The schema an absolute `$ref` names, with its own references inlined and $schema, $id and
 * errorMessage dropped: a shape of schemas/dashboard for a document that must stand alone.
 */
export function inlinedSchema(ref: string): object {
  return inline({ $ref: ref }, API_SCHEMA_BASE) as object;
}

/**
 * A schema of schemas/api as a response schema: fast-json-stringify knows neither the 2020-12
 * meta-schema nor our files, so references are inlined and $schema, $id and errorMessage dropped.
 */
export function responseSchema(schema: object): object {
  return inline(schema, ((schema as SchemaObject).$id as string | undefined) ?? API_SCHEMA_BASE) as object;
}

/**
 * The `errorMessage` of the schema a validation error failed, if it has one. For a missing property
 * that is the property's schema (through its `$ref`), since the value is absent.
 */
export function schemaErrorMessage(error: ErrorObject): string | undefined {
  let schema = error.parentSchema as SchemaObject | undefined;
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  if (missing && schema) {
    const base = typeof schema.$id === 'string' ? schema.$id : API_SCHEMA_BASE;
    let property = (schema.properties as Record<string, SchemaObject> | undefined)?.[missing];
    if (property && typeof property.$ref === 'string' && !(ERROR_MESSAGE_KEYWORD in property))
      property = resolveRef(property.$ref, base).schema;
    schema = property;
  }
  const message = schema?.[ERROR_MESSAGE_KEYWORD];
  return typeof message === 'string' ? message : undefined;
}

/**
 * Lets `application/json` requests have an empty body: the client posts /claims with a JSON
 * content type and nothing to say, which Fastify's parser would refuse with a 400.
 */
export function acceptEmptyJsonBodies(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}
