import { isEmpty, mapValue } from '../data/buildRequestBody';
import { pipeArgumentProblems } from '../format/pipeSignatures';
import { declaredValues } from './chartCheck';
import type { Problem } from './definitionError';
import { closest } from './didYouMean';
import {
  type BodyError,
  endpointKey,
  type KnownEndpoint,
  type KnownEndpoints,
  type ValueShape,
} from './endpointIndex';
import { escapePointerToken } from './jsonPointer';
import type { Library } from './library';
import { messages } from './messages';

type Json = Record<string, unknown>;

/**
 * A value a param (or a drill) can take, with the definition line that gives it. `types` marks a
 * value known only by its type (a row field, a list the API gives): only its type is checked.
 */
export interface Candidate {
  value: unknown;
  at: string;
  types?: string[];
}

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const esc = escapePointerToken;

/** A value of a type, standing for any value of it. */
function sampleOf(types: string[]): unknown {
  const t = types.find((x) => x !== 'null') ?? types[0];
  if (t === 'string') return 'text';
  if (t === 'integer' || t === 'number') return 1;
  if (t === 'boolean') return true;
  if (t === 'array') return [];
  if (t === 'object') return {};
  return null;
}

/** Candidates of a value known by its schema shape: each enum value, or its type. */
export function candidatesOfShape(shape: ValueShape | undefined, at: string): Candidate[] {
  if (!shape) return [];
  if (shape.enum) return shape.enum.map((value) => ({ value, at }));
  if (!shape.types.length) return [];
  return [{ value: sampleOf(shape.types), at, types: shape.types }];
}

/** The shape of a source's row field, from the endpoint's response schema. */
export function rowFieldShape(
  source: Json | undefined,
  field: string,
  endpoints: KnownEndpoints | undefined,
): ValueShape | undefined {
  if (!source || !endpoints) return undefined;
  const known = endpoints.get(endpointKey(String(source.method ?? 'POST'), String(source.endpoint)));
  if (!known?.shapeAt || source.variant !== undefined) return undefined;
  const rows = typeof source.rows === 'string' ? source.rows : (known.rows ?? '');
  const listShape = known.shapeAt(rows);
  const row = listShape?.types.includes('array') ? `${rows}/0` : rows;
  return known.shapeAt(`${row}/${esc(field)}`);
}

/** Every object of a tree with its pointer, and the data source of the widget it sits in. */
function walk(
  node: unknown,
  at: string,
  source: string | undefined,
  visit: (n: Json, at: string, source: string | undefined) => void,
): void {
  if (Array.isArray(node))
    node.forEach((n, i) => {
      walk(n, `${at}/${i}`, source, visit);
    });
  else if (isObject(node)) {
    // A chart's clicks read its marks' data, which its spec computes: no row field of the source.
    const own =
      node.kind === 'chart'
        ? undefined
        : typeof node.data === 'string' && typeof node.kind === 'string'
          ? node.data
          : source;
    visit(node, at, own);
    for (const [k, v] of Object.entries(node)) if (k !== 'spec') walk(v, `${at}/${esc(k)}`, own, visit);
  }
}

/**
 * The body checks of one page: every body each data source can send, over each param's values,
 * against the endpoint's request schema.
 */
export class PageValues {
  readonly page: Json;
  private readonly endpoints: KnownEndpoints;
  private readonly data: Record<string, Json>;
  private readonly params: Record<string, Json>;

  constructor(page: Json, endpoints: KnownEndpoints) {
    this.page = page;
    this.endpoints = endpoints;
    this.data = (isObject(page.data) ? page.data : {}) as Record<string, Json>;
    this.params = (isObject(page.params) ? page.params : {}) as Record<string, Json>;
  }

  endpointOf(source: Json): KnownEndpoint | undefined {
    return this.endpoints.get(endpointKey(String(source.method ?? 'POST'), String(source.endpoint)));
  }

  /** The values the page itself gives a param: its default, its controls' options, its actions. */
  private readonly domains = new Map<string, { candidates: Candidate[]; finite: boolean }>();

