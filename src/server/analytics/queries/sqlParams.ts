import type { Param } from '../../store';

/** Timestamps as the queries bind them: '2026-10-21 00:00:00.000' (at most microseconds). */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/;
/** Text that can stand between single quotes as it is: letters, digits and a few marks, no quote. */
const PLAIN_TEXT = /^[A-Za-z0-9_ .:-]{0,100}$/;

/**
 * Collects the values of a query while its text is assembled. A value whose form leaves no room for
 * anything but itself (a safe integer, a timestamp of the one form above, a short text of letters,
 * digits, spaces and `_.:-`) is written into the text as a literal; anything else becomes a `$n`
 * placeholder bound with the query. So SQL text is built only from constant fragments and from
 * literals that cannot end early, and user input reaches it only through these checks.
 *
 * Why literals: DuckDB plans a statement with placeholders twice (when it is prepared and again
 * when its values are bound), and a list bound as one value is joined against (`IN (SELECT
 * unnest($1))`), where a list of literals is a filter. Measured straight on the demo store (one
 * thread, a tile's query over the daily call rollup, 60 sites): 5.2 ms of CPU bound, 3.0 written in.
 */
export class SqlParams {
  readonly values: Param[] = [];

  /** One value with a cast both drivers accept: a literal, or e.g. `$3::TIMESTAMP`. */
  add(value: Param, cast: 'INTEGER' | 'TIMESTAMP' | 'VARCHAR'): string {
    const literal = literalOf(value, cast);
    if (literal !== undefined) return literal;
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }

  /** An integer list for `x IN ...`: literals in parentheses, or a sub-select of a bound list. */
  ints(ids: readonly number[]): string {
    if (ids.length && ids.every(Number.isSafeInteger)) return `(${ids.join(', ')})`;
    this.values.push(ids);
    return `(SELECT unnest($${this.values.length}::INTEGER[]))`;
  }

  /** A text list for `x IN ...`: literals in parentheses, or a sub-select of a bound list. */
  texts(items: readonly string[]): string {
    if (items.length && items.every((t) => PLAIN_TEXT.test(t)))
      return `(${items.map((t) => `'${t}'`).join(', ')})`;
    this.values.push(items);
    return `(SELECT unnest($${this.values.length}::VARCHAR[]))`;
  }
}

/** The literal of a value when its form allows one (see SqlParams), else undefined. */
function literalOf(value: Param, cast: 'INTEGER' | 'TIMESTAMP' | 'VARCHAR'): string | undefined {
  if (cast === 'INTEGER' && typeof value === 'number' && Number.isSafeInteger(value))
    return `CAST(${value} AS INTEGER)`;
  if (cast === 'TIMESTAMP' && typeof value === 'string' && TIMESTAMP_TEXT.test(value))
    return `TIMESTAMP '${value}'`;
  if (cast === 'VARCHAR' && typeof value === 'string' && PLAIN_TEXT.test(value)) return `'${value}'`;
  return undefined;
}
