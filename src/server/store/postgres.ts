import pg from 'pg';
import { isConnectionFailure, refuseUnstorableText, storeError } from './errors';
import type { BulkColumn, Param, Queryable, Row, Store, TransactionOptions } from './Store';
import { isoFromSqlTimestamp } from './values';

// Both drivers answer plain JSON: counts and sums as numbers, timestamps as ISO text, dates as 'YYYY-MM-DD'.
const INT8 = 20;
const NUMERIC = 1700;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;
const DATE = 1082;
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));
pg.types.setTypeParser(TIMESTAMP, (v) => isoFromSqlTimestamp(v));
pg.types.setTypeParser(TIMESTAMPTZ, (v) => new Date(v).toISOString());
pg.types.setTypeParser(DATE, (v) => v);

const PG_TYPES: Record<BulkColumn['type'], string> = {
  integer: 'integer',
  bigint: 'bigint',
  double: 'double precision',
  varchar: 'text',
  boolean: 'boolean',
  timestamp: 'timestamp',
  date: 'date',
};

/** The channel migration 016's triggers announce a change of the data's version on. */
const DATA_CHANGES_CHANNEL = 'hawkeye_data_change';
/** How long a lost listening connection waits before it connects again. */
const LISTEN_RETRY_MS = 1_000;
/**
 * How often the listening connection proves it still hears: a notification of its own, sent through
 * the pool, must arrive before the next one is sent. A connection that went quiet without an error
 * (a dropped idle connection, a pooler that does not keep sessions) is dropped at the next probe, so
 * a version is kept at most about twice this long after a change that went unheard.
 */
const PROBE_MS = 5_000;
/** Payloads of the probes start so; the triggers send an empty one. */
const PROBE_PREFIX = 'probe:';

/** Rows per INSERT ... SELECT FROM unnest(...): large enough to be fast, small enough for memory. */
const BULK_BATCH = 20_000;

class PgQueryable implements Queryable {
  constructor(private readonly client: pg.Pool | pg.PoolClient) {}

  async query<T extends Row = Row>(sql: string, params: readonly Param[] = []): Promise<T[]> {
    refuseUnstorableText(params);
    try {
      const res = await this.client.query(sql, params as unknown[]);
      return res.rows as T[];
    } catch (err) {
      throw storeError(err);
    }
  }

  async exec(sql: string): Promise<void> {
    await this.client.query(sql).catch((err) => {
      throw storeError(err);
    });
  }

  async bulkInsert(table: string, columns: readonly BulkColumn[], rows: readonly (readonly unknown[])[]) {
    const names = columns.map((c) => c.name).join(', ');
    const unnest = columns.map((c, i) => `$${i + 1}::${PG_TYPES[c.type]}[]`).join(', ');
    const sql = `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${unnest})`;
    for (let start = 0; start < rows.length; start += BULK_BATCH) {
      const batch = rows.slice(start, start + BULK_BATCH);
      const cols = columns.map((c, i) =>
        batch.map((r) => {
          const v = r[i];
          if (v === undefined) return null;
          if (c.type === 'timestamp' && typeof v === 'number')
            return new Date(v).toISOString().replace('Z', '');
          return v;
        }),
      );
      await this.client.query(sql, cols).catch((err) => {
        throw storeError(err);
      });
    }
  }
}

/** The PostgreSQL driver, used when DATABASE_URL is set. */
export class PostgresStore extends PgQueryable implements Store {
  readonly kind = 'postgres' as const;

