import {
  type DuckDBConnection,
  DuckDBInstance,
  type DuckDBMaterializedResult,
  type DuckDBType,
  DuckDBTypeId,
  type DuckDBValue,
  dateValue,
  INTEGER,
  JSDuckDBValueConverter,
  LIST,
  listValue,
  timestampValue,
  VARCHAR,
} from '@duckdb/node-api';
import { refuseUnstorableText, StoreUnavailableError } from './errors';
import { queryRank, RankedQueue } from './priority';
import type { BulkColumn, Param, Queryable, Row, Store, TransactionOptions } from './Store';
import { splitStatements, withValuesWrittenIn } from './values';

function toDuckValue(p: Param): DuckDBValue {
  if (Array.isArray(p)) return listValue(p as (string | number)[]);
  return p as DuckDBValue;
}

function toParams(params: readonly Param[]) {
  const values = params.map(toDuckValue);
  // An empty JS array has no element to infer a type from: give DuckDB a typed empty list.
  const types = params.map((p) => {
    if (Array.isArray(p) && p.length === 0) return LIST(INTEGER);
    if (Array.isArray(p) && typeof p[0] === 'string') return LIST(VARCHAR);
    return undefined;
  });
  return { values, types: types.some((t) => t) ? (types as DuckDBType[]) : undefined };
}

/**
 * The rows of a result, read chunk by chunk as they lie in memory: a statement's result is
 * materialized when it returns, and reading its chunks one awaited call at a time (the node API's
 * readers) cost a round trip through the thread pool per chunk, about 0.2 ms a query.
 */
function plainRows(result: DuckDBMaterializedResult): Row[] {
  const names = result.columnNames();
  const typeIds = result.columnTypes().map((t) => t.typeId);
  const rows: Row[] = [];
  const chunks = result.chunkCount;
  for (let c = 0; c < chunks; c++) {
    const chunk = result.getChunk(c);
    for (let r = 0; r < chunk.rowCount; r++) {
      const values = chunk.convertRowValues(r, JSDuckDBValueConverter);
      const row: Row = {};
      for (let i = 0; i < names.length; i++) {
        const v = values[i];
        let out: Row[string];
        if (v === null || v === undefined) out = null;
        else if (typeof v === 'bigint') out = Number(v);
        else if (v instanceof Date) {
          out = typeIds[i] === DuckDBTypeId.DATE ? v.toISOString().slice(0, 10) : v.toISOString();
        } else if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') out = v;
        else out = JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? Number(x) : x));
        row[names[i]] = out;
      }
      rows.push(row);
    }
  }
  return rows;
}

const EPOCH_MS_TO_MICROS = 1000n;

function appendValue(
  appender: Awaited<ReturnType<DuckDBConnection['createAppender']>>,
  type: BulkColumn['type'],
  v: unknown,
): void {
  if (v === null || v === undefined) {
    appender.appendNull();
    return;
  }
  switch (type) {
    case 'integer':
      appender.appendInteger(v as number);
      return;
    case 'bigint':
      appender.appendBigInt(BigInt(v as number));
      return;
    case 'double':
      appender.appendDouble(v as number);
      return;
    case 'boolean':
      appender.appendBoolean(v as boolean);
      return;
    case 'varchar':
      appender.appendVarchar(String(v));
      return;
    case 'timestamp': {
      const ms = typeof v === 'number' ? v : Date.parse(`${String(v).replace(/Z$/, '')}Z`);
      appender.appendTimestamp(timestampValue(BigInt(ms) * EPOCH_MS_TO_MICROS));
      return;
    }
    case 'date': {
      const ms = Date.parse(`${String(v).slice(0, 10)}T00:00:00Z`);
      appender.appendDate(dateValue(Math.round(ms / 86_400_000)));
      return;
    }
  }
}

/** Statements that only read (anything else counts as a write in DuckDBStore.dataChanges). */
const READ_ONLY = /^\s*(SELECT|WITH)\b/i;

class DuckQueryable implements Queryable {
  constructor(protected readonly conn: DuckDBConnection) {}

