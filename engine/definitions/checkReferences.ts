import { shareTypeOfDefault } from '../params/sharedParams';
import type { Action, Condition, DataSource, PageDefinition, Widget } from '../types/dashboard';
import { checkChart } from './chartCheck';
import type { Problem } from './definitionError';
import { endpointKey, type KnownEndpoint, type KnownEndpoints, type ValueShape } from './endpointIndex';
import { messages } from './messages';
import { templateReferences } from './templateReferences';
import { checkVegaLite } from './vegaLiteCheck';

/** What a reference check needs to know about the page. */
interface Scope {
  params: string[];
  sources: string[];
  fieldsOf: (source: string | undefined) => { endpoint: string; fields: string[] } | undefined;
  /** The columns a source's endpoint sorts by, when the source sends a table's sort to it. */
  sortOf: (source: string | undefined) => { endpoint: string; sortable: string[] } | undefined;
  /** The response schema's shape of a value under one of a source's rows ('/site'). */
  rowShapeOf: (source: string | undefined) => ((pointer: string) => ValueShape | undefined) | undefined;
  problems: Problem[];
}

/**
 * The checks a schema cannot express: every referenced param, data source and panel exists,
 * endpoints and body keys are known to the API, row fields named by widgets exist in the
 * endpoint's response, and chart specs are valid Vega-Lite. Runs on any parsed definition: parts
 * the schema refused are skipped.
 */
export function checkReferences(page: PageDefinition, endpoints: KnownEndpoints | undefined): Problem[] {
  const problems: Problem[] = [];
  const data = page.data ?? {};
  const scope = pageScope(page, endpoints, problems);
  safely(() => checkLayout(page, problems));
  safely(() => checkShared(page, endpoints, problems));
  for (const [name, source] of Object.entries(data))
    safely(() => checkSource(`/data/${name}`, source, scope, endpoints));
  safely(() => {
    if (!page.titleSuffix) return;
    if (page.titleSuffix.data) checkSourceName('/titleSuffix/data', page.titleSuffix.data, scope);
    checkTemplate('/titleSuffix/text', page.titleSuffix.text, page.titleSuffix.data, scope);
  });
  for (const [name, panel] of Object.entries(page.panels ?? {})) {
    safely(() => checkTemplate(`/panels/${name}/title`, panel.title, undefined, scope));
    panel.blocks?.forEach?.((block, b) => {
      const at = `/panels/${name}/blocks/${b}`;
      safely(() => block.when && checkCondition(`${at}/when`, block.when, scope));
      block.widgets?.forEach?.((w, i) => {
        safely(() => checkWidget(`${at}/widgets/${i}`, w, scope));
      });
    });
  }
  return problems;
}

/**
 * The checks of one data source read outside a page (a definition of another kind that asks an
 * endpoint as a page's source does; it has no params or tables): the endpoint and its body keys
 * are known, `$filter` keys are the host's, the rows pointer finds rows, and each named row field
 * is a field of those rows. `at` is the source's pointer; each field carries its own.
 */
export function checkSourceAlone(
  at: string,
  source: DataSource,
  endpoints: KnownEndpoints | undefined,
  fields: readonly { pointer: string; field: string }[] = [],
): Problem[] {
  const problems: Problem[] = [];
  const page = { data: { source } } as unknown as PageDefinition;
  const scope = pageScope(page, endpoints, problems);
  safely(() => checkSource(at, source, scope, endpoints));
  for (const f of fields) safely(() => checkField(f.pointer, f.field, 'source', scope));
  return problems;
}

/** The names and fields a page's references may use. */
function pageScope(page: PageDefinition, endpoints: KnownEndpoints | undefined, problems: Problem[]): Scope {
  const data = page.data ?? {};
  return {
    params: Object.keys(page.params ?? {}),
    sources: Object.keys(data),
    problems,
    fieldsOf: (source) => {
      const s = source ? data[source] : undefined;
      if (!s || !endpoints) return undefined;
      const known = endpoints.get(endpointKey(s.method ?? 'POST', s.endpoint));
      const fields =
        s.variant !== undefined
          ? known?.variants?.[String(s.variant)]
          : s.rows !== undefined && s.rows !== known?.rows && known?.fieldsAt
            ? known.fieldsAt(s.rows)
            : known?.fields;
      return fields ? { endpoint: s.endpoint, fields } : undefined;
    },
    rowShapeOf: (source) => {
      const s = source ? data[source] : undefined;
      if (!s || !endpoints || s.variant !== undefined) return undefined;
      const known = endpoints.get(endpointKey(s.method ?? 'POST', s.endpoint));
      const shapeAt = known?.shapeAt;
      if (!shapeAt) return undefined;
      const rows = s.rows ?? known.rows ?? '';
      const row = shapeAt(rows)?.types.includes('array') ? `${rows}/0` : rows;
      return (pointer) => shapeAt(`${row}${pointer}`);
    },
    sortOf: (source) => {
      const s = source ? data[source] : undefined;
      if (!s || !endpoints) return undefined;
      const sortable = endpoints.get(endpointKey(s.method ?? 'POST', s.endpoint))?.sortable;
      const sendsSort = Object.values(s.body ?? {}).some(
        (v) => !!v && typeof v === 'object' && !Array.isArray(v) && v.$table === 'sorts',
      );
      return sortable && sendsSort ? { endpoint: s.endpoint, sortable } : undefined;
    },
  };
}