  private changes = 0;
  /** The connection that listens for DATA_CHANGES_CHANNEL, once it has heard its first probe. */
  private listener: pg.Client | undefined;
  /** The connection being set up, or listening: ended on close. */
  private connecting: pg.Client | undefined;
  private watching = false;
  private listenUrl = '';
  private retry: NodeJS.Timeout | undefined;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
  ) {
    super(pool);
  }

  get dataChanges(): number | undefined {
    return this.listener ? this.changes : undefined;
  }

  /**
   * Listens on one more connection for the notifications of migration 016's triggers (a change of
   * data_status or rollup_status by any process, announced when it commits), so the data's version
   * is read again only after one. The connection counts once it has heard a probe of its own, and
   * keeps hearing one every PROBE_MS; until then, and whenever it is lost, `dataChanges` is undefined
   * (the version is read every time) and it connects again after LISTEN_RETRY_MS.
   */
  watchDataChanges(listenUrl = this.connectionString): void {
    if (this.watching) return;
    this.watching = true;
    this.listenUrl = listenUrl;
    void this.listen();
  }

  private async listen(): Promise<void> {
    const token = `${PROBE_PREFIX}${process.pid}:${Math.random().toString(36).slice(2)}`;
    let client: pg.Client | undefined;
    let probe: NodeJS.Timeout | undefined;
    let lost = false;
    let heard = 0;
    let sent = 0;
    let firstHeard: () => void = () => undefined;
    const onLost = () => {
      if (lost) return;
      lost = true;
      clearInterval(probe);
      firstHeard();
      if (this.listener === client) this.listener = undefined;
      if (this.connecting === client) this.connecting = undefined;
      client?.end().catch(() => undefined);
      if (this.watching && !this.retry) {
        this.retry = setTimeout(() => {
          this.retry = undefined;
          void this.listen();
        }, LISTEN_RETRY_MS);
        this.retry.unref();
      }
    };
    const sendProbe = () => {
      sent++;
      this.pool.query('SELECT pg_notify($1, $2)', [DATA_CHANGES_CHANNEL, token]).catch(() => undefined);
    };
    try {
      client = new pg.Client({
        connectionString: this.listenUrl,
        keepAlive: true,
        connectionTimeoutMillis: 10_000,
      });
      this.connecting = client;
      client.on('error', onLost);
      client.on('end', onLost);
      client.on('notification', (msg) => {
        if (!msg.payload?.startsWith(PROBE_PREFIX)) this.changes++;
        else if (msg.payload === token) {
          heard = sent;
          firstHeard();
        }
      });
      await client.connect();
      await client.query(`LISTEN ${DATA_CHANGES_CHANNEL}`);
      // Counted only once a probe sent through the pool has come back on this connection.
      const answered = new Promise<void>((resolve) => {
        firstHeard = resolve;
      });
      sendProbe();
      const timer = setTimeout(onLost, PROBE_MS);
      await answered;
      clearTimeout(timer);
    } catch {
      onLost();
      return;
    }
    if (lost || !this.watching) {
      onLost();
      return;
    }
    // Whatever changed while nobody listened is read again.
    this.changes++;
    this.listener = client;
    probe = setInterval(() => {
      if (heard < sent) onLost();
      else sendProbe();
    }, PROBE_MS);
    probe.unref();
  }

  /**
   * Connects a pool and checks the server answers, retrying for `waitMs` (a database still starting
   * when the API starts). While the server is away later, queries fail fast with
   * StoreUnavailableError, and the pool reconnects on the next query once it is back.
   */
  static async open(connectionString: string, opts: { poolSize?: number; waitMs?: number } = {}) {
    const store = PostgresStore.connect(connectionString, opts);
    const deadline = Date.now() + (opts.waitMs ?? 0);
    for (;;) {
      try {
        await store.pool.query('SELECT 1');
        return store;
      } catch (err) {
        if (Date.now() >= deadline) {
          await store.pool.end().catch(() => undefined);
          throw storeError(err);
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }

  /**
   * A pool that connects on its first query, without checking the server answers now: a replica
   * that is down when the API starts is simply out of the read pool until it answers.
   */
  static connect(
    connectionString: string,
    opts: { poolSize?: number; connectTimeoutMs?: number; queryTimeoutMs?: number } = {},
  ): PostgresStore {
    const pool = new pg.Pool({
      connectionString,
      max: opts.poolSize ?? 8,
      // A server that does not answer must not hold requests for ever: after 10 s waiting for a
      // connection (a busy pool's queue included) the request fails with 503. A refused connection
      // (the server is down) fails at once.
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000,
      // Unset: a query may take as long as it takes (the primary's case).
      query_timeout: opts.queryTimeoutMs,
      keepAlive: true,
    });
    // Idle clients fail when the server goes away; the pool drops them and the next query reports
    // it, so an 'error' event must never reach the process as an uncaught exception.
    pool.on('error', () => undefined);
    // A new connection is handed to `pool.connect()`'s caller (a transaction) with no 'error'
    // listener until the caller's code runs, a microtask later. A server shutting down can send its
    // FATAL in the same packet as the connection's first ReadyForQuery, and the driver reads both in
    // one go: the FATAL met a client nobody listened to and ended the process (seen once in the API
    // tests' PostgreSQL outage, beside another checkout). Every client the pool opens keeps a
    // listener for its whole life; the query or transaction that uses it still gets the error.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return new PostgresStore(pool, connectionString);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>, opts: TransactionOptions = {}): Promise<T> {
    const client = await this.pool.connect().catch((err) => {
      throw storeError(err);
    });
    // A checked-out client is not watched by the pool: without a listener, a server that goes away
    // mid-transaction raises an 'error' event that would end the process.
    let broken: unknown;
    const onError = (err: unknown) => {
      broken = err;
    };
    client.on('error', onError);
    try {
      // A locked transaction looks again once it holds the lock (migrate.ts, rollups.ts): each of its
      // statements must see what was committed meanwhile, whatever the server's default isolation.
      await client.query(opts.lock !== undefined ? 'BEGIN ISOLATION LEVEL READ COMMITTED' : 'BEGIN');
      if (opts.lock !== undefined)
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [opts.lock]);
      const out = await fn(new PgQueryable(client));
      await client.query('COMMIT');
      // This process's own change is seen at once, before its notification arrives.
      this.changes++;
      return out;
    } catch (err) {
      if (isConnectionFailure(err)) broken ??= err;
      if (!broken) await client.query('ROLLBACK').catch((e) => (broken = e));
      throw storeError(err);
    } finally {
      client.off('error', onError);
      // A client whose connection failed is destroyed rather than handed to the next request.
      client.release(broken ? (broken instanceof Error ? broken : new Error(String(broken))) : undefined);
    }
  }

  async close(): Promise<void> {
    this.watching = false;
    clearTimeout(this.retry);
    const client = this.connecting;
    this.listener = undefined;
    this.connecting = undefined;
    // Its 'end' stops its probes.
    await client?.end().catch(() => undefined);
    await this.pool.end();
  }
}
