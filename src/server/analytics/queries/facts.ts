import type { Span } from '../period';
import type { DataQuery } from '../request';
import { commExtras, inSpan, periodOf } from './filters';
import { RESPONSE_BUCKET_NUMBER, RESPONSE_REQUIRED } from './responseBuckets';
import type { SqlParams } from './sqlParams';

/**
 * Where the communication figures come from. Whole months of a period are read from the monthly
 * rollups of migration 011 (refreshed by src/server/analytics/rollups.ts after every seed and import),
 * or from their coarser copies of migrations 014 and 018 when a question needs none of the columns
 * those drop. The partial months at either end come from the daily rollups (migration 013: calls;
 * migration 015: communications by type; migration 017: by employee) when a question needs only
 * their columns, otherwise from the raw communications, as does everything when the rollups are not
 * current. Every measure is a count or a sum, so the parts add up to exactly what one scan of
 * communications over the whole period gives.
 */

/** A period cut into whole months (rollups) and the partial months around them (raw rows). */
export interface MonthSplit {
  months: Span | null;
  edges: Span[];
}

const TS_RE = /^(\d{4})-(\d{2})-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/;

function monthStart(ts: string): string {
  return `${ts.slice(0, 7)}-01 00:00:00.000`;
}

function nextMonth(ts: string): string {
  const y = Number(ts.slice(0, 4));
  const m = Number(ts.slice(5, 7));
  const [ny, nm] = m === 12 ? [y + 1, 1] : [y, m + 1];
  return `${String(ny).padStart(4, '0')}-${String(nm).padStart(2, '0')}-01 00:00:00.000`;
}

/** Splits a half-open span into the whole months inside it and the rest. */
export function splitByMonth(span: Span): MonthSplit {
  return splitBy(span, monthStart, nextMonth);
}

const DAY_MS = 86_400_000;

/** The Monday 00:00 on or before a timestamp (date_trunc('week') of both drivers). */
function weekStart(ts: string): string {
  const day = Date.UTC(Number(ts.slice(0, 4)), Number(ts.slice(5, 7)) - 1, Number(ts.slice(8, 10)));
  const back = (new Date(day).getUTCDay() + 6) % 7;
  return `${new Date(day - back * DAY_MS).toISOString().slice(0, 10)} 00:00:00.000`;
}

function nextWeek(ts: string): string {
  const day = Date.parse(`${weekStart(ts).slice(0, 10)}T00:00:00Z`) + 7 * DAY_MS;
  return `${new Date(day).toISOString().slice(0, 10)} 00:00:00.000`;
}

/** Splits a half-open span into the whole weeks (Monday to Sunday) inside it and the rest. */
export function splitByWeek(span: Span): MonthSplit {
  return splitBy(span, weekStart, nextWeek);
}

function splitBy(span: Span, floor: (ts: string) => string, next: (ts: string) => string): MonthSplit {
  if (!TS_RE.test(span.start) || !TS_RE.test(span.end)) return { months: null, edges: [span] };
  const first = span.start === floor(span.start) ? span.start : next(span.start);
  const last = floor(span.end);
  if (first >= last) return { months: null, edges: [span] };
  const edges: Span[] = [];
  if (span.start < first) edges.push({ start: span.start, end: first });
  if (last < span.end) edges.push({ start: last, end: span.end });
  return { months: { start: first, end: last }, edges };
}

/** A coarser copy of a rollup: its table, its dimensions, the condition its rows meet (if any). */
interface Coarser {
  table: string;
  dims: readonly string[];
  rows?: string;
}

/** A rollup: its table, the raw expression of each dimension and each measure (over communications `c`). */
interface Source {
  table: string;
  /** The rollup's time column: whole months (month) or whole weeks (week). */
  grain: 'month' | 'week';
  dims: Readonly<Record<string, string>>;
  measures: Readonly<Record<string, string>>;
  /** Condition every raw row of the rollup meets. */
  rawWhere: string;
  /**
   * A daily rollup with some of the dimensions (same column names, same measures): it serves the
   * partial months (weeks) at a period's ends when the question needs no other column and the
   * period starts and ends at midnight, as every period of dates does. `month` and `week` come from
   * its day. `where`: the condition of `rawWhere` when the daily rollup holds more than the source.
   * `coarser`: copies of the daily rollup with fewer rows, chosen as `coarser` below is.
   */
  days?: { table: string; dims: readonly string[]; where?: string; coarser?: readonly Coarser[] };
  /**
   * Rollups of the same grain and measures with fewer dimensions (fewer rows to read): the first
   * with every column a question names serves its whole months (weeks) instead of `table`. One with
   * `rows` holds only the rows meeting that condition (text as in `where`, starting with ' AND ',
   * conditions joined by AND only): it serves a question whose condition includes that text, and
   * needs the columns of the rest.
   */
  coarser?: readonly Coarser[];
  /**
   * Whether the rollup's rows go to the caller as they are, or grouped first by the dimensions asked
   * for. Every caller sums the facts again by its own columns, so grouping first only adds an
   * aggregation; but on DuckDB each aggregation costs about 2 ms however few its rows, while on
   * many rows it pays for itself. Measured straight on the store (`e.run`, median of 40, one
   * thread), passing the rows: at the demo scale, ad source effectiveness over the last 30 days
   * 15.4 → 6.6 ms, missed calls by site 7.3 → 6.1; at the xlarge scale (3,000 sites), ad source
   * effectiveness 77 → 56 ms and volume by site over a year 39 → 35, but the employee tables over a
   * year 217 → 239 ms (the employee rollup has a row per employee, and the tables' bucket filters
   * then run on each). Raw rows are always grouped first: one per communication.
   */
  passRows: boolean;
}