  /** The values the page itself gives a param (see valuesOf), once per param. */
  domainOf(param: string): { candidates: Candidate[]; finite: boolean } {
    let domain = this.domains.get(param);
    if (!domain) {
      domain = this.valuesOf(param);
      this.domains.set(param, domain);
    }
    return domain;
  }

  private valuesOf(param: string): { candidates: Candidate[]; finite: boolean } {
    const p = this.params[param];
    const candidates: Candidate[] = [];
    let finite = true;
    if (p && 'default' in p)
      candidates.push({ value: p.default ?? null, at: `/params/${esc(param)}/default` });
    const span = isObject(p?.fromFilterSpan) ? p.fromFilterSpan : undefined;
    if (span) {
      (Array.isArray(span.steps) ? span.steps : []).forEach((step, i) => {
        if (isObject(step) && 'value' in step)
          candidates.push({ value: step.value, at: `/params/${esc(param)}/fromFilterSpan/steps/${i}/value` });
      });
      if ('otherwise' in span)
        candidates.push({ value: span.otherwise, at: `/params/${esc(param)}/fromFilterSpan/otherwise` });
    }
    walk(this.page.panels, '/panels', undefined, (n, at, source) => {
      // Options by a name not found: the values are not known.
      if (n.param === param && n.options !== undefined && !Array.isArray(n.options)) finite = false;
      if (n.param === param && Array.isArray(n.options)) {
        const values: unknown[] = [];
        n.options.forEach((o, i) => {
          if (!isObject(o) || !('value' in o)) return;
          values.push(o.value);
          const value = n.kind === 'multiselect' ? [o.value] : o.value;
          candidates.push({ value, at: `${at}/options/${i}/value` });
        });
        if (n.kind === 'multiselect' && values.length > 1)
          candidates.push({ value: values, at: `${at}/options` });
      }
      if (n.param === param && isObject(n.optionsFrom) && typeof n.optionsFrom.valueField === 'string') {
        const shape = rowFieldShape(
          this.data[String(n.optionsFrom.data)],
          n.optionsFrom.valueField,
          this.endpoints,
        );
        finite = false;
        for (const c of candidatesOfShape(shape, `${at}/optionsFrom/valueField`))
          candidates.push({ ...c, value: [c.value], ...(c.types ? { types: ['array'] } : {}) });
      }
      if (n.set === param && 'value' in n) candidates.push({ value: n.value, at: `${at}/value` });
      if (n.set === param && typeof n.from === 'string') {
        finite = false;
        if (n.from.startsWith('row.'))
          candidates.push(
            ...candidatesOfShape(
              rowFieldShape(this.data[source ?? ''], n.from.slice(4), this.endpoints),
              `${at}/from`,
            ),
          );
      }
    });
    return { candidates, finite };
  }

  /** Whether the page itself sets the param (a control or an action), so its domain is known. */
  setHere(param: string): boolean {
    let found = false;
    walk(this.page.panels, '/panels', undefined, (n) => {
      if (n.param === param && typeof n.kind === 'string' && n.kind !== 'chip') found = true;
      if (n.set === param) found = true;
    });
    return found;
  }

  /** The body a source sends with every param at its default. */
  private baseBody(source: Json): { body: Json; hostKeys: string[] } {
    const body: Json = {};
    const hostKeys: string[] = [];
    for (const [key, ref] of Object.entries(isObject(source.body) ? source.body : {})) {
      if (!isObject(ref)) {
        body[key] = ref;
        continue;
      }
      if (ref.$filter !== undefined || ref.$table !== undefined) {
        // The host's and the table's values are the endpoint's own; only their presence counts.
        hostKeys.push(key);
        body[key] = null;
        continue;
      }
      if (typeof ref.$param !== 'string') continue;
      const value = mapValue(
        this.params[ref.$param]?.default ?? null,
        isObject(ref.map) ? ref.map : undefined,
      );
      if (ref.omitWhenEmpty && isEmpty(value)) continue;
      body[key] = value;
    }
    return { body, hostKeys };
  }

