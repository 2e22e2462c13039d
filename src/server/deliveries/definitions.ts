import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import {
  ajvProblems,
  checkSourceAlone,
  createSchemaAjv,
  type DefinitionError,
  definitionFiles,
  formatDefinitionError,
  jsonFilesOf,
  type KnownEndpoints,
  loadDefinitions,
  loadEndpointIndex,
  loadSchemaSet,
  locate,
  messages,
  type Problem,
  packageRoot,
  parseJsonTolerant,
  type SchemaSet,
  syntaxErrors,
} from '../../../engine/tools';
import type { AlertRuleDefinition, AlertSource, DigestDefinition } from '../../shared/delivery/types';

/** The digests and alert rules of a definitions folder, by id. */
export interface DeliveryDefinitions {
  digests: Map<string, DigestDefinition>;
  alertRules: Map<string, AlertRuleDefinition>;
}

/** The sub-folders of the definitions folder that hold digests and alert rules. */
export const DELIVERY_FOLDERS = { digest: 'digests', alert: 'alerts' } as const;
export type DeliveryKind = keyof typeof DELIVERY_FOLDERS;

const root = packageRoot(import.meta.dirname);
const schemaDir = join(root, 'schemas', 'delivery');
const SCHEMA_FILE: Record<DeliveryKind, string> = {
  digest: 'digest.schema.json',
  alert: 'alert-rule.schema.json',
};

/** The kind of a delivery definition file, by its folder (digests/, alerts/); undefined for a page. */
export function deliveryKindOf(file: string): DeliveryKind | undefined {
  const folder = basename(dirname(file));
  return (Object.keys(DELIVERY_FOLDERS) as DeliveryKind[]).find((k) => DELIVERY_FOLDERS[k] === folder);
}

/** The digest and alert-rule files of a definitions folder, in name order. */
export function deliveryFiles(dashboardsDir: string): string[] {
  return Object.values(DELIVERY_FOLDERS).flatMap((folder) => {
    const dir = join(dashboardsDir, folder);
    return existsSync(dir) ? definitionFiles(dir) : [];
  });
}

/**
 * The files of the paths a definition tool is given: a folder's pages and library files (its
 * *.json, in name order), then its digests and alert rules (deliveryFiles); a file as named. A
 * missing path throws with its name.
 */
export function definitionPathFiles(paths: readonly string[], cwd: string): string[] {
  return paths.flatMap((p) => {
    const files = jsonFilesOf([p], cwd);
    const path = resolve(cwd, p);
    return statSync(path).isDirectory() ? [...files, ...deliveryFiles(path)] : files;
  });
}

const schemaSets = new Map<DeliveryKind, SchemaSet>();

/** The schemas of a digest or an alert rule, as the tools order and print its keys (canonicalOrder). */
export function deliverySchemaSet(kind: DeliveryKind): SchemaSet {
  let set = schemaSets.get(kind);
  if (!set) {
    set = loadSchemaSet(schemaDir, SCHEMA_FILE[kind]);
    schemaSets.set(kind, set);
  }
  return set;
}

let validators: Record<DeliveryKind, ValidateFunction> | undefined;

function validatorOf(kind: DeliveryKind): ValidateFunction {
  if (!validators) {
    const ajv = createSchemaAjv({ allErrors: true, useDefaults: true });
    for (const file of Object.values(SCHEMA_FILE))
      ajv.addSchema(JSON.parse(readFileSync(join(schemaDir, file), 'utf8')));
    validators = {
      digest: ajv.getSchema(SCHEMA_FILE.digest) as ValidateFunction,
      alert: ajv.getSchema(SCHEMA_FILE.alert) as ValidateFunction,
    };
  }
  return validators[kind];
}

/** What a digest may name of the pages: each page's panels and, per panel, its widgets' ids. */
export type PagePanels = Map<string, Map<string, string[]>>;

/** The panels and widget ids of page documents (drafts as loaded, errors or not). */
export function pagePanelsOf(drafts: readonly (Record<string, unknown> | undefined)[]): PagePanels {
  const pages: PagePanels = new Map();
  for (const draft of drafts) {
    if (!draft || typeof draft.id !== 'string') continue;
    const panels = new Map<string, string[]>();
    const declared = (draft.panels ?? {}) as Record<string, { blocks?: { widgets?: { id?: unknown }[] }[] }>;
    for (const [name, panel] of Object.entries(declared)) {
      const ids = (panel?.blocks ?? []).flatMap((b) =>
        (b?.widgets ?? []).flatMap((w) => (typeof w?.id === 'string' ? [w.id] : [])),
      );
      panels.set(name, ids);
    }
    pages.set(draft.id, panels);
  }
  return pages;
}

