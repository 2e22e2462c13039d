import type { Queryable, Row } from '../../store';
import { BadRequestError } from '../errors';
import type { DataQuery, SortEntry } from '../request';
import { SqlParams } from './sqlParams';

/** A paged, sortable table endpoint: its rows' SQL, sortable columns and how rows are shown. */
export interface TableDef {
  /** Field names of the shown rows, in order (maxIndex last). */
  headers: readonly string[];
  /** SELECT giving one row per table row, aliases quoted; extra hidden columns are allowed. */
  base(p: SqlParams, q: DataQuery): string;
  /** Sortable field -> SQL expression over the base row `t` (the allow-list of the sort). */
  columns: Readonly<Record<string, string>>;
  /** Sort used when the request names none, and after the requested ones. */
  defaultSort: readonly Required<SortEntry>[];
  /** Unique key expression that makes the order total (stable paging). */
  tieBreak: string;
  /** Base row -> shown row (without maxIndex). */
  present(row: Row): Row;
  /**
   * Pages by groups instead of rows: the key expression over `t` of rows that stay on one page
   * together (a site's rows, say). Limit and skip then count groups, and totalRows is the number of
   * groups; the groups come in the order of their first row.
   */
  pageBy?: string;
  /** Totals: SELECT list over `t` (sums), and how the summed row is shown. */
  totals?: { select: string; present(row: Row): Row };
  /**
   * Rows built late: a narrow SELECT (no joins) of the same rows, with their key as "id" and the
   * columns it can sort by. When every sort column is among them, the page's keys and the count
   * come from it, and only the page's rows are built with `base` (a page of 50 among millions
   * joins 50 rows, not millions). `base` must give the key as "id" too.
   */
  narrow?: {
    select(p: SqlParams, q: DataQuery): string;
    /** Sortable field -> SQL expression over the narrow row `k`. */
    columns: Readonly<Record<string, string>>;
    /**
     * The rows of `base` whose key is among `ids` (a sub-select of keys), without `base`'s
     * conditions: the page's rows are built from their keys alone.
     */
    byIds?(p: SqlParams, ids: string): string;
    /** A SELECT of the row count as "n" cheaper than counting the narrow rows, when there is one. */
    count?(p: SqlParams, q: DataQuery): string | undefined;
    /**
     * The narrow field of the time the rows happened (within the query's period). Sorted newest
     * first by it, a page is looked for among the period's last days first, then among more.
     */
    recent?: string;
  };
}

/**
 * The days a page sorted newest first is first looked for in, how the window grows, and how deep a
 * page may lie for it (a reader's first pages; an export's pages of 1,000 rows, and deep pages,
 * read the whole period at once rather than try windows too small for them).
 */
const RECENT_DAYS = 7;
const RECENT_GROWTH = 8;
const RECENT_MAX_ROWS = 500;
const DAY_MS = 86_400_000;

/** A page of a table: field names, rows (each with maxIndex), and the row count over all pages. */
export interface TablePage {
  headers: readonly string[];
  values: Row[];
  totalRows: number;
}

/**
 * ORDER BY text from the allow-list only; an unknown column is refused (400), never interpolated.
 * `columns` and `tieBreak` default to the table's own (over `t`).
 */
export function orderBy(
  def: TableDef,
  sort: readonly SortEntry[],
  columns: Readonly<Record<string, string>> = def.columns,
  tieBreak = def.tieBreak,
): string {
  const parts: string[] = [];
  sort.forEach((s, i) => {
    const expr = Object.hasOwn(columns, s.column) ? columns[s.column] : undefined;
    if (!expr) throw new BadRequestError(`/sort/${i}/column`, 'is not a sortable column');
    parts.push(`${expr} ${s.direction === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`);
  });
  for (const s of def.defaultSort) {
    parts.push(`${columns[s.column]} ${s.direction === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`);
  }
  parts.push(`${tieBreak} ASC`);
  return parts.join(', ');
}

/** Whether a table's narrow SELECT can sort as asked (then the page's rows are built late). */
function sortsNarrow(def: TableDef, sort: readonly SortEntry[]): boolean {
  const narrow = def.narrow?.columns;
  return !!narrow && [...sort, ...def.defaultSort].every((s) => Object.hasOwn(narrow, s.column));
}