/**
 * Runs one part's checks. On a definition the schema refused, a part can be malformed; its schema
 * errors are reported, and the other parts are still checked.
 */
function safely(check: () => unknown): void {
  try {
    check();
  } catch {
    // The schema has named what is wrong with this part.
  }
}

/** Shared params: one query name each, a type the URL text reads back as, a known filter key. */
function checkShared(page: PageDefinition, endpoints: KnownEndpoints | undefined, problems: Problem[]): void {
  const taken = new Map<string, string>();
  for (const [name, param] of Object.entries(page.params ?? {})) {
    const share = param.share;
    if (!share) continue;
    const at = `/params/${name}/share`;
    const other = taken.get(share.as);
    if (other !== undefined)
      problems.push({ pointer: `${at}/as`, message: messages.shareNameTaken(share.as, other) });
    else taken.set(share.as, name);
    const implied = shareTypeOfDefault(param.default ?? null);
    if (!share.type && !implied) problems.push({ pointer: at, message: messages.shareTypeNeeded() });
    // An empty list reads as either list type.
    const emptyList = Array.isArray(param.default) && param.default.length === 0;
    if (share.type && implied && share.type !== implied && !(emptyList && share.type.endsWith('s')))
      problems.push({ pointer: `${at}/type`, message: messages.shareTypeMismatch(share.type, implied) });
    const filterKeys = endpoints?.filterKeys;
    if (share.within !== undefined && filterKeys && !filterKeys.includes(share.within))
      problems.push({
        pointer: `${at}/within`,
        message: messages.unknownFilterKey(share.within, filterKeys),
      });
  }
}

function checkLayout(page: PageDefinition, problems: Problem[]): void {
  const panels = Object.keys(page.panels);
  const placed = new Set<string>();
  page.layout.forEach((row, r) => {
    row.forEach((name, c) => {
      const pointer = `/layout/${r}/${c}`;
      if (!panels.includes(name)) problems.push({ pointer, message: messages.unknownPanel(name, panels) });
      else if (placed.has(name)) problems.push({ pointer, message: messages.panelPlacedTwice(name) });
      placed.add(name);
    });
  });
  for (const name of panels)
    if (!placed.has(name))
      problems.push({ pointer: `/panels/${name}`, message: messages.panelNotPlaced(name), atKey: true });
}

function checkSource(
  at: string,
  source: DataSource,
  scope: Scope,
  endpoints: KnownEndpoints | undefined,
): void {
  const method = source.method ?? 'POST';
  const known = endpoints?.get(endpointKey(method, source.endpoint));
  if (endpoints && !known)
    scope.problems.push({
      pointer: `${at}/endpoint`,
      message: messages.unknownEndpoint(method, source.endpoint, [...endpoints.keys()]),
    });
  if (known && source.variant !== undefined && known.variants && !(String(source.variant) in known.variants))
    scope.problems.push({
      pointer: `${at}/variant`,
      message: messages.unknownVariant(source.variant, source.endpoint, Object.keys(known.variants)),
    });
  for (const [key, value] of Object.entries(source.body ?? {})) {
    const pointer = `${at}/body/${key}`;
    if (known?.bodyKeys && !known.bodyKeys.includes(key))
      scope.problems.push({ pointer, message: messages.unknownProperty(key, known.bodyKeys), atKey: true });
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    const kinds = ['$filter', '$param', '$table'].filter((k) => k in value);
    if (kinds.length !== 1) scope.problems.push({ pointer, message: messages.referenceShape() });
    if (value.state !== undefined && !('$table' in value))
      scope.problems.push({
        pointer: `${pointer}/state`,
        message: messages.referenceStateWithoutTable('state'),
        atKey: true,
      });
    if (value.$param !== undefined) checkParam(`${pointer}/$param`, value.$param, scope);
    const filterKeys = endpoints?.filterKeys;
    if (typeof value.$filter === 'string' && filterKeys && !filterKeys.includes(value.$filter))
      scope.problems.push({
        pointer: `${pointer}/$filter`,
        message: messages.unknownFilterKey(value.$filter, filterKeys),
      });
  }
  if (known?.typeAt) checkPointers(at, source, known, scope.problems);
  if (source.when) checkCondition(`${at}/when`, source.when, scope);
}

