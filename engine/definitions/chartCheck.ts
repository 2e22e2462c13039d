import type { Problem } from './definitionError';
import type { ValueShape } from './endpointIndex';
import { escapePointerToken } from './jsonPointer';
import { messages } from './messages';

type Json = Record<string, unknown>;

/**
 * What a chart's spec may read: the dataset name the engine gives the rows, the row fields (with
 * their response schema shape where known), and the params the widget passes.
 */
export interface ChartContext {
  dataset: string;
  /** The widget's own `dataset` line, when it names one: a spec reading another is its mistake. */
  datasetAt?: string;
  /** The rows' fields; undefined when unknown (nothing is checked against them). */
  fields?: string[];
  /** The schema shape of a value under a row ('/site', '/values/0/value'). */
  shapeAt?: (pointer: string) => ValueShape | undefined;
  params: string[];
}

/** A field the spec can read at a step: where its value sits in a row (undefined: made by a transform). */
type Env = Map<string, string | undefined>;

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** Names an expression may use besides datum and params: Vega's constants and its own signals. */
const EXPRESSION_NAMES = new Set([
  'datum',
  'event',
  'item',
  'parent',
  'true',
  'false',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  'PI',
  'E',
  'LN2',
  'LN10',
  'LOG2E',
  'LOG10E',
  'SQRT1_2',
  'SQRT2',
  'MIN_VALUE',
  'MAX_VALUE',
  'width',
  'height',
  'padding',
  'autosize',
  'background',
  'cursor',
  'if',
  'in',
  'typeof',
  'this',
  'new',
]);

/**
 * The static checks of a chart spec: it reads the engine's dataset; every field its encodings and
 * expressions read is a row field or made by an earlier transform; flatten reads lists; a temporal
 * encoding reads no number; a scale domain meets the field's enum; the params it reads are passed.
 */
export function checkChart(spec: Json, at: string, ctx: ChartContext): Problem[] {
  const problems: Problem[] = [];
  if (!ctx.fields) {
    visitData(spec, at, ctx, problems);
    return problems;
  }
  const env: Env = new Map(ctx.fields.map((f) => [f, `/${escapePointerToken(f)}`]));
  visit(spec, at, env, ctx, problems);
  return problems;
}

function visitData(node: Json, at: string, ctx: ChartContext, problems: Problem[]): void {
  const data = node.data;
  if (isObject(data) && typeof data.name === 'string' && data.name !== ctx.dataset)
    problems.push(
      ctx.datasetAt
        ? { pointer: ctx.datasetAt, message: messages.chartDataset(data.name, ctx.dataset), page: true }
        : { pointer: `${at}/data/name`, message: messages.chartDataset(data.name, ctx.dataset) },
    );
  (node.layer as Json[] | undefined)?.forEach?.((l, i) => {
    if (isObject(l)) visitData(l, `${at}/layer/${i}`, ctx, problems);
  });
}

function shapeIn(ctx: ChartContext, env: Env, path: string[]): ValueShape | 'made' | undefined {
  const [root, ...rest] = path;
  if (!env.has(root)) return undefined;
  const base = env.get(root);
  if (base === undefined) return 'made';
  if (!ctx.shapeAt) return 'made';
  let pointer = base;
  let shape = ctx.shapeAt(pointer);
  for (const name of rest) {
    if (!shape?.fields) return 'made';
    if (!shape.fields.includes(name)) return undefined;
    pointer = `${pointer}/${escapePointerToken(name)}`;
    shape = ctx.shapeAt(pointer);
  }
  return shape ?? 'made';
}

function pointerOf(env: Env, path: string[]): string | undefined {
  const base = env.get(path[0]);
  return base === undefined ? undefined : [base, ...path.slice(1).map(escapePointerToken)].join('/');
}