  /**
   * The problems of sending a param value through every source that sends it: `at` of each is
   * the candidate's line, or the value map's entry that produced the refused value.
   */
  paramValueErrors(param: string, candidate: Candidate): { at: string; detail: string; source: string }[] {
    const found: { at: string; detail: string; source: string }[] = [];
    for (const [name, source] of Object.entries(this.data)) {
      const known = this.endpointOf(source);
      if (!known?.validateBody || !isObject(source.body)) continue;
      for (const [key, ref] of Object.entries(source.body)) {
        // A value map that was not found is reported as such.
        if (!isObject(ref) || ref.$param !== param || (ref.map !== undefined && !isObject(ref.map))) continue;
        const map = isObject(ref.map) ? ref.map : undefined;
        const mapped = mapValue(candidate.value, map);
        const { body, hostKeys } = this.baseBody(source);
        if (ref.omitWhenEmpty && isEmpty(mapped)) delete body[key];
        else body[key] = mapped;
        const errors = relevant(known.validateBody(body), key, hostKeys, candidate.types);
        if (!errors.length) continue;
        const items = Array.isArray(candidate.value) ? candidate.value : [candidate.value];
        const hit = map && items.every((v) => Object.hasOwn(map, String(v)));
        const at = hit ? `/data/${esc(name)}/body/${esc(key)}/map/${esc(String(items[0]))}` : candidate.at;
        const sent = candidate.types
          ? `${key}: a ${candidate.types.join(' or ')}`
          : `${key}: ${JSON.stringify(mapped)}`;
        found.push({
          at,
          source: name,
          detail: messages.badBody(
            name,
            `${String(source.method ?? 'POST')} ${String(source.endpoint)}`,
            sent,
            describe(errors),
          ),
        });
      }
    }
    return found;
  }

  /** Every problem of the bodies the page's sources can send. */
  bodyProblems(raw: Json): Problem[] {
    const problems: Problem[] = [];
    for (const [name, source] of Object.entries(this.data)) {
      const known = this.endpointOf(source);
      if (!known?.validateBody) continue;
      const { body, hostKeys } = this.baseBody(source);
      const endpoint = `${String(source.method ?? 'POST')} ${String(source.endpoint)}`;
      for (const e of known.validateBody(body)) {
        if (e.keyword === 'required' && e.path === '' && e.missing) {
          const written = (raw.data as Json | undefined)?.[name] as Json | undefined;
          const at =
            typeof written?.template === 'string'
              ? `/data/${esc(name)}/template`
              : written?.template === undefined &&
                  typeof (raw.sourceDefaults as Json | undefined)?.template === 'string'
                ? '/sourceDefaults/template'
                : `/data/${esc(name)}/endpoint`;
          problems.push({
            pointer: at,
            message: messages.bodyMissing(name, endpoint, e.missing),
            page: at !== '/sourceDefaults/template' || undefined,
          });
          continue;
        }
        const key = e.path.split('/')[1];
        if (key === undefined || hostKeys.includes(key)) continue;
        const ref = (source.body as Json)[key];
        if (isObject(ref)) continue; // A param's values are checked below, the default among them.
        problems.push({
          pointer: `/data/${esc(name)}/body/${esc(key)}`,
          message: messages.badBody(name, endpoint, `${key}: ${JSON.stringify(body[key])}`, describe([e])),
        });
      }
    }
    const seen = new Set<string>();
    for (const param of Object.keys(this.params)) {
      const sent = Object.values(this.data).some(
        (s) => isObject(s.body) && Object.values(s.body).some((r) => isObject(r) && r.$param === param),
      );
      if (!sent) continue;
      for (const candidate of this.domainOf(param).candidates) {
        for (const f of this.paramValueErrors(param, candidate)) {
          const key = `${f.at}\u0000${f.detail}`;
          if (seen.has(key)) continue;
          seen.add(key);
          problems.push({ pointer: f.at, message: f.detail });
        }
      }
    }
    return problems;
  }
}

/** The errors a value at `key` causes (a value known by its type only: its type errors). */
function relevant(errors: BodyError[], key: string, hostKeys: string[], types?: string[]): BodyError[] {
  return errors.filter((e) => {
    const at = e.path.split('/')[1];
    if (at !== key || hostKeys.includes(at)) return false;
    return !types || e.keyword === 'type';
  });
}