  async query<T extends Row = Row>(sql: string, params: readonly Param[] = []): Promise<T[]> {
    // Each query is prepared afresh: DuckDB 1.5's kept prepared statements could answer from rows
    // as they were before later writes (duckdb/duckdb#23704), which a cache of them made visible.
    // A statement without values runs as it is, planned once (a prepared one is planned again when
    // its values are bound): values of a safe form are written in (withValuesWrittenIn).
    refuseUnstorableText(params);
    const written = withValuesWrittenIn(sql, params);
    if (!written.params.length) return plainRows(await this.conn.run(written.sql)) as T[];
    const { values, types } = toParams(written.params);
    return plainRows(await this.conn.run(written.sql, values, types)) as T[];
  }

  async exec(sql: string): Promise<void> {
    for (const stmt of splitStatements(sql)) await this.conn.run(stmt);
  }

  async bulkInsert(table: string, columns: readonly BulkColumn[], rows: readonly (readonly unknown[])[]) {
    // The appender writes every column of the table in order: load through a staging table of
    // exactly these columns, then copy by name, so tables may have more columns than the load.
    const staging = `bulk_${table}_${Math.random().toString(36).slice(2, 8)}`;
    const ddl = columns.map((c) => `${c.name} ${duckType(c.type)}`).join(', ');
    await this.conn.run(`CREATE TEMP TABLE ${staging} (${ddl})`);
    try {
      const appender = await this.conn.createAppender(staging, 'main', 'temp');
      for (const r of rows) {
        for (let i = 0; i < columns.length; i++) appendValue(appender, columns[i].type, r[i]);
        appender.endRow();
      }
      appender.closeSync();
      const names = columns.map((c) => c.name).join(', ');
      await this.conn.run(`INSERT INTO ${table} (${names}) SELECT ${names} FROM ${staging}`);
    } finally {
      await this.conn.run(`DROP TABLE IF EXISTS ${staging}`);
    }
  }
}

/**
 * DuckDB's fatal errors (a checkpoint that could not write its file, the disk being full): the
 * database instance has stopped itself, and every statement fails until the file is opened again.
 */
const FATAL = /^FATAL Error|database has been invalidated/;

/** Whether an error is DuckDB's optimistic concurrency control refusing a conflicting write. */
export function isWriteConflict(err: unknown): boolean {
  return err instanceof Error && /conflict/i.test(err.message);
}

/** Runs `fn`, again (up to 5 times, a few milliseconds apart) while it fails on a write conflict. */
async function retryingConflicts<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!isWriteConflict(err) || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, attempt * 5));
    }
  }
}

function duckType(t: BulkColumn['type']): string {
  return {
    integer: 'INTEGER',
    bigint: 'BIGINT',
    double: 'DOUBLE',
    varchar: 'VARCHAR',
    boolean: 'BOOLEAN',
    timestamp: 'TIMESTAMP',
    date: 'DATE',
  }[t];
}

/**
 * The embedded driver: one DuckDB file, a small pool of connections so that API requests run
 * side by side, and a dedicated connection for each transaction.
 */
export class DuckDBStore extends DuckQueryable implements Store {
  readonly kind = 'duckdb' as const;
  /** Moves after every statement or transaction that may have written (Store.dataChanges). */
  dataChanges = 0;
  private readonly idle: DuckDBConnection[] = [];
  /** Queries waiting for a connection, oldest task first (priority.ts). */
  private readonly waiting = new RankedQueue<DuckDBConnection>();
  /** The tail of the queue of transactions: each starts when the one before it has ended. */
  private transactions: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** The fatal error that stopped the database, once there has been one. */
  private fatal?: unknown;
  /**
   * Told once when DuckDB stops the database on a fatal error: only a new process (which replays the
   * write-ahead log) serves it again. Meanwhile every statement fails with StoreUnavailableError.
   */
  onFatal?: (err: unknown) => void;

  private constructor(
    private readonly instance: DuckDBInstance,
    main: DuckDBConnection,
    pool: DuckDBConnection[],
  ) {
    super(main);
    this.idle.push(...pool);
  }

