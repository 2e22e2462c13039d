import pg from 'pg';
import type { BulkColumn, Param, Queryable, Row, Store } from './Store';
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

/** Rows per INSERT ... SELECT FROM unnest(...): large enough to be fast, small enough for memory. */
const BULK_BATCH = 20_000;

class PgQueryable implements Queryable {
  constructor(private readonly client: pg.Pool | pg.PoolClient) {}

  async query<T extends Row = Row>(sql: string, params: readonly Param[] = []): Promise<T[]> {
    const res = await this.client.query(sql, params as unknown[]);
    return res.rows as T[];
  }

  async exec(sql: string): Promise<void> {
    await this.client.query(sql);
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
      await this.client.query(sql, cols);
    }
  }
}

/** The PostgreSQL driver, used when DATABASE_URL is set. */
export class PostgresStore extends PgQueryable implements Store {
  readonly kind = 'postgres' as const;

  private constructor(private readonly pool: pg.Pool) {
    super(pool);
  }

  static async open(connectionString: string, poolSize = 8): Promise<PostgresStore> {
    const pool = new pg.Pool({ connectionString, max: poolSize });
    // Idle clients can fail when the server goes away; the next query reports it, so do not crash here.
    pool.on('error', () => undefined);
    await pool.query('SELECT 1');
    return new PostgresStore(pool);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      try {
        const out = await fn(new PgQueryable(client));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