function describe(errors: BodyError[]): string {
  const shown = errors.filter((e) => !['anyOf', 'oneOf', 'if'].includes(e.keyword));
  return [...new Set((shown.length ? shown : errors).map((e) => `${e.path || '/'} ${e.message}`))]
    .slice(0, 3)
    .join('; ');
}

/** Option values of params a body sends through a value map: each must be a key of the map. */
function optionProblems(values: PageValues, params: string[]): Problem[] {
  const problems: Problem[] = [];
  const data = (values.page.data ?? {}) as Record<string, Json>;
  for (const param of params) {
    const maps = Object.values(data).flatMap((s) =>
      Object.values(isObject(s.body) ? s.body : {}).flatMap((r) =>
        isObject(r) && r.$param === param && isObject(r.map) ? [r.map] : [],
      ),
    );
    if (!maps.length) continue;
    walk(values.page.panels, '/panels', undefined, (n, at) => {
      if (n.param !== param || !Array.isArray(n.options)) return;
      n.options.forEach((o, i) => {
        if (!isObject(o) || !('value' in o) || isEmpty(o.value)) return;
        const map = maps.find((m) => !Object.hasOwn(m, String(o.value)));
        if (map)
          problems.push({
            pointer: `${at}/options/${i}/value`,
            message: messages.optionNotMapped(o.value, param, Object.keys(map)),
          });
      });
    });
  }
  return problems;
}

/** `when` conditions on a value the param never takes, for params the page itself sets. */
function whenProblems(values: PageValues, params: string[]): Problem[] {
  const problems: Problem[] = [];
  const domains = new Map<string, unknown[] | undefined>();
  const domainOf = (param: string) => {
    if (!domains.has(param)) {
      const d = values.domainOf(param);
      domains.set(param, d.finite && values.setHere(param) ? d.candidates.map((c) => c.value) : undefined);
    }
    return domains.get(param);
  };
  walk({ data: values.page.data, panels: values.page.panels }, '', undefined, (n, at) => {
    const when = n.when;
    if (!isObject(when) || typeof when.param !== 'string' || !params.includes(when.param)) return;
    const domain = domainOf(when.param);
    if (!domain) return;
    for (const key of ['equals', 'notEquals'] as const) {
      if (!(key in when)) continue;
      const flat = domain.flatMap((v) => (Array.isArray(v) ? [v, ...v] : [v]));
      if (!flat.some((v) => same(v, when[key])))
        problems.push({
          pointer: `${at}/when/${key}`,
          message: messages.whenNeverHolds(when.param, when[key], [
            ...new Map(domain.map((v) => [JSON.stringify(v), v])).values(),
          ]),
        });
    }
  });
  return problems;
}

/** Tables' totals: not the rows source, from the totals endpoint of the rows; asked for only with a source. */
function totalsProblems(
  page: Json,
  library: Library | undefined,
  endpoints: KnownEndpoints | undefined,
): Problem[] {
  const problems: Problem[] = [];
  const data = (page.data ?? {}) as Record<string, Json>;
  walk(page.panels, '/panels', undefined, (n, at) => {
    if (n.kind !== 'table' || !Array.isArray(n.columns)) return;
    const totals = isObject(n.totals) ? n.totals.data : undefined;
    if (typeof totals !== 'string') {
      n.columns.forEach((c, i) => {
        if (isObject(c) && c.total !== undefined)
          problems.push({ pointer: `${at}/columns/${i}/total`, message: messages.totalsMissing() });
      });
      return;
    }
    if (totals === n.data) {
      problems.push({ pointer: `${at}/totals/data`, message: messages.totalsOwnRows(totals) });
      return;
    }
    const rows = data[String(n.data)];
    const source = data[totals];
    if (!library?.totals || !rows || !source || typeof rows.endpoint !== 'string') return;
    const expected = `${rows.endpoint}${library.totals.pathSuffix}`;
    const method = (s: Json) => String(s.method ?? 'POST');
    const known = (s: Json, path: string) => !endpoints || endpoints.has(endpointKey(method(s), path));
    if (source.endpoint !== expected && known(source, String(source.endpoint)) && known(rows, expected))
      problems.push({
        pointer: `${at}/totals/data`,
        message: messages.totalsWrongFamily(totals, String(source.endpoint), expected),
      });
  });
  return problems;
}

