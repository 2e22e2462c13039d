import type { Param } from './Store';

/** Formats a Date as the ISO text both drivers return for TIMESTAMP columns (UTC clock fields, 'Z'). */
export function isoTimestamp(d: Date): string {
  return d.toISOString();
}

/** Turns a database timestamp text ('2026-01-02 03:04:05[.123]') into ISO form ('2026-01-02T03:04:05.123Z'). */
export function isoFromSqlTimestamp(text: string): string {
  const [date, time = '00:00:00'] = text.split(' ');
  const [hms, frac = ''] = time.split('.');
  return `${date}T${hms}.${(`${frac}000`).slice(0, 3)}Z`;
}

/**
 * Splits a script into statements on semicolons that end a line. A statement with semicolons inside
 * it (a PL/pgSQL function's body, migration 016) is written on one line.
 */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((s) =>
      s
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((s) => s.length > 0);
}

/** Timestamps as the queries bind them: '2026-10-21 00:00:00.000' (at most microseconds). */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/;
/** Text that can stand between single quotes as it is: letters, digits and a few marks, no quote. */
const PLAIN_TEXT = /^[A-Za-z0-9_ .:-]{0,100}$/;
/** A bound list as SqlParams writes it, or a placeholder with its cast. */
const PLACEHOLDER =
  /\(SELECT unnest\(\$(\d+)::(INTEGER|VARCHAR)\[\]\)\)|\$(\d+)::(INTEGER|TIMESTAMP|VARCHAR)\b/g;

/** A quoted string or identifier of a statement ('' and "" escape a quote inside). */
const QUOTED = /'(?:[^']|'')*'|"(?:[^"]|"")*"/g;

/** An integer an INTEGER holds (32 bits), so a literal fails where the bound value would too. */
function isInt32(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31;
}

/** The literal of a value of `type` when its form leaves room for nothing else, else undefined. */
function literalOf(value: Param | undefined, type: string): string | undefined {
  if (type === 'INTEGER' && isInt32(value)) return `CAST(${value} AS INTEGER)`;
  if (type === 'TIMESTAMP' && typeof value === 'string' && TIMESTAMP_TEXT.test(value))
    return `TIMESTAMP '${value}'`;
  if (type === 'VARCHAR' && typeof value === 'string' && PLAIN_TEXT.test(value))
    return `CAST('${value}' AS VARCHAR)`;
  return undefined;
}

/** The literal list of `value` (`(1, 2, 3)`) when it is a non-empty list of such values, else undefined. */
function listOf(value: Param | undefined, type: string): string | undefined {
  if (!Array.isArray(value) || !value.length) return undefined;
  const items: string[] = [];
  for (const v of value) {
    if (type === 'INTEGER' && isInt32(v)) items.push(String(v));
    else if (type === 'VARCHAR' && typeof v === 'string' && PLAIN_TEXT.test(v)) items.push(`'${v}'`);
    else return undefined;
  }
  return `(${items.join(', ')})`;
}

/**
 * A statement with its values written in, for DuckDB, when every placeholder has a cast
 * (`$3::TIMESTAMP`, or a list as `(SELECT unnest($1::INTEGER[]))`) and every value a form that leaves
 * room for nothing but itself: a 32-bit integer, a timestamp of the one form above, a short text of
 * letters, digits, spaces and `_.:-` (no quote, no backslash), or a non-empty list of those. Anything
 * else, and the statement stays as it is, every value bound; so does a statement with a `$n`
 * inside a quoted string, which is text and no placeholder.
 *
 * Why: DuckDB plans a statement with placeholders twice (when it is prepared, and again when its
 * values are bound), and joins a bound list where it filters by a list of literals. Straight on the
 * demo store (one thread, a caller tile's query over the daily call rollup, 60 sites): 5.2 ms of
 * CPU bound, 3.0 written in. PostgreSQL plans an unnamed statement once, with its values, and there
 * a list of 600 literals made some plans slower (docs/benchmarks.md), so its statements stay bound.
 */
export function withValuesWrittenIn(
  sql: string,
  params: readonly Param[],
): { sql: string; params: readonly Param[] } {
  if (!params.length) return { sql, params };
  if (sql.match(QUOTED)?.some((quoted) => /\$\d/.test(quoted))) return { sql, params };
  let complete = true;
  const used = new Set<number>();
  const written = sql.replace(PLACEHOLDER, (match, listN, listType, n, type) => {
    const index = Number(listN ?? n) - 1;
    used.add(index);
    const literal = listN ? listOf(params[index], listType) : literalOf(params[index], type);
    if (literal === undefined) complete = false;
    return literal ?? match;
  });
  // Every value used and no placeholder left: anything else fails when bound, and should.
  if (!complete || used.size !== params.length || /\$\d/.test(written)) return { sql, params };
  return { sql: written, params: [] };
}