/** Runs one page: the requested sort, then LIMIT/OFFSET, counting all rows in the same statement. */
export async function runTable(db: Queryable, def: TableDef, q: DataQuery): Promise<TablePage> {
  const late = !def.pageBy && def.narrow && sortsNarrow(def, q.sort);
  if (late) {
    // Newest first by the rows' time: the page is among the period's last days unless they hold
    // too few rows, so those are read first (a window the store skips blocks by), then 8 times as
    // many days, until the page is full or the window is the whole period.
    const recent = def.narrow!.recent;
    const first = q.sort[0] ?? def.defaultSort[0];
    const end = q.period && Date.parse(`${q.period.end.replace(' ', 'T')}Z`);
    const start = q.period && Date.parse(`${q.period.start.replace(' ', 'T')}Z`);
    const shallow = q.skip + q.limit <= RECENT_MAX_ROWS;
    if (recent && shallow && first?.column === recent && first.direction === 'desc' && end && start) {
      for (let days = RECENT_DAYS; end - days * DAY_MS > start; days *= RECENT_GROWTH) {
        const since = new Date(end - days * DAY_MS).toISOString().replace('T', ' ').slice(0, 23);
        const rows = await lateRows(db, def, q, since);
        if (rows.length === q.limit) return pageOf(db, def, q, rows);
      }
    }
    return pageOf(db, def, q, await lateRows(db, def, q));
  }
  const p = new SqlParams();
  const base = def.base(p, q);
  const order = orderBy(def, q.sort);
  const sql = def.pageBy
    ? `WITH r AS (SELECT t.*, ${def.pageBy} AS "__group", row_number() OVER (ORDER BY ${order}) AS "__pos" FROM (${base}) t),
      g AS (SELECT "__group", row_number() OVER (ORDER BY min("__pos")) - 1 AS "__rank", count(*) OVER () AS "__groups"
            FROM r GROUP BY "__group")
      SELECT r.*, g."__groups" AS "__totalRows" FROM r JOIN g ON g."__group" = r."__group"
      WHERE g."__rank" >= ${p.add(q.skip, 'INTEGER')} AND g."__rank" < ${p.add(q.skip + q.limit, 'INTEGER')}
      ORDER BY r."__pos"`
    : `SELECT t.*, count(*) OVER () AS "__totalRows" FROM (${base}) t ORDER BY ${order} LIMIT ${p.add(q.limit, 'INTEGER')} OFFSET ${p.add(q.skip, 'INTEGER')}`;
  return pageOf(db, def, q, await db.query(sql, p.values));
}

/**
 * The rows of a page of a table whose rows are built late (TableDef.narrow): the page's keys from
 * the narrow rows (those of `since` onwards in the `recent` field, if given), the count from the
 * narrow rows or the table's cheaper count, then only the page's rows built. A window's rows that
 * do not fill the page are thrown away unread by pageOf (no count of their own is made).
 */
function lateRows(db: Queryable, def: TableDef, q: DataQuery, since?: string): Promise<Row[]> {
  const narrow = def.narrow!;
  const p = new SqlParams();
  const window = since ? ` WHERE ${narrow.columns[narrow.recent!]} >= ${p.add(since, 'TIMESTAMP')}` : '';
  const keys = narrow.select(p, q);
  const pageIds = `(SELECT "id" FROM page)`;
  const rows = narrow.byIds ? narrow.byIds(p, pageIds) : def.base(p, q);
  const count = narrow.count?.(p, q);
  const total = count ? `(SELECT cnt.n FROM (${count}) cnt)` : '(SELECT count(*) FROM k)';
  // Not materialized: read twice (the page and the count), the narrow rows would otherwise be
  // built in full first, where each use alone is answered from the table (a top-N, a count).
  const sql = `WITH k AS NOT MATERIALIZED (${keys}),
      page AS (SELECT k."id" FROM k${window} ORDER BY ${orderBy(def, q.sort, narrow.columns, 'k."id"')}
               LIMIT ${p.add(q.limit, 'INTEGER')} OFFSET ${p.add(q.skip, 'INTEGER')})
      SELECT t.*, ${total} AS "__totalRows" FROM (${rows}) t
      WHERE t."id" IN ${pageIds} ORDER BY ${orderBy(def, q.sort)}`;
  return db.query(sql, p.values);
}

/** The shown page from the rows of a page query (each with the count as "__totalRows"). */
async function pageOf(db: Queryable, def: TableDef, q: DataQuery, rows: Row[]): Promise<TablePage> {
  let total = rows.length ? Number(rows[0].__totalRows) : 0;
  if (!rows.length && q.skip > 0) {
    const c = new SqlParams();
    const counted = def.pageBy ? `count(DISTINCT ${def.pageBy})` : 'count(*)';
    const [r] = await db.query<{ n: number }>(`SELECT ${counted} AS n FROM (${def.base(c, q)}) t`, c.values);
    total = Number(r.n);
  }
  return {
    headers: [...def.headers],
    values: rows.map((r) => ({ ...def.present(r), maxIndex: total - 1 })),
    totalRows: total,
  };
}

/** Runs the totals of a table: sums over every row, not the page. */
export async function runTotals(db: Queryable, def: TableDef, q: DataQuery): Promise<Row> {
  if (!def.totals) throw new Error('This table has no totals');
  const p = new SqlParams();
  const [row] = await db.query(`SELECT ${def.totals.select} FROM (${def.base(p, q)}) t`, p.values);
  return def.totals.present(row ?? {});
}

/** `sum(t."col") AS "col"` for each column, for totals select lists. */
export function sums(...cols: string[]): string {
  return cols.map((c) => `COALESCE(sum(t."${c}"), 0) AS "${c}"`).join(', ');
}
