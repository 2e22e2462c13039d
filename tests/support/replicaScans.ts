import { PostgresStore } from '../../src/server/store/postgres';

/**
 * Scans of a PostgreSQL server's tables other than the data version's (what the analytics queries
 * read): a count that moves when queries run there.
 */
export async function replicaScans(url: string): Promise<number> {
  const q = await PostgresStore.open(url);
  try {
    const [row] = await q.query<{ n: number }>(
      `SELECT COALESCE(sum(COALESCE(seq_scan, 0) + COALESCE(idx_scan, 0)), 0)::int AS n
       FROM pg_stat_user_tables WHERE relname NOT IN ('data_status', 'rollup_status')`,
    );
    return row.n;
  } finally {
    await q.close();
  }
}