const COMM_MEASURES = {
  n: 'count(*)',
  response_sum: 'sum(c.response_seconds)',
  response_n: 'count(c.response_seconds)',
};

/** The columns of rollup_comm_type_day (migration 015), the coarser copies' columns by day. */
const COMM_TYPE_DAY_DIMS = ['site_id', 'comm_type', 'direction', 'response_required', 'response_bucket'];

const COMM_SITE: Source = {
  table: 'rollup_comm_site_month',
  grain: 'month',
  dims: {
    month: "date_trunc('month', c.occurred_at)",
    site_id: 'c.site_id',
    relationship_id: 'c.relationship_id',
    comm_type: 'c.comm_type',
    direction: 'c.direction',
    is_first_communication: 'c.is_first_communication',
    response_required: 'c.response_required',
    response_bucket: RESPONSE_BUCKET_NUMBER,
  },
  measures: COMM_MEASURES,
  rawWhere: '',
  passRows: true,
  coarser: [
    {
      table: 'rollup_comm_type_month',
      dims: ['month', 'site_id', 'comm_type', 'direction', 'response_required', 'response_bucket'],
    },
  ],
  days: { table: 'rollup_comm_type_day', dims: COMM_TYPE_DAY_DIMS },
};

const COMM_EMPLOYEE: Source = {
  table: 'rollup_comm_employee_month',
  grain: 'month',
  dims: {
    site_id: 'c.site_id',
    employee_id: 'c.employee_id',
    comm_type: 'c.comm_type',
    direction: 'c.direction',
    response_required: 'c.response_required',
    response_bucket: RESPONSE_BUCKET_NUMBER,
  },
  measures: COMM_MEASURES,
  rawWhere: '',
  passRows: false,
  // Migration 018: without the type and the response bucket (the volume tables by employee), and
  // the response-required rows by response bucket (the response time tables by employee).
  coarser: [
    {
      table: 'rollup_comm_employee_dir_month',
      dims: ['month', 'site_id', 'employee_id', 'direction', 'response_required'],
    },
    {
      table: 'rollup_response_employee_month',
      dims: ['month', 'site_id', 'employee_id', 'response_bucket'],
      rows: ` AND ${RESPONSE_REQUIRED}`,
    },
  ],
  days: {
    table: 'rollup_comm_employee_day',
    dims: ['site_id', 'employee_id', 'comm_type', 'direction', 'response_required', 'response_bucket'],
    // Migration 019: the same two copies by day, for the partial months.
    coarser: [
      {
        table: 'rollup_comm_employee_dir_day',
        dims: ['site_id', 'employee_id', 'direction', 'response_required'],
      },
      {
        table: 'rollup_response_employee_day',
        dims: ['site_id', 'employee_id', 'response_bucket'],
        rows: ` AND ${RESPONSE_REQUIRED}`,
      },
    ],
  },
};

const RESPONSES: Source = {
  table: 'rollup_response_week',
  grain: 'week',
  dims: {
    week: "date_trunc('week', c.occurred_at)",
    site_id: 'c.site_id',
    relationship_id: 'c.relationship_id',
    comm_type: 'c.comm_type',
    is_first_communication: 'c.is_first_communication',
  },
  measures: { response_sum: 'sum(c.response_seconds)', response_n: 'count(c.response_seconds)' },
  rawWhere: ` AND ${RESPONSE_REQUIRED}`,
  passRows: true,
  coarser: [{ table: 'rollup_response_type_week', dims: ['week', 'site_id', 'comm_type'] }],
  days: { table: 'rollup_comm_type_day', dims: COMM_TYPE_DAY_DIMS, where: ` AND ${RESPONSE_REQUIRED}` },
};

