/** A row as both drivers return it: plain JSON values only (numbers, strings, booleans, null). */
export type Row = Record<string, string | number | boolean | null>;

/** A value a query may bind: arrays become SQL lists (cast them, e.g. `$1::INTEGER[]`). */
export type Param = string | number | boolean | null | readonly (string | number)[];

/** Column types a bulk load understands; each driver maps them to its own. */
export type ColumnType = 'integer' | 'bigint' | 'double' | 'varchar' | 'boolean' | 'timestamp' | 'date';

/** A column of a bulk load: its name and type. */
export interface BulkColumn {
  name: string;
  type: ColumnType;
}

/** What a query can run against: the store itself, or a transaction of it. */
export interface Queryable {
  /** Runs one statement with `$1`-style parameters and returns its rows as plain JSON. */
  query<T extends Row = Row>(sql: string, params?: readonly Param[]): Promise<T[]>;
  /** Runs one or more statements separated by semicolons, with no parameters. */
  exec(sql: string): Promise<void>;
  /**
   * Appends rows to a table as fast as the driver can (DuckDB's appender, PostgreSQL's unnest).
   * Values follow the column order; timestamps are ISO strings ('YYYY-MM-DDTHH:mm:ss'), dates 'YYYY-MM-DD'.
   */
  bulkInsert(
    table: string,
    columns: readonly BulkColumn[],
    rows: readonly (readonly unknown[])[],
  ): Promise<void>;
}

/** Options of a transaction. */
export interface TransactionOptions {
  /** A name: transactions holding the same name never overlap (e.g. one session's refresh and logout). */
  lock?: string;
}

/** The one database interface the server, the scripts and the tests use. */
export interface Store extends Queryable {
  readonly kind: 'duckdb' | 'postgres';
  /**
   * A count that moves whenever the data may have changed: whatever was read stays current while it
   * has not moved. DuckDB (this process is its file's only writer, the file is locked): every write
   * made through the store. PostgreSQL, once `watchDataChanges()` has been called: every transaction
   * through the store, and every change of the data's version by any process (migration 016's
   * triggers announce it). Undefined when a change could go unseen (PostgreSQL not watching, or its
   * listening connection lost until it is back): read again every time.
   */
  readonly dataChanges?: number;
  /**
   * Starts watching for changes made by other processes (PostgreSQL; the server calls it), on a
   * connection to `listenUrl` (the store's own database by default).
   */
  watchDataChanges?(listenUrl?: string): void;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. With
   * `lock`, transactions naming the same lock run one after another, across every process on the
   * database (PostgreSQL advisory locks; DuckDB runs all its transactions one at a time anyway).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, opts?: TransactionOptions): Promise<T>;
  /** Closes every connection; the store is unusable afterwards. */
  close(): Promise<void>;
}