/** Pipes and their arguments, as the formatter reads them. */
function pipeProblems(page: Json): Problem[] {
  const problems: Problem[] = [];
  walk(page.panels, '/panels', undefined, (n, at) => {
    const pipe = n.pipe;
    if (!isObject(pipe) || typeof pipe.name !== 'string' || !Array.isArray(pipe.args)) return;
    for (const p of pipeArgumentProblems(pipe.name, pipe.args)) {
      if (p.max !== undefined)
        problems.push({ pointer: `${at}/pipe/args`, message: messages.pipeArguments(pipe.name, p.max) });
      else if (p.index !== undefined && p.detail)
        problems.push({
          pointer: `${at}/pipe/args/${p.index}`,
          message: messages.pipeArgument(pipe.name, p.index, p.detail),
        });
    }
  });
  return problems;
}

/** A table column whose drill sends, as a literal, the field another column of the table shows. */
function swappedDrills(page: Json): Problem[] {
  const problems: Problem[] = [];
  walk(page.panels, '/panels', undefined, (n, at) => {
    if (n.kind !== 'table' || !Array.isArray(n.columns)) return;
    const fields = n.columns.map((c) => (isObject(c) && typeof c.field === 'string' ? c.field : undefined));
    n.columns.forEach((c, i) => {
      if (!isObject(c) || !Array.isArray(c.link) || !fields[i]) return;
      c.link.forEach((a, j) => {
        const params = isObject(a) && isObject(a.drill) && isObject(a.drill.params) ? a.drill.params : {};
        for (const [name, v] of Object.entries(params)) {
          if (!isObject(v) || typeof v.value !== 'string') continue;
          const value = v.value.toLowerCase();
          if (value === fields[i]?.toLowerCase()) continue;
          const other = fields.find((f, k) => k !== i && f?.toLowerCase() === value);
          if (other)
            problems.push({
              pointer: `${at}/columns/${i}/link/${j}/drill/params/${esc(name)}/value`,
              message: messages.columnDrillSwapped(v.value, String(fields[i]), other),
            });
        }
      });
    });
  });
  return problems;
}

/**
 * A chart's drill whose value map does not have the values its spec shows for the field (its
 * scale domain, its sort list): those values would be sent unmapped.
 */
function chartDrillMaps(page: Json): Problem[] {
  const problems: Problem[] = [];
  walk(page.panels, '/panels', undefined, (n, at) => {
    if (n.kind !== 'chart' || !isObject(n.spec) || !isObject(n.on) || !Array.isArray(n.on.click)) return;
    n.on.click.forEach((a, j) => {
      const params = isObject(a) && isObject(a.drill) && isObject(a.drill.params) ? a.drill.params : {};
      for (const [name, v] of Object.entries(params)) {
        if (!isObject(v) || !isObject(v.map) || typeof v.from !== 'string' || !v.from.startsWith('row.'))
          continue;
        const map = v.map;
        const shown = declaredValues(n.spec as Json, v.from.slice(4));
        const missing = shown.filter((value) => !Object.hasOwn(map, String(value)));
        if (shown.length && missing.length)
          problems.push({
            pointer: `${at}/on/click/${j}/drill/params/${esc(name)}/map`,
            message: messages.chartDrillMap(v.from, missing, Object.keys(map)),
          });
      }
    });
  });
  return problems;
}

/** A shared param limited by a filter key that is not the list of what it is sent as. */
function shareProblems(page: Json, filterKeys: string[] | undefined): Problem[] {
  const problems: Problem[] = [];
  if (!filterKeys) return problems;
  const data = (page.data ?? {}) as Record<string, Json>;
  for (const [name, param] of Object.entries((page.params ?? {}) as Record<string, Json>)) {
    const within = isObject(param.share) ? param.share.within : undefined;
    if (typeof within !== 'string') continue;
    const keys = Object.values(data).flatMap((s) =>
      Object.entries(isObject(s.body) ? s.body : {}).flatMap(([k, r]) =>
        isObject(r) && r.$param === name ? [k] : [],
      ),
    );
    const lists = [...new Set(keys.map((k) => `${k}s`).filter((k) => filterKeys.includes(k)))];
    if (lists.length && !lists.includes(within))
      problems.push({
        pointer: `/params/${esc(name)}/share/within`,
        message: messages.shareWithin(name, keys[0] ?? '', within, lists[0] ?? ''),
      });
  }
  return problems;
}