/** A source's rows pointer must find rows (a list or one row), its total pointer a number. */
function checkPointers(at: string, source: DataSource, known: KnownEndpoint, problems: Problem[]): void {
  const typeAt = known.typeAt;
  if (!typeAt) return;
  const top = (known.fieldsAt?.('') ?? []).map((name) => `/${name}`);
  const check = (
    what: 'rows' | 'total',
    pointer: string | undefined,
    ok: (type: string) => boolean,
    expected: string,
  ) => {
    if (pointer === undefined) return;
    const type = typeAt(pointer);
    const candidates = top.filter((p) => {
      const t = typeAt(p);
      return t !== undefined && ok(t);
    });
    if (type === undefined)
      problems.push({
        pointer: `${at}/${what}`,
        message: messages.noSuchPointer(what, pointer, source.endpoint, candidates),
      });
    else if (!ok(type))
      problems.push({
        pointer: `${at}/${what}`,
        message: messages.wrongPointerType(what, pointer, source.endpoint, type, expected),
      });
  };
  check('rows', source.rows, (t) => ['array', 'object', 'any'].includes(t), 'a list of rows');
  check('total', source.total, (t) => ['integer', 'number', 'any'].includes(t), 'a row count');
}

function checkParam(pointer: string, name: string, scope: Scope): void {
  if (!scope.params.includes(name))
    scope.problems.push({ pointer, message: messages.unknownParam(name, scope.params) });
}

function checkSourceName(pointer: string, name: string, scope: Scope): void {
  if (!scope.sources.includes(name))
    scope.problems.push({ pointer, message: messages.unknownSource(name, scope.sources) });
}

function checkField(
  pointer: string,
  field: string | undefined,
  source: string | undefined,
  scope: Scope,
): void {
  if (field === undefined) return;
  const known = scope.fieldsOf(source);
  if (known && !known.fields.includes(field))
    scope.problems.push({ pointer, message: messages.unknownField(field, known.endpoint, known.fields) });
}

function checkCondition(at: string, when: Condition, scope: Scope): void {
  checkParam(`${at}/param`, when.param, scope);
}

function checkActions(
  at: string,
  actions: Action[] | undefined,
  source: string | undefined,
  scope: Scope,
): void {
  actions?.forEach((a, i) => {
    const pointer = `${at}/${i}`;
    const forms = [
      a.set !== undefined && a.from !== undefined,
      a.set !== undefined && 'value' in a,
      a.reset !== undefined,
      a.drill !== undefined,
    ];
    if (forms.filter(Boolean).length !== 1 || (a.from !== undefined && 'value' in a))
      scope.problems.push({ pointer, message: messages.actionShape() });
    if (a.set !== undefined) checkParam(`${pointer}/set`, a.set, scope);
    if (a.reset !== undefined) checkParam(`${pointer}/reset`, a.reset, scope);
    if (a.from?.startsWith('row.')) checkField(`${pointer}/from`, a.from.slice(4), source, scope);
    for (const [name, v] of Object.entries(a.drill?.params ?? {})) {
      const at = `${pointer}/drill/params/${name}`;
      if ((v.from === undefined) === !('value' in v))
        scope.problems.push({ pointer: at, message: messages.drillValueShape() });
      if (v.from?.startsWith('row.')) checkField(`${at}/from`, v.from.slice(4), source, scope);
      if (v.from?.startsWith('param.')) checkParam(`${at}/from`, v.from.slice(6), scope);
    }
  });
}

function checkTemplate(pointer: string, text: string, source: string | undefined, scope: Scope): void {
  for (const ref of templateReferences(text)) {
    if (ref.scope === 'param') checkParam(pointer, ref.name, scope);
    else if (!source) scope.problems.push({ pointer, message: messages.rowReference(`{row.${ref.name}}`) });
    else checkField(pointer, ref.name, source, scope);
  }
}

