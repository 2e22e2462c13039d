import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { packageRoot } from '../tools/packageRoot';
import { createSchemaAjv } from './ajv';

/** Where the dashboard schemas live: schemas/dashboard beside engine/. */
export const dashboardSchemaDir = join(packageRoot(import.meta.dirname), 'schemas', 'dashboard');

/** The compiled page schema and the widget kinds it declares. */
export interface PageSchema {
  /** Validates and fills schema defaults into the value (so pass a copy). */
  validate: ValidateFunction;
  /** Validates a library file (library.schema.json). */
  validateLibrary: ValidateFunction;
  kinds: string[];
}

let cached: PageSchema | undefined;

/**
 * Compiles schemas/dashboard/page.schema.json with every sibling schema, with the one Ajv set-up
 * (./ajv.ts). allErrors so a file's problems come all at once; useDefaults so the `default`s written
 * in the schema are the only source of defaults (normalization then only resolves shorthand).
 */
export function pageSchema(dir = dashboardSchemaDir): PageSchema {
  if (cached && dir === dashboardSchemaDir) return cached;
  const ajv = createSchemaAjv({ allErrors: true, useDefaults: true });
  const kinds: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.schema.json'))) {
    const schema = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    ajv.addSchema(schema);
    const kind = /^widget-(.+)\.schema\.json$/.exec(file)?.[1];
    if (kind) kinds.push(kind);
  }
  const validate = ajv.getSchema('page.schema.json');
  if (!validate) throw new Error(`page.schema.json is missing from ${dir}`);
  const validateLibrary = ajv.getSchema('library.schema.json');
  if (!validateLibrary) throw new Error(`library.schema.json is missing from ${dir}`);
  const result = { validate, validateLibrary, kinds: kinds.sort() };
  if (dir === dashboardSchemaDir) cached = result;
  return result;
}