const CALLS: Source = {
  table: 'rollup_call_month',
  grain: 'month',
  dims: {
    site_id: 'c.site_id',
    ad_source_id: 'c.ad_source_id',
    caller_type: 'c.caller_type',
    call_result: 'c.call_result',
    is_missed: 'c.is_missed',
  },
  measures: { n: 'count(*)', duration_sum: 'sum(c.duration_seconds)' },
  rawWhere: ` AND c.comm_type = 'PHONE' AND c.direction = 'inbound'`,
  passRows: true,
  days: {
    table: 'rollup_call_day',
    dims: ['site_id', 'ad_source_id', 'caller_type', 'call_result', 'is_missed'],
  },
};

const MIDNIGHT = ' 00:00:00.000';

/** The time dimensions a daily rollup derives from its day. */
const FROM_DAY: Readonly<Record<string, string>> = {
  month: "date_trunc('month', c.day)",
  week: "date_trunc('week', c.day)",
};

/** Whether a rollup with columns `own` has every column a question names (its dimensions, its condition). */
function hasColumns(own: readonly string[], dims: readonly string[], where: string): boolean {
  const columns = [...dims, ...[...where.matchAll(/\bc\.(\w+)/g)].map((m) => m[1])];
  return columns.every((c) => own.includes(c));
}

/**
 * The table that serves a question from `table` or one of its coarser copies: the first copy that
 * holds every row the question's condition keeps and has every column it names (with `derived`, the
 * columns worked out from its own), else `table` itself; `rest` is the condition still to apply to
 * that table's rows.
 */
function leanest(
  table: string,
  coarser: readonly Coarser[] | undefined,
  dims: readonly string[],
  where: string,
  derived: readonly string[] = [],
): { table: string; rest: string } {
  for (const c of coarser ?? []) {
    if (c.rows !== undefined && !where.includes(c.rows)) continue;
    const rest = c.rows === undefined ? where : where.replace(c.rows, '');
    if (hasColumns([...c.dims, ...derived], dims, rest)) return { table: c.table, rest };
  }
  return { table, rest: where };
}

/** Whether `src`'s daily rollup can answer for these edges: every column asked for is one of its own. */
function daysServe(src: Source, dims: readonly string[], where: string, edges: readonly Span[]): boolean {
  return (
    src.days !== undefined &&
    hasColumns([...src.days.dims, ...Object.keys(FROM_DAY)], dims, where) &&
    edges.every((e) => e.start.endsWith(MIDNIGHT) && e.end.endsWith(MIDNIGHT))
  );
}

/**
 * One sub-select of facts: the chosen dimensions and every measure of the source, for the scoped
 * sites and `span`, rows meeting `where` (a condition over dimension columns of alias `c`, starting
 * with ' AND ', the same text for the rollup and the raw rows).
 */
function facts(
  p: SqlParams,
  q: DataQuery,
  src: Source,
  span: Span,
  dims: readonly string[],
  where: string,
  rollup: boolean,
): string {
  const split = !rollup
    ? { months: null, edges: [span] }
    : src.grain === 'week'
      ? splitByWeek(span)
      : splitByMonth(span);
  const measures = Object.entries(src.measures);
  const parts: string[] = [];
  const group = dims.length ? ` GROUP BY ${dims.map((_, i) => i + 1).join(', ')}` : '';
  const rollupMeasures = measures.map(([m]) => (src.passRows ? `c.${m} AS ${m}` : `sum(c.${m}) AS ${m}`));
  const rollupSelect = [...dims.map((d) => `c.${d} AS ${d}`), ...rollupMeasures].join(', ');
  const rollupGroup = src.passRows ? '' : group;
  if (split.months) {
    const { table, rest } = leanest(src.table, src.coarser, dims, where);
    parts.push(
      `SELECT ${rollupSelect} FROM ${table} c
       WHERE c.site_id IN ${p.ints(q.siteIds)} AND ${inSpan(p, `c.${src.grain}`, split.months)}${rest}${rollupGroup}`,
    );
  }
  if (split.edges.length && rollup && src.days && daysServe(src, dims, where, split.edges)) {
    const daySelect = [...dims.map((d) => `${FROM_DAY[d] ?? `c.${d}`} AS ${d}`), ...rollupMeasures].join(
      ', ',
    );
    const { table, rest } = leanest(src.days.table, src.days.coarser, dims, where, Object.keys(FROM_DAY));
    for (const scan of edgeScans(split.edges))
      parts.push(
        `SELECT ${daySelect} FROM ${table} c
         WHERE c.site_id IN ${p.ints(q.siteIds)} AND ${inEdges(p, 'c.day', scan)}${src.days.where ?? ''}${rest}${rollupGroup}`,
      );
  } else if (split.edges.length) {
    const select = [
      ...dims.map((d) => `${src.dims[d]} AS ${d}`),
      ...measures.map(([m, expr]) => `${expr} AS ${m}`),
    ].join(', ');
    for (const scan of edgeScans(split.edges))
      parts.push(
        `SELECT ${select} FROM communications c
         WHERE c.site_id IN ${p.ints(q.siteIds)} AND ${inEdges(p, 'c.occurred_at', scan)}${src.rawWhere}${where}${group}`,
      );
  }
  return parts.join(' UNION ALL ');
}