/** The result of checking delivery definition texts. */
export interface CheckedDeliveries extends DeliveryDefinitions {
  /** Every located error, in file and position order. */
  errors: DefinitionError[];
  /** How many files were checked. */
  checked: number;
}

/**
 * Checks digest and alert-rule texts (their kind from their folder, see deliveryKindOf) and collects
 * every error, each at its file and line: JSON syntax, the schema of schemas/delivery, an id two
 * files claim, a digest's page, panel or widget that does not exist, an alert rule's sources checked
 * as a page's are (endpoint, body keys, filter keys, rows pointer, the row fields it reads), a
 * threshold it names but does not declare, a period its source needs or cannot use.
 */
export function checkDeliveryTexts(
  items: readonly { file: string; text: string }[],
  pages: PagePanels,
  endpoints: KnownEndpoints | undefined,
): CheckedDeliveries {
  const out: CheckedDeliveries = { digests: new Map(), alertRules: new Map(), errors: [], checked: 0 };
  const claimed = new Map<string, string>();
  for (const { file, text } of items) {
    const kind = deliveryKindOf(file);
    if (!kind) continue;
    out.checked++;
    const parsed = parseJsonTolerant(text);
    const errors = syntaxErrors(file, parsed.errors);
    const doc = parsed.value;
    if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
      if (!errors.length)
        errors.push(
          ...locate(file, parsed.positions, [{ pointer: '', message: messages.wrongType('object', doc) }]),
        );
      out.errors.push(...errors);
      continue;
    }
    const validate = validatorOf(kind);
    const problems: Problem[] = validate(doc) ? [] : ajvProblems(validate.errors ?? [], doc, []);
    // References are checked on a document the schema accepted: its shape is then the type's.
    const shaped = problems.length === 0 && errors.length === 0;
    const def = doc as Record<string, unknown>;
    if (typeof def.id === 'string') {
      const key = `${kind}\u0000${def.id}`;
      const other = claimed.get(key);
      if (other) problems.push({ pointer: '/id', message: messages.duplicate(`${kind} id`, def.id, other) });
      else claimed.set(key, file);
    }
    if (shaped) {
      if (kind === 'digest') problems.push(...digestProblems(doc as DigestDefinition, pages));
      else problems.push(...alertProblems(doc as AlertRuleDefinition, pages, endpoints));
    }
    errors.push(...locate(file, parsed.positions, problems));
    out.errors.push(...errors);
    if (errors.some((e) => e.severity === 'error')) continue;
    if (kind === 'digest') out.digests.set(def.id as string, doc as DigestDefinition);
    else out.alertRules.set(def.id as string, doc as AlertRuleDefinition);
  }
  out.errors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  return out;
}

function digestProblems(digest: DigestDefinition, pages: PagePanels): Problem[] {
  const problems: Problem[] = [];
  digest.items.forEach((item, i) => {
    const at = `/items/${i}`;
    const panels = pages.get(item.page);
    if (!panels) {
      problems.push({ pointer: `${at}/page`, message: messages.unknownPage(item.page, [...pages.keys()]) });
      return;
    }
    const widgets = panels.get(item.panel);
    if (!widgets) {
      problems.push({
        pointer: `${at}/panel`,
        message: `${messages.unknownPanel(item.panel, [...panels.keys()]).replace(' in /panels', ` in page '${item.page}'`)}`,
      });
      return;
    }
    item.widgets?.forEach((id, w) => {
      if (!widgets.includes(id))
        problems.push({
          pointer: `${at}/widgets/${w}`,
          message: `panel '${item.panel}' of page '${item.page}' has no widget with id '${id}'; use one of ${widgets.map((x) => `'${x}'`).join(', ') || '(none: give the widget an id)'}`,
        });
    });
  });
  return problems;
}

const usesDates = (source: AlertSource): boolean =>
  Object.values(source.body ?? {}).some(
    (v) =>
      !!v &&
      typeof v === 'object' &&
      !Array.isArray(v) &&
      ['startDate', 'endDate'].includes((v as { $filter?: string }).$filter ?? ''),
  );

