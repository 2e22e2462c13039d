import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { PageDefinition } from '../types/dashboard';
import { ajvProblems } from './ajvProblems';
import { checkReferences } from './checkReferences';
import { type DefinitionError, locate } from './definitionError';
import type { KnownEndpoints } from './endpointIndex';
import { messages } from './messages';
import { migrateDefinition } from './migrations/migrateDefinition';
import { normalizeDefinition } from './normalizeDefinition';
import type { NormalizedPage } from './normalizedPage';
import { JsonSyntaxError, type PositionMap, parseJsonWithPositions } from './parseJsonWithPositions';
import { pageSchema } from './schemaValidator';

/** The outcome of loading one definition file. */
export interface LoadedDefinition {
  /** The path as given, used in messages. */
  file: string;
  /** Present only when there are no errors (warnings allowed). */
  definition?: NormalizedPage;
  errors: DefinitionError[];
  /** Positions of the parsed document, for cross-file checks. */
  positions?: PositionMap;
  /**
   * Info: the older schemaVersion the file has, when it was migrated on load (see
   * migrations/; messages.migrated says it to the author).
   */
  migratedFrom?: number;
}

/** Options of definition loading. */
export interface LoadOptions {
  /** The API's endpoints; undefined skips endpoint and field checks. */
  endpoints?: KnownEndpoints;
  /** Base folder for the file names in messages (default: the current folder). */
  cwd?: string;
}

/** Reads, parses, validates (schema, then references) and normalizes one definition file. */
export function loadDefinition(path: string, options: LoadOptions = {}): LoadedDefinition {
  const file = relative(options.cwd ?? process.cwd(), path) || path;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return {
      file,
      errors: [
        { file, line: 1, column: 1, pointer: '', message: messages.unreadable(detail), severity: 'error' },
      ],
    };
  }
  return checkDefinitionText(file, text, options);
}

/** As loadDefinition, for text already read (the file name is used in messages only). */
export function checkDefinitionText(file: string, text: string, options: LoadOptions = {}): LoadedDefinition {
  let parsed: { value: unknown; positions: PositionMap };
  try {
    parsed = parseJsonWithPositions(text);
  } catch (err) {
    if (!(err instanceof JsonSyntaxError)) throw err;
    const { line, column } = err.position;
    return {
      file,
      errors: [{ file, line, column, pointer: '', message: messages.syntax(err.message), severity: 'error' }],
    };
  }
  // Older versions are brought to the current one first, so the schema only knows the current shape.
  const { doc, from: migratedFrom } = migrateDefinition(parsed.value);
  const { validate, kinds } = pageSchema();
  const defaulted = structuredClone(doc);
  if (!validate(defaulted)) {
    return {
      file,
      positions: parsed.positions,
      errors: locate(file, parsed.positions, ajvProblems(validate.errors ?? [], doc, kinds)),
      migratedFrom,
    };
  }
  const problems = checkReferences(defaulted as PageDefinition, options.endpoints);
  const errors = locate(file, parsed.positions, problems);
  if (errors.some((e) => e.severity === 'error'))
    return { file, positions: parsed.positions, errors, migratedFrom };
  return {
    file,
    positions: parsed.positions,
    errors,
    definition: normalizeDefinition(defaulted as Record<string, unknown>),
    migratedFrom,
  };
}