/**
 * The longest gap (whole months or weeks read from a rollup) between a period's two edges that one
 * scan of raw rows reads through. One scan from the first edge's start to the last's end reads the
 * rows between them too; two scans, one per edge, cost a sub-select more. Measured on DuckDB: at the
 * demo scale (1 million rows) the second sub-select costs more than two months of rows (bench:load,
 * random periods of 7 to 90 days: 155 requests/s in one scan, 110 in two); at the xlarge scale
 * (100 million) the year between a prior year's two partial weeks took 350 ms to read, against 37 ms
 * for the trend read in two scans.
 */
const ONE_SCAN_MAX_GAP_DAYS = 62;

/** The edges grouped into scans: both in one unless the gap between them is long. */
function edgeScans(edges: readonly Span[]): Span[][] {
  if (edges.length < 2) return [[...edges]];
  const gapDays =
    (Date.parse(`${edges[1].start.slice(0, 10)}T00:00:00Z`) -
      Date.parse(`${edges[0].end.slice(0, 10)}T00:00:00Z`)) /
    DAY_MS;
  return gapDays > ONE_SCAN_MAX_GAP_DAYS ? edges.map((e) => [e]) : [[...edges]];
}

/**
 * Rows of `col` in the edges of one scan. Two edges are read from the first's start to the last's
 * end: a range the store can skip blocks by, where an OR of the two alone would be checked on every
 * row of the table (twice the CPU time on DuckDB).
 */
function inEdges(p: SqlParams, col: string, edges: readonly Span[]): string {
  const bounds = inSpan(p, col, { start: edges[0].start, end: edges[edges.length - 1].end });
  if (edges.length === 1) return bounds;
  return `${bounds} AND (${edges.map((e) => `(${inSpan(p, col, e)})`).join(' OR ')})`;
}

/** Whether the request may read the rollups (they are current; set by resolveQuery). */
const rollupsOn = (q: DataQuery) => q.rollupsCurrent === true;

/**
 * Communications of the period by site-level `dims` (month, site_id, relationship_id, comm_type, direction,
 * is_first_communication, response_required, response_bucket) with measures n, response_sum and
 * response_n; with the page filters unless `extras` is false.
 */
export function commFacts(
  p: SqlParams,
  q: DataQuery,
  dims: readonly string[],
  where = '',
  extras = true,
): string {
  const w = `${extras ? commExtras(p, q, 'c') : ''}${where}`;
  return facts(p, q, COMM_SITE, periodOf(q), dims, w, rollupsOn(q));
}

/**
 * As commFacts, with employee_id among the dimensions too. The employee rollup has no relationship or
 * initial-communication columns: with those filters the raw rows are read.
 */
export function employeeCommFacts(p: SqlParams, q: DataQuery, dims: readonly string[], where = ''): string {
  const covered = !q.relationshipIds.length && !q.initialOnly;
  return facts(
    p,
    q,
    COMM_EMPLOYEE,
    periodOf(q),
    dims,
    `${commExtras(p, q, 'c')}${where}`,
    rollupsOn(q) && covered,
  );
}

/**
 * Inbound calls of `span` by `dims` (site_id, ad_source_id, caller_type, call_result, is_missed) with
 * measures n and duration_sum.
 */
export function callFacts(
  p: SqlParams,
  q: DataQuery,
  dims: readonly string[],
  where = '',
  span: Span = periodOf(q),
): string {
  return facts(p, q, CALLS, span, dims, where, rollupsOn(q));
}

/**
 * Answered response times of response-required communications by `dims` (week, site_id,
 * relationship_id, comm_type, is_first_communication), measures response_sum and response_n, with
 * the page filters; whole weeks come from the weekly rollup.
 */
export function responseFacts(p: SqlParams, q: DataQuery, dims: readonly string[]): string {
  return facts(p, q, RESPONSES, periodOf(q), dims, commExtras(p, q, 'c'), rollupsOn(q));
}

/** `count` of facts `f` meeting a condition, as a BIGINT (0 when none). */
export function countOf(cond?: string): string {
  return `CAST(COALESCE(sum(f.n)${cond ? ` FILTER (WHERE ${cond})` : ''}, 0) AS BIGINT)`;
}