function alertProblems(
  rule: AlertRuleDefinition,
  pages: PagePanels,
  endpoints: KnownEndpoints | undefined,
): Problem[] {
  const problems: Problem[] = [];
  const thresholds = Object.keys(rule.thresholds);
  const needThreshold = (pointer: string, key: string) => {
    if (!thresholds.includes(key))
      problems.push({
        pointer,
        message: `threshold '${key}' is not declared in /thresholds; declare it, or use one of ${thresholds.map((t) => `'${t}'`).join(', ')}`,
      });
  };
  const fields = [{ pointer: '/value/field', field: rule.value.field }];
  if (rule.value.where) fields.push({ pointer: '/value/where/field', field: rule.value.where.field });
  if (rule.entity.each === undefined) {
    for (const key of ['idField', 'nameField'] as const) {
      const field = rule.entity[key];
      if (field === undefined)
        problems.push({
          pointer: '/entity',
          message: `an entity read from the rows needs '${key}'; name the row field, or ask per site with 'each'`,
        });
      else fields.push({ pointer: `/entity/${key}`, field });
    }
  }
  if (rule.volume && !rule.volume.source) fields.push({ pointer: '/volume/field', field: rule.volume.field });
  problems.push(...checkSourceAlone('/source', rule.source, endpoints, fields));
  if (rule.volume?.source)
    problems.push(
      ...checkSourceAlone('/volume/source', rule.volume.source, endpoints, [
        { pointer: '/volume/field', field: rule.volume.field },
      ]),
    );
  if (rule.entity.each !== undefined) {
    for (const [at, source] of [
      ['/source', rule.source],
      ['/volume/source', rule.volume?.source],
    ] as const) {
      if (!source) continue;
      const keys = endpoints?.get(`${source.method ?? 'POST'} ${source.endpoint}`)?.bodyKeys;
      if (keys && !keys.includes(rule.entity.each))
        problems.push({
          pointer: '/entity/each',
          message: `the endpoint of ${at} takes no body key '${rule.entity.each}'; name a key it takes a list of site ids in (siteIds)`,
        });
    }
  }
  if ('above' in rule.condition) needThreshold('/condition/above', rule.condition.above);
  else if ('below' in rule.condition) needThreshold('/condition/below', rule.condition.below);
  else needThreshold('/condition/by', rule.condition.by);
  if (rule.volume) needThreshold('/volume/min', rule.volume.min);
  const dated = usesDates(rule.source) || (rule.volume?.source ? usesDates(rule.volume.source) : false);
  if (dated && rule.period === undefined)
    problems.push({
      pointer: '/source/body',
      message: "the source asks for dates ($filter startDate, endDate) but the rule has no 'period'; add one",
    });
  if ('change' in rule.condition && rule.period === undefined)
    problems.push({
      pointer: '/condition',
      message:
        "a change against the previous period needs a 'period'; add one, or test the value with above or below",
    });
  for (const [key, t] of Object.entries(rule.thresholds)) {
    if (
      (t.minimum !== undefined && t.default < t.minimum) ||
      (t.maximum !== undefined && t.default > t.maximum)
    )
      problems.push({
        pointer: `/thresholds/${key}/default`,
        message: `the default ${t.default} is outside ${t.minimum ?? '-∞'} to ${t.maximum ?? '∞'}; use a value within`,
      });
  }
  if (rule.link !== undefined && !pages.has(rule.link))
    problems.push({ pointer: '/link', message: messages.unknownPage(rule.link, [...pages.keys()]) });
  return problems;
}

/** The endpoint index the server validates with (schemas/api/endpoints.json). */
const ENDPOINT_INDEX = join(root, 'schemas', 'api', 'endpoints.json');

/**
 * Reads and checks the digests and alert rules of a definitions folder (its digests/ and alerts/,
 * or the `files` given), against the pages of that folder: the definitions that passed, and every
 * located error, files named relative to `cwd`. Endpoints are checked against the server's index
 * unless `endpoints` is given.
 */
