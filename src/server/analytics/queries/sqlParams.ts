import type { Param } from '../../store';

/**
 * Collects bound values while a query's text is assembled: every user value becomes a `$n`
 * placeholder, so SQL text is only ever built from constant fragments.
 */
export class SqlParams {
  readonly values: Param[] = [];

  /** Binds one value with a cast both drivers accept, e.g. `$3::TIMESTAMP`. */
  add(value: Param, cast: 'INTEGER' | 'TIMESTAMP' | 'VARCHAR'): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }

  /** A sub-select of an integer list, for `x IN (...)`. */
  ints(ids: readonly number[]): string {
    this.values.push(ids);
    return `(SELECT unnest($${this.values.length}::INTEGER[]))`;
  }

  /** A sub-select of a text list, for `x IN (...)`. */
  texts(items: readonly string[]): string {
    this.values.push(items);
    return `(SELECT unnest($${this.values.length}::VARCHAR[]))`;
  }
}
