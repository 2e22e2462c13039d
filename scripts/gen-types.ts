/**
 * Generates TypeScript types from schemas/ with json-schema-to-typescript: engine/types/*.ts from
 * schemas/dashboard, src/shared/api/types.ts (every body, answer and token of the API) from
 * schemas/api, and src/shared/delivery/types.ts (digests and alert rules) from schemas/delivery.
 * `--check` compares instead of writing and exits 1 when a committed file drifts.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { readCommandLine } from './lib/args';

const root = resolve(import.meta.dirname, '..');
const schemaDir = join(root, 'schemas', 'dashboard');
const apiSchemaDir = join(root, 'schemas', 'api');
/** Where the API types go: src/shared, because the server and the client both use them. */
export const API_TYPES_FILE = join(root, 'src', 'shared', 'api', 'types.ts');

/** Each output file and the schema it is generated from (the page schema pulls in every other one). */
const targets = [
  { schema: 'page.schema.json', out: 'dashboard.ts', name: 'PageDefinition' },
  { schema: 'endpoint-index.schema.json', out: 'endpointIndex.ts', name: 'EndpointIndex' },
];

const banner = `/* Generated from schemas/dashboard by scripts/gen-types.ts (npm run gen:types). Never edit by hand: change the schema and regenerate. */`;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function readSchemas(): Map<string, Json> {
  const files = readdirSync(schemaDir).filter((f) => f.endsWith('.json'));
  return new Map(files.map((f) => [f, JSON.parse(readFileSync(join(schemaDir, f), 'utf8')) as Json]));
}

function target(schemas: Map<string, Json>, file: string, ref: string): Json | undefined {
  const [refFile, pointer = ''] = ref.split('#');
  // A reference names a file relative to the referring one (schemas/api has sub-folders).
  let node = schemas.get(refFile ? join(dirname(file), refFile) : file);
  for (const part of pointer.split('/').filter(Boolean)) {
    node = node && typeof node === 'object' && !Array.isArray(node) ? node[part] : undefined;
  }
  return node;
}

/**
 * A `$ref` with a sibling `description` makes json-schema-to-typescript declare a copy of the named
 * type (Condition1, Condition2...). The copy carries no new shape, so the sibling text is dropped
 * when the target has a title; untitled targets (plain strings, enums) keep it as property JSDoc.
 */