export function readDeliveryDefinitions(
  dashboardsDir: string,
  opts: { files?: readonly string[]; endpoints?: KnownEndpoints; cwd?: string } = {},
): CheckedDeliveries {
  const endpoints = 'endpoints' in opts ? opts.endpoints : loadEndpointIndex(ENDPOINT_INDEX);
  const cwd = opts.cwd ?? process.cwd();
  const { loaded } = loadDefinitions(definitionFiles(dashboardsDir), { endpoints });
  const pages = pagePanelsOf(loaded.map((l) => l.draft));
  const items = (opts.files ?? deliveryFiles(dashboardsDir)).map((f) => ({
    file: relative(cwd, f) || f,
    text: readFileSync(f, 'utf8'),
  }));
  return checkDeliveryTexts(items, pages, endpoints);
}

/**
 * Reads and checks the digests and alert rules of a definitions folder (its digests/ and alerts/),
 * against the pages of that folder. Throws an Error listing every located error
 * (`file:line:column /pointer message`, one a line) when any definition is invalid, as pages are.
 */
export async function loadDeliveryDefinitions(dashboardsDir: string): Promise<DeliveryDefinitions> {
  const { digests, alertRules, errors } = readDeliveryDefinitions(dashboardsDir);
  const failed = errors.filter((e) => e.severity === 'error');
  if (failed.length) throw new Error(failed.map(formatDefinitionError).join('\n'));
  return { digests, alertRules };
}

/** Where the served set tells of its reloads. */
export interface DeliveryDefinitionsLog {
  info: (msg: string) => void;
  warn: (msg: string) => void;
  error: (msg: string) => void;
}

/**
 * The digests and alert rules a running server uses: one object whose maps are refilled in place
 * at each reload, so whoever holds it (the routes, the scheduler's DeliveryContext) reads the
 * current set at each use. A set with an error is refused as a whole: its located errors
 * (`file:line:column /pointer message`) go to the log and the last good set stays.
 */
export class ServedDeliveryDefinitions implements DeliveryDefinitions {
  readonly digests = new Map<string, DigestDefinition>();
  readonly alertRules = new Map<string, AlertRuleDefinition>();
  /** Whether a set has loaded since the start: until one has, nothing can be chosen or sent. */
  loaded = false;

  constructor(
    private readonly dashboardsDir: string,
    private readonly log: DeliveryDefinitionsLog,
  ) {}

  /** Reads and checks the folder again; true when its set is now the one served. */
  reload(): boolean {
    let read: CheckedDeliveries;
    try {
      read = readDeliveryDefinitions(this.dashboardsDir);
    } catch (err) {
      this.log.error(`digests and alert rules: cannot read ${this.dashboardsDir}: ${String(err)}`);
      return false;
    }
    for (const e of read.errors)
      (e.severity === 'error' ? this.log.error : this.log.warn)(formatDefinitionError(e));
    const failed = read.errors.filter((e) => e.severity === 'error').length;
    if (failed) {
      this.log.error(
        `digests and alert rules: ${failed} error(s); ${this.loaded ? 'the last good set is kept' : 'none are served until they load'}`,
      );
      return false;
    }
    refill(this.digests, read.digests);
    refill(this.alertRules, read.alertRules);
    this.loaded = true;
    this.log.info(
      `digests and alert rules: ${this.digests.size} digest(s), ${this.alertRules.size} alert rule(s)`,
    );
    return true;
  }
}

/** `target` made equal to `source`, the same Map object. */
function refill<K, V>(target: Map<K, V>, source: ReadonlyMap<K, V>): void {
  target.clear();
  for (const [k, v] of source) target.set(k, v);
}

/**
 * The server's digests and alert rules (app.deliveryDefinitions): read from its definitions folder
 * (DASHBOARDS_DIR) at first use, then again after every reload of the page definitions, which
 * follows the folder's watcher and the editor's saves, so an edit is used without a restart.
 */
export function servedDefinitions(app: FastifyInstance): ServedDeliveryDefinitions {
  let served = app.deliveryDefinitions;
  if (!served) {
    const fresh = new ServedDeliveryDefinitions(app.ctx.config.dashboardsDir, {
      info: (m) => app.log.info(m),
      warn: (m) => app.log.warn(m),
      error: (m) => app.log.error(m),
    });
    fresh.reload();
    app.dashboardDefinitions?.follow(() => fresh.reload());
    app.decorate('deliveryDefinitions', fresh);
    served = fresh;
  }
  return served;
}
