/**
 * Every author-facing message of definition checking. Each says what is wrong (quoting the value)
 * and, after a semicolon, what would be right. The file, position and JSON pointer are added by
 * formatDefinitionError.
 */
import { closest } from './didYouMean';

const q = (v: unknown): string => `'${String(v)}'`;
const list = (names: Iterable<string>, max = 12): string => {
  const all = [...names];
  const shown = all.slice(0, max).map(q).join(', ');
  return all.length > max ? `${shown}, ...` : shown || '(none)';
};
const suggest = (name: string, candidates: Iterable<string>, fallback: string): string => {
  const c = closest(name, candidates);
  return c ? `did you mean ${q(c)}?` : fallback;
};

/** All message builders, by what went wrong. */
export const messages = {
  syntax: (detail: string) => `invalid JSON: ${detail}`,
  unreadable: (detail: string) => `cannot read the file: ${detail}; check the path`,
  unknownProperty: (name: string, allowed: string[]) =>
    `unknown property ${q(name)}; ${suggest(name, allowed, `allowed here: ${list(allowed)}`)}`,
  missingProperty: (name: string) => `missing required property ${q(name)}; add it`,
  wrongType: (expected: string, value: unknown) =>
    `expected ${expected}, found ${describeValue(value)}; write ${expected === 'array' ? 'a list' : `a ${expected}`}`,
  notAllowedValue: (value: unknown, allowed: unknown[]) =>
    `${q(value)} is not allowed; ${suggest(String(value), allowed.map(String), `use one of ${list(allowed.map(String))}`)}`,
  notConst: (value: unknown, expected: unknown) =>
    `${q(value)} is not allowed; use ${JSON.stringify(expected)}`,
  pattern: (value: unknown, pattern: string) => `${q(value)} does not match ${pattern}; rename it to match`,
  tooFew: (limit: number) => `needs at least ${limit} item${limit === 1 ? '' : 's'}; add some`,
  tooSmall: (value: unknown, limit: number) => `${q(value)} is too small; use at least ${limit}`,
  tooShort: (limit: number) => `is shorter than ${limit} character${limit === 1 ? '' : 's'}; fill it in`,
  notMatchingAny: (what: string) => `is not ${what}; see the schema description of this property`,
  unknownKind: (kind: string, kinds: string[]) =>
    `unknown widget kind ${q(kind)}; ${suggest(kind, kinds, `installed kinds: ${list(kinds)}`)}`,
  schemaOther: (message: string) => `${message}; see the schema`,
  referenceShape: () => 'a value reference needs exactly one of $filter, $param, $table; keep one of them',
  referenceStateWithoutTable: (key: string) => `${q(key)} applies only to $table references; remove it`,
  actionShape: () => 'an action is {set, from}, {set, value}, {reset} or {drill}; keep one of these forms',
  drillValueShape: () => 'a drilled param takes its value from one of from and value; keep one of them',
  unknownPage: (id: string, known: string[]) =>
    `page ${q(id)} is not among the definitions; ${suggest(id, known, `use one of ${list(known)}`)}`,
  unknownDrillParam: (name: string, page: string, known: string[]) =>
    `page ${q(page)} declares no param ${q(name)}; ${suggest(name, known, `use one of ${list(known)}`)}`,
  unknownParam: (name: string, known: string[]) =>
    `param ${q(name)} is not declared in /params; ${suggest(name, known, `declare it, or use one of ${list(known)}`)}`,
  unknownSource: (name: string, known: string[]) =>
    `data source ${q(name)} is not declared in /data; ${suggest(name, known, `declare it, or use one of ${list(known)}`)}`,
  unknownPanel: (name: string, known: string[]) =>
    `panel ${q(name)} is not declared in /panels; ${suggest(name, known, `declare it, or use one of ${list(known)}`)}`,
  panelNotPlaced: (name: string) => `panel ${q(name)} is not placed in /layout; add it to a layout row`,
  panelPlacedTwice: (name: string) => `panel ${q(name)} is placed twice in /layout; keep one`,
  unknownEndpoint: (method: string, path: string, known: string[]) =>
    `endpoint ${q(`${method} ${path}`)} is not in the API endpoint index; ${suggest(`${method} ${path}`, known, 'use an endpoint the API serves')}`,
  unknownVariant: (variant: unknown, path: string, known: string[]) =>
    `variant ${q(variant)} of ${q(path)} is not in the API endpoint index; ${suggest(String(variant), known, `use one of ${list(known)}`)}`,
  unknownField: (field: string, endpoint: string, fields: string[]) =>
    `field ${q(field)} is not in the response rows of ${q(endpoint)}; ${suggest(field, fields, `use one of ${list(fields)}`)}`,
  unknownFilterKey: (key: string, known: string[]) =>
    `the host passes no global filter value ${q(key)}; ${suggest(key, known, `use one of ${list(known)}`)}`,
  noSuchPointer: (what: string, pointer: string, endpoint: string, candidates: string[]) =>
    `the ${what} pointer ${q(pointer)} finds nothing in the response of ${q(endpoint)}; ${suggest(pointer, candidates, candidates.length ? `use one of ${list(candidates)}` : 'see its response schema')}`,
  wrongPointerType: (what: string, pointer: string, endpoint: string, type: string, expected: string) =>
    `the ${what} pointer ${q(pointer)} finds ${type === 'array' ? 'a list' : `a ${type}`} in the response of ${q(endpoint)}; point it at ${expected}`,
  notSortable: (field: string, endpoint: string, sortable: string[]) =>
    `${q(endpoint)} cannot sort by ${q(field)}, so clicking this header would fail; add "sortable": false, or sort by one of ${list(sortable)}`,
  notSortableDefault: (field: string, endpoint: string, sortable: string[]) =>
    `${q(endpoint)} cannot sort by ${q(field)}; ${suggest(field, sortable, `use one of ${list(sortable)}`)}`,
  markDrawsNothing: (mark: string, channel: string) =>
    `a ${q(mark)} mark with a ${q(channel)} encoding draws nothing; remove ${q(channel)} or use a bar mark`,
  unknownLibraryName: (what: string, name: string, known: string[]) =>
    `${what} ${q(name)} is not declared in a library (a _*.json file beside the pages) or in this page; ${suggest(name, known, known.length ? `use one of ${list(known)}` : 'declare it')}`,
  noPaging: () =>
    '"paged" needs a library that declares "paging"; add it to the library file, or write the paging keys',
  noTotals: () =>
    '"withTotals" needs a library that declares "totals"; add it to the library file, or declare the totals source',
  totalsNameTaken: (name: string) =>
    `the totals source ${q(name)} is already declared in /data; remove one of them, or name the totals source with "withTotals": "otherName"`,
  drilldownLevels: (count: number) =>
    `a drill-down has two levels (the list, then the drilled rows), not ${count}; give two options`,
  drilldownNoTable: (view: string, first: string) =>
    `no table of this panel shows while ${q(view)} is ${q(first)}; give the first level's table "when": { "param": ${JSON.stringify(view)}, "equals": ${JSON.stringify(first)} }`,
  drilldownColumn: (column: string, first: string, columns: string[]) =>
    `the table shown at level ${q(first)} has no column on ${q(column)}; ${suggest(column, columns, `use one of ${list(columns)}`)}`,
  shareNameTaken: (as: string, other: string) =>
    `the query name ${q(as)} is already shared by param ${q(other)}; give each shared param its own name`,
  shareTypeNeeded: () =>
    'a shared param whose default is null needs "type" (string, number, boolean, strings or numbers), so its URL text reads back as a value; add it',
  shareTypeMismatch: (type: string, implied: string) =>
    `"type" ${q(type)} does not match the default, which is ${implied === 'strings' || implied === 'numbers' ? `a list of ${implied}` : `a ${implied}`}; use ${q(implied)} or remove "type"`,
  rowReference: (text: string) =>
    `${q(text)} reads a row but the widget has no data source; add "data" or remove the row reference`,
  vegaLite: (detail: string) =>
    `is not valid Vega-Lite: ${detail}; see https://vega.github.io/vega-lite/docs/`,
  vegaLiteValue: (value: unknown, allowed: string[]) =>
    `Vega-Lite does not allow ${q(value)} here; ${suggest(String(value), allowed, `use one of ${list(allowed)}`)}`,
  vegaLiteProperty: (name: string) =>
    `Vega-Lite does not know the property ${q(name)} here; see https://vega.github.io/vega-lite/docs/`,
  vegaLiteCompile: (detail: string) => `Vega-Lite cannot compile this spec: ${detail}; fix the spec`,
  duplicate: (what: string, value: string, otherFile: string) =>
    `${what} ${q(value)} is already used by ${otherFile}; choose another`,
  endpointIndexMissing: (path: string) =>
    `the API endpoint index ${path} is missing, so endpoints and fields cannot be checked; create it or pass --endpoints`,
  migrated: (from: number, to: number) =>
    `has schemaVersion ${from} and was migrated to ${to} on load; run npm run dashboards:migrate to update the file`,
  badBody: (source: string, endpoint: string, sent: string, detail: string) =>
    `data source ${q(source)} would send ${sent} to ${endpoint}, which refuses it (${detail}); send a value the endpoint takes`,
  bodyMissing: (source: string, endpoint: string, key: string) =>
    `data source ${q(source)} sends no ${q(key)}, which ${endpoint} requires; use a body template that sends it, or add it to the body`,
  optionNotMapped: (value: unknown, param: string, keys: string[]) =>
    `option ${JSON.stringify(value)} of param ${q(param)} is not a key of the value map its body sends it through, so it is sent unmapped; ${suggest(String(value), keys, `use one of ${list(keys)}`)}`,
  whenNeverHolds: (param: string, value: unknown, domain: unknown[]) =>
    `param ${q(param)} never takes ${JSON.stringify(value)} (its default, options and actions give ${domain.map((v) => JSON.stringify(v)).join(', ')}), so this never shows; ${suggest(String(value), domain.map(String), 'use one of those values')}`,
  totalsOwnRows: (source: string) =>
    `the totals come from ${q(source)}, the table's own rows source, so the Total row would show its first row; use the source of its totals endpoint`,
  totalsWrongFamily: (source: string, endpoint: string, expected: string) =>
    `the totals source ${q(source)} reads ${endpoint}, not ${expected}, the totals of the table's rows; use a source of ${expected}`,
  totalsMissing: () =>
    'this column asks for a total, but its table has no "totals" source, so no Total row shows; add "totals": {"data": ...} to the table (or "withTotals": true to its source)',
  unknownClaim: (what: string, value: string, known: string[]) =>
    `the server grants no ${what} ${q(value)}; ${suggest(value, known, `use one of ${list(known)}`)}`,
  unknownRoute: (route: string, known: string[]) =>
    `no page has the route ${q(route)}; ${suggest(route, known, `use one of ${list(known)}`)}`,
  lonelySection: (section: string, other: string) =>
    `menu section ${q(section)} has only this page, so it would show as a new section; did you mean ${q(other)}?`,
  shadowed: (what: string, name: string, file: string) =>
    `${what} ${q(name)} is also declared in ${file}; this page's copy would replace it for every use on the page, so give it a name of its own`,
  pipeArgument: (pipe: string, index: number, detail: string) =>
    `argument ${index + 1} of pipe ${q(pipe)} ${detail}; see the pipe list in docs/dashboards.md`,
  pipeArguments: (pipe: string, max: number) =>
    `pipe ${q(pipe)} takes ${max ? `at most ${max} argument${max === 1 ? '' : 's'}` : 'no arguments'}; remove the others`,
  columnDrillSwapped: (value: string, field: string, other: string) =>
    `this column shows ${q(field)} but its drill sends ${JSON.stringify(value)}, the field of column ${q(other)}; move the link with its column`,
  shareWithin: (param: string, key: string, within: string, expected: string) =>
    `param ${q(param)} is sent as ${q(key)} but limited by ${q(within)}, so a linked value is dropped as outside the user's access; use ${q(expected)}`,
  drillType: (name: string, page: string, got: string, expected: string) =>
    `drill param ${q(name)} gets ${got}, but page ${q(page)} reads it as type ${q(expected)}; take it from a field of that type`,
  drillBody: (name: string, page: string, detail: string) =>
    `drill param ${q(name)} opens page ${q(page)} with a value it cannot send: ${detail}`,
  chartDrillMap: (from: string, missing: unknown[], keys: string[]) =>
    `the chart shows ${from} values ${missing.map((v) => JSON.stringify(v)).join(', ')} (its encoding's domain or sort), which this map does not have, so they are sent unmapped; ${suggest(String(missing[0]), keys, `map them (the keys are ${list(keys)})`)}`,
  chartDataset: (name: string, dataset: string) =>
    `the spec reads dataset ${q(name)}, but the engine gives the rows as ${q(dataset)}, so the chart draws nothing; write {"name": ${JSON.stringify(dataset)}}`,
  chartExpressionField: (expr: string, detail: string) =>
    `expression reads ${expr}, ${detail}, so the chart draws nothing; use a field the rows or an earlier transform have`,
  chartNotAList: (field: string, type: string) =>
    `flatten needs a list, and field ${q(field)} is ${type}, so the chart draws nothing; flatten a list field`,
  chartUnknownField: (field: string, known: string[]) =>
    `field ${q(field)} is neither in the rows nor made by an earlier transform; ${suggest(field, known, `use one of ${list(known)}`)}`,
  chartParam: (name: string, known: string[]) =>
    `the spec reads param ${q(name)}, which the chart does not pass (its "params": ${list(known)}), so the chart draws nothing; add it to the widget's params`,
  chartTemporal: (field: string, type: string) =>
    `field ${q(field)} is ${type}, not a date, so a temporal axis draws it as timestamps; use "quantitative" (or "ordinal")`,
  chartDomain: (field: string, domain: unknown[], values: unknown[]) =>
    `the domain ${JSON.stringify(domain)} has no value field ${q(field)} takes (${values.map((v) => JSON.stringify(v)).join(', ')}), so nothing is drawn; use those values`,
  panelError: (title: string) => (title ? `'${title}' could not be shown` : 'This panel could not be shown'),
  panelErrorDetail: () => 'Something went wrong while drawing this panel. Try again, or reload the page.',
  kindNotInstalled: (kind: string) => `A widget for kind '${kind}' is not installed.`,
  noData: () => 'No Data',
  retry: () => 'Retry',
} as const;

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}