function checkWidget(at: string, w: Widget, scope: Scope): void {
  const source = 'data' in w ? w.data : undefined;
  if (source) checkSourceName(`${at}/data`, source, scope);
  if (w.when) checkCondition(`${at}/when`, w.when, scope);
  const field = (path: string, name: string | undefined, from = source) =>
    checkField(`${at}/${path}`, name, from, scope);
  switch (w.kind) {
    case 'tiles':
      w.tiles.forEach((t, i) => {
        field(`tiles/${i}/field`, t.field);
        field(`tiles/${i}/previousField`, t.previousField);
        field(`tiles/${i}/percentOf`, t.percentOf);
        field(`tiles/${i}/detail/field`, t.detail?.field);
        checkActions(`${at}/tiles/${i}/link`, t.link, source, scope);
      });
      break;
    case 'ring':
      field('field', w.field);
      field('previousField', w.previousField);
      field('detail/field', w.detail?.field);
      break;
    case 'pie':
      field('labelField', w.labelField);
      field('valueField', w.valueField);
      if (w.labelTemplate) checkTemplate(`${at}/labelTemplate`, w.labelTemplate, source, scope);
      if (w.select) checkParam(`${at}/select`, w.select, scope);
      if (w.filter) {
        checkParam(`${at}/filter/param`, w.filter.param, scope);
        field('filter/field', w.filter.field);
      }
      checkActions(`${at}/on/click`, w.on?.click, source, scope);
      break;
    case 'chart':
      if (typeof w.spec === 'object') {
        const spec = w.spec as Record<string, unknown>;
        scope.problems.push(...checkVegaLite(spec, `${at}/spec`));
        scope.problems.push(...emptyMarks(spec, `${at}/spec`));
        for (const f of chartFields(spec)) field(`spec${f.pointer}`, f.field);
        scope.problems.push(
          ...checkChart(spec, `${at}/spec`, {
            dataset: w.dataset ?? 'rows',
            // A widget naming a dataset of its own is at fault when its spec reads another.
            datasetAt: w.dataset !== undefined && w.dataset !== 'rows' ? `${at}/dataset` : undefined,
            fields: scope.fieldsOf(source)?.fields,
            shapeAt: scope.rowShapeOf(source),
            params: w.params ?? [],
          }),
        );
      }
      for (const [i, name] of (w.params ?? []).entries()) checkParam(`${at}/params/${i}`, name, scope);
      // A mark's datum holds the fields the spec computes, not the source's: only params are checked.
      checkActions(`${at}/on/click`, w.on?.click, undefined, scope);
      break;
    case 'table': {
      const totals = w.totals?.data;
      if (totals) checkSourceName(`${at}/totals/data`, totals, scope);
      w.columns.forEach((c, i) => {
        field(`columns/${i}/field`, c.field);
        field(`columns/${i}/inactiveField`, c.inactiveField);
        field(`columns/${i}/dashUnless`, c.dashUnless);
        checkActions(`${at}/columns/${i}/link`, c.link, source, scope);
        // A total of the column's own field is checked only when the rows have that field.
        const ownField = c.field === undefined || scope.fieldsOf(source)?.fields.includes(c.field) !== false;
        if (totals && c.total && !c.total.text && (c.total.field || ownField))
          field(`columns/${i}/total${c.total.field ? '/field' : ''}`, c.total.field ?? c.field, totals);
      });
      field('totalRows/field', w.totalRows?.field);
      checkSortable(at, w, scope);
      break;
    }
    case 'summary':
      w.items?.forEach((item, i) => {
        field(`items/${i}/field`, item.field);
      });
      field('rows/labelField', w.rows?.labelField);
      field('rows/valueField', w.rows?.valueField);
      break;
    case 'pills':
      checkParam(`${at}/param`, w.param, scope);
      if (w.disableWhenEmpty) checkSourceName(`${at}/disableWhenEmpty/data`, w.disableWhenEmpty.data, scope);
      checkActions(`${at}/on/select`, w.on?.select, undefined, scope);
      break;
    case 'multiselect':
      checkParam(`${at}/param`, w.param, scope);
      if (w.optionsFrom) {
        checkSourceName(`${at}/optionsFrom/data`, w.optionsFrom.data, scope);
        field('optionsFrom/labelField', w.optionsFrom.labelField, w.optionsFrom.data);
        field('optionsFrom/valueField', w.optionsFrom.valueField, w.optionsFrom.data);
      }
      checkActions(`${at}/on/change`, w.on?.change, undefined, scope);
      break;
    case 'select':
      checkParam(`${at}/param`, w.param, scope);
      checkActions(`${at}/on/change`, w.on?.change, undefined, scope);
      break;
    case 'chip':
      checkParam(`${at}/param`, w.param, scope);
      checkTemplate(`${at}/text`, w.text, undefined, scope);
      checkActions(`${at}/on/remove`, w.on?.remove, undefined, scope);
      break;
    case 'text':
      checkTemplate(`${at}/text`, w.text, source, scope);
      break;
  }
}

