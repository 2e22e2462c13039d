/**
 * Generates engine/types/*.ts from schemas/dashboard/*.json with json-schema-to-typescript.
 * `--check` compares instead of writing and exits 1 when the committed types drift.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compile } from 'json-schema-to-typescript';

const root = resolve(import.meta.dirname, '..');
const schemaDir = join(root, 'schemas', 'dashboard');
const outDir = join(root, 'engine', 'types');

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
  let node = schemas.get(refFile || file);
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

async function compileOne(dir: string, schema: Json | undefined, name: string): Promise<string> {
  // biome-ignore lint/suspicious/noExplicitAny: the compiler takes its own JSONSchema type
  return compile(schema as any, name, {
    cwd: dir,
    bannerComment: banner,
    additionalProperties: false,
    ignoreMinAndMaxItems: true,
    unreachableDefinitions: false,
    format: true,
    style: { singleQuote: true, printWidth: 110 },
  });
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  let drift = 0;
  for (const { schema, out, name } of targets) {
    const text = await generate(schema, name);
    const path = join(outDir, out);
    if (check) {
      let current = '';
      try {
        current = readFileSync(path, 'utf8');
      } catch {
        // a missing file is drift like any other
      }
      if (current !== text) {
        drift++;
        console.error(
          `engine/types/${out} is out of date with schemas/dashboard/${schema}; run npm run gen:types`,
        );
      }
    } else {
      writeFileSync(path, text);
      console.log(`wrote engine/types/${out}`);
    }
  }
  if (drift) process.exit(1);
  if (check) console.log('engine/types are up to date');
}

await main();
