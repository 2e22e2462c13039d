/** Tools for authors and reviewers of definitions: canonical formatting, diff, sources, reference. */
export { canonicalOrder } from './canonicalOrder';
export { formatDefinitionText } from './formatDefinitionText';
export { isJsonObject, type JsonObject, type JsonValue, jsonEqual, toJson } from './jsonValue';
export { type LoadedVersions, loadVersions } from './loadVersions';
export { type PrintOptions, printJson } from './printJson';
export { loadSchemaSet, type SchemaAt, type SchemaSet } from './schemaSet';
export type { DefinitionText } from './sources/definitionText';
export { readRevision } from './sources/readRevision';
export { jsonFilesOf, readWorkingTree } from './sources/readWorkingTree';