/** The access rule names a claim the server grants. */
function accessProblems(page: Json, claims: Record<string, string[]> | undefined): Problem[] {
  const access = page.access;
  if (!claims || !isObject(access) || typeof access.claim !== 'string') return [];
  const values = claims[access.claim];
  if (!values)
    return [
      {
        pointer: '/access/claim',
        message: messages.unknownClaim('claim', access.claim, Object.keys(claims)),
      },
    ];
  if (typeof access.value === 'string' && !values.includes(access.value))
    return [
      {
        pointer: '/access/value',
        message: messages.unknownClaim(`${access.claim} value`, access.value, values),
      },
    ];
  return [];
}

/**
 * The checks of values a page sends and shows (issue: what the checker knew only by name): bodies
 * against request schemas, options against value maps, `when` against the param's values,
 * totals, pipes, drills that moved with the wrong column, share limits and access claims.
 * `page` is the expanded definition, `raw` the document as written.
 */
export function checkValues(
  page: Json,
  raw: Json,
  endpoints: KnownEndpoints | undefined,
  library: Library | undefined,
): Problem[] {
  const params = Object.keys(isObject(page.params) ? page.params : {});
  const problems: Problem[] = [];
  const safely = (check: () => Problem[]) => {
    try {
      problems.push(...check());
    } catch {
      // A part the schema refused: its schema errors say what is wrong.
    }
  };
  safely(() => totalsProblems(page, library, endpoints));
  safely(() => pipeProblems(page));
  safely(() => swappedDrills(page));
  safely(() => chartDrillMaps(page));
  safely(() => shareProblems(page, endpoints?.filterKeys));
  safely(() => accessProblems(page, endpoints?.claims));
  if (endpoints) {
    const values = new PageValues(page, endpoints);
    safely(() => values.bodyProblems(raw));
    safely(() => optionProblems(values, params));
    safely(() => whenProblems(values, params));
  }
  return problems;
}

/** The type a page reads a param as: its share type, else its default's. */
function paramType(param: Json | undefined): string | undefined {
  const share = isObject(param?.share) ? param.share : undefined;
  if (typeof share?.type === 'string') return share.type;
  const d = param?.default;
  if (typeof d === 'number') return 'number';
  if (typeof d === 'string') return 'string';
  if (typeof d === 'boolean') return 'boolean';
  if (Array.isArray(d) && d.length) return d.every((v) => typeof v === 'number') ? 'numbers' : 'strings';
  return undefined;
}

/** Whether a candidate's value reads as a param type (null always does: it clears the param). */
function fitsType(candidate: Candidate, type: string): boolean {
  const kinds = candidate.types ?? [
    candidate.value === null ? 'null' : Number.isFinite(candidate.value) ? 'number' : typeof candidate.value,
  ];
  const ok = (k: string) => {
    if (k === 'null') return true;
    if (type === 'number') return k === 'number' || k === 'integer';
    if (type === 'numbers' || type === 'strings') return k === 'array';
    return k === type;
  };
  if (Array.isArray(candidate.value) && !candidate.types)
    return (
      (type === 'numbers' || type === 'strings') &&
      candidate.value.every((v) => (type === 'numbers' ? typeof v === 'number' : typeof v === 'string'))
    );
  return kinds.some(ok);
}

const typeName = (c: Candidate): string =>
  c.types ? `a value of type ${c.types.filter((t) => t !== 'null').join(' or ')}` : JSON.stringify(c.value);

/** A page of a set, as the checks across pages read it. */
export interface SetPage {
  draft: Json;
  route?: string;
}

/**
 * The checks across the pages of a set, by page index: each drill's values against the target
 * page's param types and bodies, panel links against the routes, menu sections against the
 * others (a section of one page, named like another, is a typo).
 */
