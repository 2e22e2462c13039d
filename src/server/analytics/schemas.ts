import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';

/** Where the analytics schemas live (schemas/api, top level; auth/ belongs to the auth routes). */
export const SCHEMA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'schemas', 'api');

/** The $id prefix of every analytics schema file. */
export const SCHEMA_BASE = 'https://hawkeye.local/schemas/api/';

/** A loaded schema file: its name (without .schema.json) and its JSON. */
export interface SchemaFile {
  name: string;
  schema: { $id: string; title?: string; description?: string; $defs: Record<string, unknown> };
}

/** Reads every top-level *.schema.json of schemas/api. */
export function loadSchemaFiles(dir = SCHEMA_DIR): SchemaFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()
    .map((f) => ({
      name: f.replace(/\.schema\.json$/, ''),
      schema: JSON.parse(readFileSync(join(dir, f), 'utf8')),
    }));
}

/** An Ajv (draft 2020-12) holding every analytics schema, for request validation and tests. */
export function createAnalyticsAjv(files = loadSchemaFiles()): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: false, strict: false, coerceTypes: false, useDefaults: false });
  for (const f of files) ajv.addSchema(f.schema);
  return ajv;
}

/** A `$ref` to one definition, e.g. ref('caller-behavior', 'bySiteRequest'). */
export function ref(file: string, def: string): { $ref: string } {
  return { $ref: `${SCHEMA_BASE}${file}.schema.json#/$defs/${def}` };
}