  /** Opens (or creates) the database file; ':memory:' gives a throwaway in-memory database. */
  static async open(
    path: string,
    opts: { poolSize?: number; threads?: number; memoryLimit?: string } = {},
  ): Promise<DuckDBStore> {
    // Each query under way holds one of Node's pool threads: scripts/lib/threadPool.cjs adds this many.
    const poolSize = opts.poolSize ?? 4;
    const settings: Record<string, string> = {};
    if (opts.threads) settings.threads = String(opts.threads);
    if (opts.memoryLimit) settings.memory_limit = opts.memoryLimit;
    const instance = await DuckDBInstance.create(path, settings);
    const main = await instance.connect();
    const pool: DuckDBConnection[] = [];
    for (let i = 0; i < poolSize; i++) pool.push(await instance.connect());
    return new DuckDBStore(instance, main, pool);
  }

  private async acquire(): Promise<DuckDBConnection> {
    if (this.closed) throw new Error('The store is closed');
    const c = this.idle.pop();
    if (c) return c;
    return new Promise((resolve) => this.waiting.push(queryRank(), resolve));
  }

  private release(c: DuckDBConnection): void {
    const next = this.waiting.shift();
    if (next) next(c);
    else this.idle.push(c);
  }

  /** `err` as the store throws it: a fatal error, or any error once there was one, is unavailability. */
  private failure(err: unknown): unknown {
    if (this.fatal === undefined && err instanceof Error && FATAL.test(err.message)) {
      this.fatal = err;
      this.onFatal?.(err);
    }
    return this.fatal === undefined || err instanceof StoreUnavailableError
      ? err
      : new StoreUnavailableError(err);
  }

  /** Runs `fn`, its error passed through `failure`. */
  private async guarded<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw this.failure(err);
    }
  }

  override async query<T extends Row = Row>(sql: string, params: readonly Param[] = []): Promise<T[]> {
    return retryingConflicts(async () => {
      const c = await this.acquire();
      try {
        return await this.guarded(() => new DuckQueryable(c).query<T>(sql, params));
      } finally {
        if (!READ_ONLY.test(sql)) this.dataChanges++;
        this.release(c);
      }
    });
  }

  override async exec(sql: string): Promise<void> {
    try {
      await this.guarded(() => super.exec(sql));
    } finally {
      this.dataChanges++;
    }
  }

  override async bulkInsert(
    table: string,
    columns: readonly BulkColumn[],
    rows: readonly (readonly unknown[])[],
  ): Promise<void> {
    try {
      await this.guarded(() => super.bulkInsert(table, columns, rows));
    } finally {
      this.dataChanges++;
    }
  }

  /**
   * DuckDB is one process's database, and two transactions writing the same rows conflict (the
   * second fails at once). So transactions run one at a time, in order of arrival: a refresh racing
   * a logout, or two spends of one code, see each other's writes instead of failing. `opts.lock`
   * needs nothing more here. A conflict with a single-statement write is retried.
   */
  async transaction<T>(fn: (tx: Queryable) => Promise<T>, _opts: TransactionOptions = {}): Promise<T> {
    const run = () => retryingConflicts(() => this.guarded(() => this.runTransaction(fn)));
    const result = this.transactions.then(run, run);
    this.transactions = result.catch(() => undefined);
    return result;
  }

  private async runTransaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const c = await this.acquire();
    try {
      await c.run('BEGIN TRANSACTION');
      try {
        const out = await fn(new DuckQueryable(c));
        await c.run('COMMIT');
        return out;
      } catch (err) {
        await c.run('ROLLBACK').catch(() => undefined);
        throw err;
      }
    } finally {
      this.dataChanges++;
      this.release(c);
    }
  }

  /**
   * Reads every column of every table once, so that a damaged block (DuckDB checks each block's
   * checksum as it reads it) stops start-up with a clear error instead of failing requests later.
   */
  async verify(): Promise<void> {
    const tables = await this.query<{ name: string }>(
      "SELECT table_name AS name FROM duckdb_tables() WHERE NOT temporary AND schema_name = 'main' ORDER BY 1",
    );
    for (const t of tables) {
      await this.query(
        `SELECT count(*) AS n, bit_xor(hash(COLUMNS(*))) FROM "${t.name.replace(/"/g, '""')}"`,
      );
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // A checkpoint folds the write-ahead log into the file, so the next start opens fast.
    await this.conn.run('CHECKPOINT').catch(() => undefined);
    for (const c of this.idle) c.closeSync();
    this.conn.closeSync();
    this.instance.closeSync();
  }
}
