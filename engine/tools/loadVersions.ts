import { type DefinitionError, formatDefinitionError } from '../definitions/definitionError';
import { checkDefinitionText, type LoadOptions } from '../definitions/loadDefinition';
import { messages } from '../definitions/messages';
import { currentSchemaVersion } from '../definitions/migrations/migrationSteps';
import type { DefinitionVersion } from './diff/diffDefinitionSets';
import { isJsonObject, toJson } from './jsonValue';
import type { DefinitionText } from './sources/definitionText';

/** Normalized definitions, and what stopped the others. */
export interface LoadedVersions {
  versions: DefinitionVersion[];
  /** Located one-line errors (`file:line:column /pointer message`); warnings are not included. */
  errors: string[];
  /** Informational lines, e.g. a file migrated from an older schemaVersion on load. */
  infos: string[];
}

/**
 * Validates and normalizes definition texts as the engine does (older versions migrated first),
 * collecting every error of every text before reporting.
 */
export function loadVersions(texts: DefinitionText[], options: LoadOptions = {}): LoadedVersions {
  const result: LoadedVersions = { versions: [], errors: [], infos: [] };
  for (const { source, text } of texts) {
    const loaded = checkDefinitionText(source, text, options);
    const failed = loaded.errors.filter((e: DefinitionError) => e.severity === 'error');
    result.errors.push(...failed.map(formatDefinitionError));
    if (loaded.migratedFrom !== undefined)
      result.infos.push(`${source}: ${messages.migrated(loaded.migratedFrom, currentSchemaVersion)}`);
    const page = loaded.definition ? toJson(loaded.definition) : undefined;
    if (!failed.length && isJsonObject(page)) result.versions.push({ source, page });
  }
  return result;
}