/** Sortable columns (and the default sort) must be columns the endpoint sorts by. */
function checkSortable(at: string, w: Extract<Widget, { kind: 'table' }>, scope: Scope): void {
  const sort = scope.sortOf(w.data);
  if (!sort) return;
  w.columns.forEach((c, i) => {
    const key = c.sortField ?? c.field;
    if (c.sortable === false || key === undefined || sort.sortable.includes(key)) return;
    // A field the rows do not have is reported as such, once.
    if (c.sortField === undefined && !scope.fieldsOf(w.data)?.fields.includes(key)) return;
    scope.problems.push({
      pointer: `${at}/columns/${i}/${c.sortField !== undefined ? 'sortField' : 'field'}`,
      message: messages.notSortable(key, sort.endpoint, sort.sortable),
    });
  });
  const first = w.defaultSort?.field;
  if (first !== undefined && !sort.sortable.includes(first))
    scope.problems.push({
      pointer: `${at}/defaultSort/field`,
      message: messages.notSortableDefault(first, sort.endpoint, sort.sortable),
    });
}

/** Marks that draw nothing with an offset channel: lines, areas and trails have no band to offset in. */
const NO_OFFSET_MARKS = ['line', 'area', 'trail'];

/** Mark and channel pairs that Vega-Lite accepts but that draw nothing (a line with xOffset). */
function emptyMarks(spec: Record<string, unknown>, at: string): Problem[] {
  const problems: Problem[] = [];
  const visit = (node: Record<string, unknown>, pointer: string, inherited: Record<string, unknown>) => {
    const own = (node.encoding as Record<string, unknown> | undefined) ?? {};
    const encoding = { ...inherited, ...own };
    const mark =
      typeof node.mark === 'string' ? node.mark : (node.mark as { type?: unknown } | undefined)?.type;
    if (typeof mark === 'string' && NO_OFFSET_MARKS.includes(mark)) {
      for (const channel of ['xOffset', 'yOffset'])
        if (channel in encoding)
          problems.push({
            pointer: `${at}${channel in own ? `${pointer}/encoding/${channel}` : `${pointer}/mark`}`,
            message: messages.markDrawsNothing(mark, channel),
          });
    }
    (node.layer as Record<string, unknown>[] | undefined)?.forEach((l, i) => {
      visit(l, `${pointer}/layer/${i}`, encoding);
    });
  };
  visit(spec, '', {});
  return problems;
}

/** Fields named in a Vega-Lite spec's encodings (also in layers), minus fields its transforms create. */
function chartFields(spec: Record<string, unknown>): { pointer: string; field: string }[] {
  const found: { pointer: string; field: string }[] = [];
  const created = new Set<string>();
  const visit = (node: Record<string, unknown>, pointer: string) => {
    for (const t of (node.transform as Record<string, unknown>[] | undefined) ?? [])
      collectCreated(t, created);
    const encoding = node.encoding as Record<string, Record<string, unknown>> | undefined;
    for (const [channel, def] of Object.entries(encoding ?? {})) {
      if (def && typeof def.field === 'string')
        found.push({ pointer: `${pointer}/encoding/${channel}/field`, field: def.field });
    }
    (node.layer as Record<string, unknown>[] | undefined)?.forEach((l, i) => {
      visit(l, `${pointer}/layer/${i}`);
    });
  };
  visit(spec, '');
  // A nested field ('point.value') is checked by its root ('point'), the row field or a created one.
  return found.map((f) => ({ ...f, field: rootField(f.field) })).filter((f) => !created.has(f.field));
}

/** The row field a Vega-Lite field path starts with: 'a.b' reads field 'a'; 'a\\.b' is one name. */
function rootField(field: string): string {
  const dot = field.search(/(?<!\\)\./);
  return (dot < 0 ? field : field.slice(0, dot)).replace(/\\\./g, '.');
}

function collectCreated(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) for (const n of node) collectCreated(n, into);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'as')
        for (const name of Array.isArray(v) ? v : [v]) if (typeof name === 'string') into.add(name);
      collectCreated(v, into);
    }
  }
}