export function checkAcrossPages(
  pages: SetPage[],
  endpoints: KnownEndpoints | undefined,
): Map<number, Problem[]> {
  const out = new Map<number, Problem[]>();
  const add = (i: number, p: Problem) => out.set(i, [...(out.get(i) ?? []), p]);
  const byId = new Map<string, number>();
  pages.forEach((p, i) => {
    if (typeof p.draft.id === 'string') byId.set(p.draft.id, i);
  });
  const values = pages.map((p) => (endpoints ? new PageValues(p.draft, endpoints) : undefined));
  const routes = pages.map((p) => p.draft.route).filter((r): r is string => typeof r === 'string');
  const sections = new Map<string, number[]>();
  pages.forEach((p, i) => {
    const section = isObject(p.draft.menu) ? p.draft.menu.section : undefined;
    if (typeof section === 'string') sections.set(section, [...(sections.get(section) ?? []), i]);
  });
  pages.forEach((p, i) => {
    try {
      const data = (p.draft.data ?? {}) as Record<string, Json>;
      // Menu sections.
      const section = isObject(p.draft.menu) ? p.draft.menu.section : undefined;
      if (typeof section === 'string' && sections.get(section)?.length === 1) {
        const others = [...sections.keys()].filter((s) => s !== section);
        const near = closest(section, others);
        if (near) add(i, { pointer: '/menu/section', message: messages.lonelySection(section, near) });
      }
      walk(p.draft.panels, '/panels', undefined, (n, at, source) => {
        // Panel links.
        if (
          isObject(n.link) &&
          typeof n.link.route === 'string' &&
          pages.length > 1 &&
          !routes.includes(n.link.route)
        )
          add(i, { pointer: `${at}/link/route`, message: messages.unknownRoute(n.link.route, routes) });
        // Drills.
        const drill = n.drill;
        if (!isObject(drill) || typeof drill.page !== 'string' || !isObject(drill.params)) return;
        const target = byId.get(drill.page);
        if (target === undefined) return;
        const targetParams = (pages[target].draft.params ?? {}) as Record<string, Json>;
        for (const [name, v] of Object.entries(drill.params)) {
          if (!isObject(v) || !targetParams[name]) continue;
          const vAt = `${at}/drill/params/${esc(name)}`;
          const candidates: Candidate[] = [];
          const map = isObject(v.map) ? v.map : undefined;
          if ('value' in v) candidates.push({ value: v.value, at: `${vAt}/value` });
          else if (typeof v.from === 'string') {
            if (map)
              for (const [k, out] of Object.entries(map))
                candidates.push({ value: out, at: `${vAt}/map/${esc(k)}` });
            if (v.from.startsWith('row.')) {
              const shape = rowFieldShape(data[source ?? ''], v.from.slice(4), endpoints);
              for (const c of candidatesOfShape(shape, `${vAt}/from`)) {
                const mapped = map && Object.hasOwn(map, String(c.value)) ? map[String(c.value)] : c.value;
                candidates.push({ ...c, value: mapped });
              }
            } else if (v.from.startsWith('param.') && values[i]) {
              for (const c of values[i]!.domainOf(v.from.slice(6)).candidates)
                candidates.push({
                  ...c,
                  value: map && Object.hasOwn(map, String(c.value)) ? map[String(c.value)] : c.value,
                  at: `${vAt}/from`,
                });
            }
          }
          const type = paramType(targetParams[name]);
          const seen = new Set<string>();
          for (const c of candidates) {
            const problem: Problem | undefined =
              type && !fitsType(c, type)
                ? { pointer: c.at, message: messages.drillType(name, drill.page, typeName(c), type) }
                : (() => {
                    const found = values[target]?.paramValueErrors(name, c)[0];
                    return found
                      ? { pointer: c.at, message: messages.drillBody(name, drill.page, found.detail) }
                      : undefined;
                  })();
            if (!problem || seen.has(problem.pointer)) continue;
            seen.add(problem.pointer);
            add(i, problem);
          }
        }
      });
    } catch {
      // A part the schema refused: its schema errors say what is wrong.
    }
  });
  return out;
}
