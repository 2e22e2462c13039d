/**
 * The engine's Node-side API, the one entry the server, the scripts and the Node tests import (its
 * browser entry is engine/index.ts, which draws with React and imports CSS): definitions read,
 * validated, migrated and normalized; the tools of their authors and reviewers (canonical
 * formatting, diff, sources, reference docs); and the pure rules the server shares with the pages
 * (a table's cell text for the CSV export, the pipes).
 */

export { type BodyContext, buildRequestBody } from '../data/buildRequestBody';
// What the server computes as the pages do: rows and totals of an answer, a cell's text, a CSV line.
export { extractRows, extractTotal } from '../data/extractRows';
// Definitions: read, validate, migrate, normalize.
export { createSchemaAjv, ERROR_MESSAGE_KEYWORD } from '../definitions/ajv';
export {
  ajvProblems,
  type ChartCompileCache,
  checkDefinitionText,
  checkDefinitionTexts,
  checkSourceAlone,
  type DefinitionError,
  definitionFiles,
  formatDefinitionError,
  isLibraryFile,
  type KnownEndpoints,
  type Library,
  libraryOfFolder,
  loadDefinitions,
  loadEndpointIndex,
  locate,
  type NormalizedPage,
  type Problem,
  syntaxErrors,
  withCompiledCharts,
} from '../definitions/index';
export { escapePointerToken } from '../definitions/jsonPointer';
export { messages } from '../definitions/messages';
export { currentSchemaVersion } from '../definitions/migrations/migrationSteps';
export { JsonSyntaxError, type PositionMap, parseJsonTolerant } from '../definitions/parseJsonWithPositions';
export { applyPipe, pipeArgumentError } from '../format/applyPipe';
export { formatDaysHoursMinutes } from '../format/formatDuration';
export { formatFixed, formatNumber } from '../format/formatNumber';
export { evaluateCondition } from '../params/evaluateCondition';
export { paramsForFilter } from '../params/paramsForFilter';
export type { Pipe } from '../types/dashboard';
export { chartSignals, chartSpec } from '../widgets/chart/chartSpec';
export { indicatorArrow, type WidgetFigure, widgetFigures } from '../widgets/figures/widgetFigures';
export { cellText, totalText } from '../widgets/table/cellText';
export { csvLine } from '../widgets/table/csvText';

// The tools of definition authors and reviewers.
export { canonicalOrder } from './canonicalOrder';
export { diffDefinitionSets } from './diff/diffDefinitionSets';
export type { DiffReport, PageDiff } from './diff/diffReport';
export { pageSummary, renderDiffText } from './diff/renderDiffText';
export type { ReferenceGroup } from './docs/referenceSections';
export { renderEndpointCatalogue } from './docs/renderEndpointCatalogue';
export { type ReferenceDocument, renderReference } from './docs/renderReference';
export { formatDefinitionText } from './formatDefinitionText';
export { isJsonObject, type JsonObject, type JsonValue, jsonEqual, toJson } from './jsonValue';
export { type LoadedVersions, loadVersions } from './loadVersions';
export { migrateText } from './migrateText';
export { packageRoot } from './packageRoot';
export { type PrintOptions, printJson } from './printJson';
export { loadSchemaSet, type SchemaAt, type SchemaSet } from './schemaSet';
export type { DefinitionText } from './sources/definitionText';
export { readRevision } from './sources/readRevision';
export { jsonFilesOf, readWorkingTree } from './sources/readWorkingTree';
