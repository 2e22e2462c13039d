/** Definition loading for Node (CLI, server, tests): read, validate, normalize. */

export { ajvProblems } from './ajvProblems';
export { checkSourceAlone } from './checkReferences';
export {
  type ChartCompileCache,
  compileChart,
  compileChartLayout,
  withCompiledCharts,
} from './compileCharts';
export {
  type DefinitionError,
  formatDefinitionError,
  locate,
  type Problem,
  syntaxErrors,
} from './definitionError';
export { endpointKey, type KnownEndpoints, loadEndpointIndex } from './endpointIndex';
export { emptyLibrary, isLibraryFile, type Library } from './library';
export {
  checkDefinitionText,
  type LoadedDefinition,
  type LoadOptions,
  loadDefinition,
} from './loadDefinition';
export {
  checkDefinitionTexts,
  definitionFiles,
  type LoadedSet,
  libraryOfFolder,
  loadDefinitions,
  type SetOptions,
} from './loadDefinitions';
export type { NormalizedPage, NormalizedParam, NormalizedSource } from './normalizedPage';
