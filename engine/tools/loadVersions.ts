import { type DefinitionError, formatDefinitionError } from '../definitions/definitionError';
import type { LoadOptions } from '../definitions/loadDefinition';
import { checkDefinitionTexts } from '../definitions/loadDefinitions';
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
 * Validates and normalizes definition texts as the engine and `dashboards:check` do (older
 * versions migrated first; endpoints, fields and the checks across the texts included when
 * `options.endpoints` is given), collecting every error of every text before reporting.
 */
export function loadVersions(texts: DefinitionText[], options: LoadOptions = {}): LoadedVersions {
  const result: LoadedVersions = { versions: [], errors: [], infos: [] };
  const { loaded, libraries } = checkDefinitionTexts(
    texts.map(({ source, text }) => ({ file: source, text })),
    options,
  );
  for (const item of [...libraries, ...loaded]) {
    const failed = item.errors.filter((e: DefinitionError) => e.severity === 'error');
    result.errors.push(...failed.map(formatDefinitionError));
    if (item.migratedFrom !== undefined)
      result.infos.push(`${item.file}: ${messages.migrated(item.migratedFrom, currentSchemaVersion)}`);
    const page = item.definition ? toJson(item.definition) : undefined;
    if (!failed.length && isJsonObject(page)) result.versions.push({ source: item.file, page });
  }
  return result;
}
