import type { KnownEndpoints } from '../definitions/endpointIndex';
import type { Library } from '../definitions/library';
import { migrateDefinition } from '../definitions/migrations/migrateDefinition';
import type { MigrationStep } from '../definitions/migrations/migrationStep';
import { parseJsonWithPositions } from '../definitions/parseJsonWithPositions';
import { canonicalOrder } from './canonicalOrder';
import { isJsonObject, type JsonValue } from './jsonValue';
import { leanForm } from './leanForm';
import { CANONICAL_LAYOUT, printJson } from './printJson';
import type { SchemaSet } from './schemaSet';

/** What migrating one definition text gives: nothing when it is current. */
export interface MigratedText {
  /** The version the text had, when steps applied. */
  from?: number;
  applied: MigrationStep[];
  /** The new text: migrated, in lean form (see leanForm), formatted canonically. */
  next?: string;
}

/**
 * Migrates a definition text of an older schemaVersion to the current one and rewrites it in lean
 * form against the library, formatted as dashboards:format does. A syntax error throws
 * JsonSyntaxError.
 */
export function migrateText(
  text: string,
  library: Library,
  set: SchemaSet,
  endpoints?: KnownEndpoints,
): MigratedText {
  const { value } = parseJsonWithPositions(text);
  const migrated = migrateDefinition(value);
  if (migrated.from === undefined) return { applied: [] };
  const doc = isJsonObject(migrated.doc as JsonValue)
    ? leanForm(migrated.doc as never, library, endpoints)
    : migrated.doc;
  return {
    from: migrated.from,
    applied: migrated.applied,
    next: printJson(canonicalOrder(doc as JsonValue, set), CANONICAL_LAYOUT),
  };
}