function stripRefDescriptions(schemas: Map<string, Json>, file: string, node: Json): void {
  if (Array.isArray(node)) {
    for (const item of node) stripRefDescriptions(schemas, file, item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const ref = node.$ref;
  if (typeof ref === 'string' && 'description' in node) {
    const t = target(schemas, file, ref);
    if (t && typeof t === 'object' && !Array.isArray(t) && typeof t.title === 'string')
      delete node.description;
  }
  for (const value of Object.values(node)) stripRefDescriptions(schemas, file, value);
}

async function generate(schemaFile: string, name: string): Promise<string> {
  const schemas = readSchemas();
  const dir = mkdtempSync(join(tmpdir(), 'gen-types-'));
  try {
    for (const [file, schema] of schemas) {
      stripRefDescriptions(schemas, file, schema);
      writeFileSync(join(dir, file), JSON.stringify(schema));
    }
    return await compileOne(dir, schemas.get(schemaFile), name);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function compileOne(
  dir: string,
  schema: Json | undefined,
  name: string,
  bannerComment = banner,
): Promise<string> {
  // biome-ignore lint/suspicious/noExplicitAny: the compiler takes its own JSONSchema type
  return compile(schema as any, name, {
    cwd: dir,
    bannerComment,
    additionalProperties: false,
    ignoreMinAndMaxItems: true,
    unreachableDefinitions: false,
    format: true,
    style: { singleQuote: true, printWidth: 110 },
  });
}

const apiBanner = `/* Generated from schemas/api by scripts/gen-types.ts (npm run gen:types). Never edit by hand: change the schema and regenerate. */`;

/** The name of the synthetic root that lists every API shape; it is dropped from the output. */
const API_ROOT = 'ApiShapes';

/**
 * Names of the `$defs` of files whose definitions are named without their file's prefix (their
 * names are unique and read well alone), and the few that need a name of their own.
 */
const UNPREFIXED = new Set(['common.schema.json', 'reference.schema.json']);
const RENAMED: Record<string, string> = {
  'common.schema.json#error': 'ErrorAnswer',
  'common.schema.json#date': 'SiteLocalTime',
};

/** A definition's name: its file's prefix, then its key, without saying the prefix's last word twice. */
function defName(prefix: string, key: string): string {
  const name = pascal(key);
  const last = /[A-Z][a-z0-9]*$/.exec(prefix)?.[0];
  return last && name.startsWith(last) && name.length > last.length
    ? `${prefix}${name.slice(last.length)}`
    : `${prefix}${name}`;
}

const pascal = (s: string) => s.replace(/(^|[-_.\s]+)([a-z0-9])/gi, (_m, _sep, c: string) => c.toUpperCase());

/** Every JSON file of schemas/api but the endpoint index, by path relative to it (auth/token-request.json). */
function readApiSchemas(): Map<string, Json> {
  const out = new Map<string, Json>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json') && entry.name !== 'endpoints.json')
        out.set(relative(apiSchemaDir, path), JSON.parse(readFileSync(path, 'utf8')) as Json);
    }
  };
  walk(apiSchemaDir);
  return out;
}

/**
 * Generates src/shared/api/types.ts: one type per titled file (auth/, forms/, dashboards/) and per
 * `$defs` entry of the analytics files, named from its title, or else from its file and key
 * (ad-source-effectiveness.schema.json#/$defs/bySite: AdSourceEffectivenessBySite), and DataRequest,
 * the body of any endpoint of the endpoint index.
 */
export async function generateApiTypes(): Promise<string> {
  const schemas = readApiSchemas();
  const refs: Record<string, Json> = {};
  for (const [file, schema] of schemas) {
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) continue;
    const defs = schema.$defs;
    if (defs && typeof defs === 'object' && !Array.isArray(defs)) {
      const prefix = UNPREFIXED.has(file) ? '' : pascal(file.replace(/\.schema\.json$/, ''));
      for (const [key, def] of Object.entries(defs)) {
        if (!def || typeof def !== 'object' || Array.isArray(def)) continue;
        def.title ??= RENAMED[`${file}#${key}`] ?? defName(prefix, key);
        refs[def.title as string] = { $ref: `${file}#/$defs/${key}` };
      }
    } else if (typeof schema.title === 'string') {
      refs[schema.title] = { $ref: file };
    }
  }
  // A definition that is another one of its file (a totals request that takes the table's body) is
  // that type by another name, not a copy of its shape under the other's comment.
  for (const [file, schema] of schemas) {
    const defs = schema && typeof schema === 'object' && !Array.isArray(schema) ? schema.$defs : undefined;
    if (!defs || typeof defs !== 'object' || Array.isArray(defs)) continue;
    for (const def of Object.values(defs)) {
      if (!def || typeof def !== 'object' || Array.isArray(def) || typeof def.$ref !== 'string') continue;
      const same = /^#\/\$defs\/([^/]+)$/.exec(def.$ref);
      const other = same ? defs[same[1]] : undefined;
      if (!other || typeof other !== 'object' || Array.isArray(other) || typeof other.title !== 'string')
        throw new Error(`${file}: ${def.$ref} must name another definition of the same file`);
      delete def.$ref;
      def.tsType = other.title;
    }
  }
  // One name for the body of any data endpoint, for code that reads the fields they share.
  const index = JSON.parse(readFileSync(join(apiSchemaDir, 'endpoints.json'), 'utf8')) as {
    endpoints: { request?: string }[];
  };
  const requests = [...new Set(index.endpoints.flatMap((e) => (e.request ? [e.request] : [])))];
  refs.DataRequest = {
    title: 'DataRequest',
    description: 'The body of any endpoint of schemas/api/endpoints.json.',
    anyOf: requests.map((r) => ({ $ref: r })),
  };
  // schemas/api and schemas/dashboard side by side, as in the repository: an API schema may name a
  // dashboard shape (`../dashboard/common.schema.json#/...`) rather than restate it.
  const base = mkdtempSync(join(tmpdir(), 'gen-api-types-'));
  const dir = join(base, 'api');
  try {
    mkdirSync(join(base, 'dashboard'));
    for (const [file, schema] of readSchemas())
      writeFileSync(join(base, 'dashboard', file), JSON.stringify(schema));
    for (const [file, schema] of schemas) {
      stripRefDescriptions(schemas, file, schema);
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), JSON.stringify(schema));
    }
    const rootSchema: Json = {
      title: API_ROOT,
      type: 'object',
      properties: refs,
      additionalProperties: false,
    };
    const text = await compileOne(dir, rootSchema, API_ROOT, apiBanner);
    // The root only makes the compiler reach every shape: it is not a shape of the API.
    return text.replace(new RegExp(`export interface ${API_ROOT} \\{[\\s\\S]*?\\n\\}\\n`), '');
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

/** Where the digest and alert-rule types go: src/shared, beside the API's, for the server and the client. */
export const DELIVERY_TYPES_FILE = join(root, 'src', 'shared', 'delivery', 'types.ts');
const deliverySchemaDir = join(root, 'schemas', 'delivery');
const deliveryBanner = `/* Generated from schemas/delivery by scripts/gen-types.ts (npm run gen:types). Never edit by hand: change the schema and regenerate. */`;

/** Generates the types of schemas/delivery: DigestDefinition, AlertRuleDefinition and their named parts. */
export async function generateDeliveryTypes(): Promise<string> {
  const files = readdirSync(deliverySchemaDir).filter((f) => f.endsWith('.json'));
  const schemas = new Map(
    files.map((f) => [f, JSON.parse(readFileSync(join(deliverySchemaDir, f), 'utf8')) as Json]),
  );
  const dir = mkdtempSync(join(tmpdir(), 'gen-delivery-types-'));
  try {
    const refs: Record<string, Json> = {};
    for (const [file, schema] of schemas) {
      stripRefDescriptions(schemas, file, schema);
      writeFileSync(join(dir, file), JSON.stringify(schema));
      if (schema && typeof schema === 'object' && !Array.isArray(schema) && typeof schema.title === 'string')
        refs[schema.title] = { $ref: file };
    }
    const rootSchema: Json = {
      title: API_ROOT,
      type: 'object',
      properties: refs,
      additionalProperties: false,
    };
    const text = await compileOne(dir, rootSchema, API_ROOT, deliveryBanner);
    return text.replace(new RegExp(`export interface ${API_ROOT} \\{[\\s\\S]*?\\n\\}\\n`), '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of each generated file, by its path relative to the repository. */
async function generatedFiles(): Promise<{ path: string; from: string; text: string }[]> {
  const files = [];
  for (const { schema, out, name } of targets)
    files.push({
      path: join('engine', 'types', out),
      from: `schemas/dashboard/${schema}`,
      text: await generate(schema, name),
    });
  files.push({ path: relative(root, API_TYPES_FILE), from: 'schemas/api', text: await generateApiTypes() });
  files.push({
    path: relative(root, DELIVERY_TYPES_FILE),
    from: 'schemas/delivery',
    text: await generateDeliveryTypes(),
  });
  return files;
}

async function main(): Promise<void> {
  const { values } = readCommandLine('Usage: npm run gen:types [-- --check]', {
    options: { check: { type: 'boolean', default: false } },
  });
  const check = values.check;
  let drift = 0;
  for (const { path, from, text } of await generatedFiles()) {
    const full = join(root, path);
    if (check) {
      let current = '';
      try {
        current = readFileSync(full, 'utf8');
      } catch {
        // a missing file is drift like any other
      }
      if (current !== text) {
        drift++;
        console.error(`${path} is out of date with ${from}; run npm run gen:types`);
      }
    } else {
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, text);
      console.log(`wrote ${path}`);
    }
  }
  if (drift) process.exit(1);
  if (check) console.log('generated types are up to date');
}

// Run as a command, not when a test imports the generator.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