/** `datum.a.b` and `datum['a']` paths of an expression, with the other names it reads. */
function readsOf(expr: string): { paths: string[][]; names: string[] } {
  const paths: string[][] = [];
  const noStrings = expr.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, (m) =>
    /^\[/.test(m) ? m : ' '.repeat(m.length),
  );
  for (const m of expr.matchAll(/\bdatum((?:\.[A-Za-z_$][\w$]*|\[\s*(?:'[^']*'|"[^"]*")\s*\])+)/g)) {
    const parts = [...m[1].matchAll(/\.([A-Za-z_$][\w$]*)|\[\s*['"]([^'"]*)['"]\s*\]/g)].map(
      (p) => p[1] ?? p[2],
    );
    paths.push(parts);
  }
  const names: string[] = [];
  for (const m of noStrings.matchAll(/(?<![.\w$])([A-Za-z_$][\w$]*)(?!\s*[(\w$])/g)) {
    if (!EXPRESSION_NAMES.has(m[1])) names.push(m[1]);
  }
  return { paths, names };
}

function checkExpression(
  expr: unknown,
  pointer: string,
  env: Env,
  ctx: ChartContext,
  params: string[],
  problems: Problem[],
): void {
  if (typeof expr !== 'string') return;
  const { paths, names } = readsOf(expr);
  for (const path of paths) {
    const shape = shapeIn(ctx, env, path);
    if (shape !== undefined) continue;
    const known = env.has(path[0]);
    const detail = known
      ? `and ${path.slice(0, -1).join('.')} has no field '${path[path.length - 1]}'`
      : `and the rows have no field '${path[0]}'`;
    problems.push({ pointer, message: messages.chartExpressionField(`datum.${path.join('.')}`, detail) });
    return;
  }
  for (const name of names)
    if (!params.includes(name)) {
      problems.push({ pointer, message: messages.chartParam(name, params), page: true });
      return;
    }
}

function visit(node: Json, at: string, env: Env, ctx: ChartContext, problems: Problem[]): void {
  visitData({ data: node.data }, at, ctx, problems);
  const params = [
    ...ctx.params,
    ...((node.params as Json[] | undefined) ?? []).flatMap((p) =>
      isObject(p) && typeof p.name === 'string' ? [p.name] : [],
    ),
  ];
  let open = true;
  (Array.isArray(node.transform) ? (node.transform as Json[]) : []).forEach((t, i) => {
    if (!open || !isObject(t)) return;
    const tAt = `${at}/transform/${i}`;
    const need = (field: unknown, pointer: string) => {
      if (typeof field !== 'string') return;
      const path = field.split(/(?<!\\)\./).map((p) => p.replace(/\\\./g, '.'));
      if (shapeIn(ctx, env, path) === undefined)
        problems.push({ pointer, message: messages.chartUnknownField(field, [...env.keys()]) });
    };
    if ('calculate' in t) {
      checkExpression(t.calculate, `${tAt}/calculate`, env, ctx, params, problems);
      const plain =
        typeof t.calculate === 'string' ? /^\s*datum((?:\.[A-Za-z_$][\w$]*)+)\s*$/.exec(t.calculate) : null;
      const path = plain ? plain[1].slice(1).split('.') : undefined;
      if (typeof t.as === 'string') env.set(t.as, path ? pointerOf(env, path) : undefined);
    } else if ('filter' in t) {
      if (typeof t.filter === 'string')
        checkExpression(t.filter, `${tAt}/filter`, env, ctx, params, problems);
      else if (isObject(t.filter)) need(t.filter.field, `${tAt}/filter/field`);
    } else if ('flatten' in t && Array.isArray(t.flatten)) {
      const as = Array.isArray(t.as) ? t.as : [];
      t.flatten.forEach((field, j) => {
        if (typeof field !== 'string') return;
        const shape = shapeIn(ctx, env, [field]);
        if (shape === undefined)
          problems.push({
            pointer: `${tAt}/flatten/${j}`,
            message: messages.chartUnknownField(field, [...env.keys()]),
          });
        else if (shape !== 'made' && shape.types.length && !shape.types.includes('array'))
          problems.push({
            pointer: `${tAt}/flatten/${j}`,
            message: messages.chartNotAList(field, shape.types.join(' or ')),
          });
        const base = env.get(field);
        env.set(
          typeof as[j] === 'string' ? (as[j] as string) : field,
          base === undefined ? undefined : `${base}/0`,
        );
      });
    } else if ('fold' in t && Array.isArray(t.fold)) {
      t.fold.forEach((f, j) => {
        need(f, `${tAt}/fold/${j}`);
      });
      const as = Array.isArray(t.as) ? t.as : ['key', 'value'];
      for (const name of as) if (typeof name === 'string') env.set(name, undefined);
    } else if ('aggregate' in t && Array.isArray(t.aggregate)) {
      const groupby = Array.isArray(t.groupby) ? t.groupby : [];
      groupby.forEach((f, j) => {
        need(f, `${tAt}/groupby/${j}`);
      });
      t.aggregate.forEach((a, j) => {
        if (isObject(a)) need(a.field, `${tAt}/aggregate/${j}/field`);
      });
      const kept: Env = new Map();
      for (const f of groupby) if (typeof f === 'string') kept.set(f, env.get(f));
      for (const a of t.aggregate) if (isObject(a) && typeof a.as === 'string') kept.set(a.as, undefined);
      env.clear();
      for (const [k, v] of kept) env.set(k, v);
    } else if ('joinaggregate' in t || 'window' in t || 'timeUnit' in t || 'bin' in t) {
      if (typeof t.field === 'string') need(t.field, `${tAt}/field`);
      const list = (t.joinaggregate ?? t.window) as Json[] | undefined;
      if (Array.isArray(list))
        for (const a of list) if (isObject(a) && typeof a.as === 'string') env.set(a.as, undefined);
      if (typeof t.as === 'string') env.set(t.as, undefined);
      if (Array.isArray(t.as))
        for (const name of t.as) if (typeof name === 'string') env.set(name, undefined);
    } else open = false; // A transform not read here: what follows is not checked.
  });
  if (open) checkEncoding(node, at, env, ctx, problems);
  (node.layer as Json[] | undefined)?.forEach?.((l, i) => {
    if (isObject(l) && open) visit(l, `${at}/layer/${i}`, new Map(env), ctx, problems);
  });
}

function checkEncoding(node: Json, at: string, env: Env, ctx: ChartContext, problems: Problem[]): void {
  const encoding = isObject(node.encoding) ? node.encoding : {};
  for (const [channel, def] of Object.entries(encoding)) {
    if (!isObject(def) || typeof def.field !== 'string') continue;
    const pointer = `${at}/encoding/${escapePointerToken(channel)}`;
    const path = def.field.split(/(?<!\\)\./).map((p) => p.replace(/\\\./g, '.'));
    const shape = shapeIn(ctx, env, path);
    if (shape === undefined) {
      // A root the rows lack has the endpoint's message (checkReferences); here, a path into a known field.
      if (env.has(path[0]))
        problems.push({
          pointer: `${pointer}/field`,
          message: messages.chartUnknownField(def.field, [...env.keys()]),
        });
      continue;
    }
    if (shape === 'made') continue;
    const numeric =
      shape.types.length > 0 && shape.types.every((t) => ['integer', 'number', 'null'].includes(t));
    if (def.type === 'temporal' && numeric)
      problems.push({
        pointer: `${pointer}/type`,
        message: messages.chartTemporal(def.field, shape.types.join(' or ')),
      });
    const scale = def.scale;
    if (isObject(scale) && Array.isArray(scale.domain) && shape.enum) {
      const values = shape.enum;
      if (!scale.domain.some((d) => values.some((v) => JSON.stringify(v) === JSON.stringify(d))))
        problems.push({
          pointer: `${pointer}/scale/domain`,
          message: messages.chartDomain(def.field, scale.domain, values),
        });
    }
  }
}

/** The values a spec's encodings declare for a field: its scale domains and sort lists. */
export function declaredValues(spec: Json, field: string): unknown[] {
  const found: unknown[] = [];
  const visitNode = (node: Json) => {
    for (const def of Object.values(isObject(node.encoding) ? node.encoding : {})) {
      if (!isObject(def) || def.field !== field) continue;
      if (isObject(def.scale) && Array.isArray(def.scale.domain)) found.push(...def.scale.domain);
      if (Array.isArray(def.sort)) found.push(...def.sort);
    }
    for (const l of Array.isArray(node.layer) ? node.layer : []) if (isObject(l)) visitNode(l);
  };
  visitNode(spec);
  return [...new Set(found)];
}
