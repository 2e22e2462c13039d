import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { API_SCHEMA_BASE, API_SCHEMA_DIR, apiRef, createApiAjv } from '../schemaValidation';

/** Where the analytics schemas live (schemas/api, top level; auth/, forms/ and dashboards/ belong to their routes). */
export const SCHEMA_DIR = API_SCHEMA_DIR;

/** The $id prefix of every analytics schema file. */
export const SCHEMA_BASE = API_SCHEMA_BASE;

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

/** The server's Ajv (src/server/schemaValidation.ts), holding every API schema, for tests. */
export function createAnalyticsAjv(): Ajv2020 {
  return createApiAjv();
}

/** A `$ref` to one definition, e.g. ref('caller-behavior', 'bySiteRequest'). */
export function ref(file: string, def: string): { $ref: string } {
  return apiRef(`${file}.schema.json`, def);
}
