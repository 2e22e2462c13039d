import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { createSchemaAjv, packageRoot } from '../../../engine/tools';
import { apiSchema } from '../schemaValidation';
import type { PropertyTypes } from './records';

const SCHEMA_DIR = join(packageRoot(import.meta.dirname), 'schemas', 'ingest');

/** The kinds of record `npm run db:import` accepts, one schema each in schemas/ingest. */
export const IMPORT_KINDS = [
  'accounts',
  'sites',
  'employees',
  'ad_sources',
  'relationships',
  'contacts',
  'communications',
  'leases',
  'call_scores',
  'action_items',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export function isImportKind(k: string): k is ImportKind {
  return (IMPORT_KINDS as readonly string[]).includes(k);
}

interface IngestSchema {
  properties: Record<string, { type: string | string[] }>;
}

/** The compiled validator of a kind and the types of its fields. */
export interface KindSchema {
  validate: ValidateFunction;
  types: PropertyTypes;
  fields: string[];
}

const cache = new Map<ImportKind, KindSchema>();

/** Loads and compiles the ingest schema of a kind (cached). */
export function kindSchema(kind: ImportKind): KindSchema {
  const hit = cache.get(kind);
  if (hit) return hit;
  const schema = JSON.parse(readFileSync(join(SCHEMA_DIR, `${kind}.schema.json`), 'utf8')) as IngestSchema;
  // Every error of a record at once, and the schemas' defaults filled in.
  const ajv = createSchemaAjv({ allErrors: true, useDefaults: true });
  // A field whose values the API names too (comm_type) refers to the API's shape.
  ajv.addSchema(apiSchema('common.schema.json'));
  const validate = ajv.compile(schema);
  const types: PropertyTypes = {};
  for (const [name, p] of Object.entries(schema.properties))
    types[name] = Array.isArray(p.type) ? p.type : [p.type];
  const out = { validate, types, fields: Object.keys(schema.properties) };
  cache.set(kind, out);
  return out;
}
