import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTempPostgres, type TempPostgres } from '../../scripts/lib/tempPostgres';
import { loadConfig } from '../../src/server/config';
import type { Queryable, ReplicaState } from '../../src/server/store';
import { ReplicatedStore } from '../../src/server/store/replicated';

// A real primary and a real streaming replica (pg_basebackup -R, hot standby): the read pool's
// routing, lag bound and recovery, with nothing of the store mocked.

/** Polls `check` until it holds, failing with `what` after `ms`. */
async function until(what: string, check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const readMarker = async (q: Queryable) => {
  const [row] = await q.query<{ v: string }>('SELECT v FROM marker');
  return row?.v ?? '';
};
const onStandby = async (q: Queryable) =>
  (await q.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r'))[0].r;

describe('ReplicatedStore on a primary and a streaming replica', () => {
  let primary: TempPostgres;
  let replica: TempPostgres;
  let store: ReplicatedStore;
  const changes: ReplicaState[] = [];

  beforeAll(async () => {
    primary = await startTempPostgres();
    const setup = await ReplicatedStore.open(primary.url, [], { maxLagMs: 1, checkIntervalMs: 1000 });
    await setup.exec("CREATE TABLE marker (v text); INSERT INTO marker VALUES ('a')");
    await setup.close();
    replica = await startTempPostgres({ replicaOf: primary });
    store = await ReplicatedStore.open(primary.url, [replica.url], {
      maxLagMs: 400,
      checkIntervalMs: 50,
      onChange: (r) => changes.push(r),
    });
  });

  afterAll(async () => {
    await store?.close();
    await replica?.stop();
    await primary?.stop();
  });

  it('writes and plain queries go to the primary; a reader at the replayed marker is the replica', async () => {
    await until('the replica is in the pool', () => store.replicas()[0].inPool);
    expect(await onStandby(store)).toBe(false);
    await store.query("UPDATE marker SET v = 'b'");
    // Streaming replication catches up by itself; until it has, the primary answers the read.
    await until('the replica serves marker b', async () => onStandby(await store.reader('b', readMarker)));
    const reader = await store.reader('b', readMarker);
    expect(await reader.query('SELECT v FROM marker')).toEqual([{ v: 'b' }]);
    await expect(reader.exec('DELETE FROM marker')).rejects.toThrow(/reads only/);
  });

  it("watches the primary for other processes' changes of the data, as a store without replicas does", async () => {
    expect(store.dataChanges).toBeUndefined();
    store.watchDataChanges();
    await expect.poll(() => store.dataChanges, { timeout: 30_000 }).toBeTypeOf('number');
  });

  it('answers from the primary while the replica has not replayed the marker, and takes out a replica that falls behind', async () => {
    await until('the replica is in the pool', () => store.replicas()[0].inPool);
    const replicaOnly = await ReplicatedStore.open(replica.url, [], { maxLagMs: 1, checkIntervalMs: 1000 });
    try {
      await replicaOnly.query('SELECT pg_wal_replay_pause()');
      await store.query("UPDATE marker SET v = 'c'");
      const reader = await store.reader('c', readMarker);
      expect(await onStandby(reader)).toBe(false);
      expect(await reader.query('SELECT v FROM marker')).toEqual([{ v: 'c' }]);
      await until('the paused replica is out of the pool', () => !store.replicas()[0].inPool);
      expect(store.replicas()[0].reason).toMatch(/ms behind the primary \(limit 400 ms\)/);
      expect(changes.at(-1)).toMatchObject({ inPool: false, name: `127.0.0.1:${replica.port}` });
      // Out of the pool, every read is the primary's, whatever the marker.
      expect(await onStandby(await store.reader('b', readMarker))).toBe(false);
      await replicaOnly.query('SELECT pg_wal_replay_resume()');
      await until('the resumed replica is back in the pool', () => store.replicas()[0].inPool);
      await until('the replica serves marker c', async () => onStandby(await store.reader('c', readMarker)));
    } finally {
      await replicaOnly.query('SELECT pg_wal_replay_resume()').catch(() => undefined);
      await replicaOnly.close();
    }
  });

  it('runs a read on the primary when the replica goes away mid-way, and uses the replica again once it is back', async () => {
    await until('the replica serves marker c', async () => onStandby(await store.reader('c', readMarker)));
    const reader = await store.reader('c', readMarker);
    await replica.halt();
    // The reader was handed out while the replica was up: its statement fails there and the
    // primary answers it, and the replica leaves the pool at once.
    expect(await reader.query('SELECT v FROM marker')).toEqual([{ v: 'c' }]);
    expect(store.replicas()[0].inPool).toBe(false);
    expect(await onStandby(await store.reader('c', readMarker))).toBe(false);
    await replica.resume();
    await until('the restarted replica is back in the pool', () => store.replicas()[0].inPool);
    await until('the replica serves marker c', async () => onStandby(await store.reader('c', readMarker)));
  });

  it('keeps a server that is not a standby out of the read pool', async () => {
    const wrong = await ReplicatedStore.open(primary.url, [primary.url], {
      maxLagMs: 1000,
      checkIntervalMs: 1000,
    });
    try {
      expect(wrong.replicas()).toEqual([
        {
          name: `127.0.0.1:${primary.port}`,
          inPool: false,
          lagMs: null,
          reason: 'it is not a standby (pg_is_in_recovery() is false)',
        },
      ]);
    } finally {
      await wrong.close();
    }
  });
});

describe('replica configuration', () => {
  it('reads DATABASE_REPLICA_URLS, REPLICA_MAX_LAG_MS and REPLICA_CHECK_INTERVAL_MS', () => {
    const env = { JWT_SECRET: 'x', DATABASE_URL: 'postgres://p/db' };
    expect(loadConfig(env)).toMatchObject({
      databaseReplicaUrls: [],
      replicaMaxLagMs: 5000,
      replicaCheckIntervalMs: 1000,
    });
    expect(
      loadConfig({
        ...env,
        DATABASE_REPLICA_URLS: ' postgres://r1/db, postgres://r2/db ,',
        REPLICA_MAX_LAG_MS: '250',
        REPLICA_CHECK_INTERVAL_MS: '100',
      }),
    ).toMatchObject({
      databaseReplicaUrls: ['postgres://r1/db', 'postgres://r2/db'],
      replicaMaxLagMs: 250,
      replicaCheckIntervalMs: 100,
    });
    expect(() => loadConfig({ JWT_SECRET: 'x', DATABASE_REPLICA_URLS: 'postgres://r1/db' })).toThrow(
      'DATABASE_REPLICA_URLS needs DATABASE_URL: the replicas follow a PostgreSQL primary',
    );
    expect(() => loadConfig({ ...env, REPLICA_CHECK_INTERVAL_MS: '0' })).toThrow(/more than 0/);
  });

  it('listens for data changes on DATABASE_URL, or on DATABASE_LISTEN_URL when set', () => {
    const env = { JWT_SECRET: 'x', DATABASE_URL: 'postgres://pgbouncer/db' };
    expect(loadConfig(env).databaseListenUrl).toBe('postgres://pgbouncer/db');
    expect(loadConfig({ ...env, DATABASE_LISTEN_URL: 'postgres://primary/db' }).databaseListenUrl).toBe(
      'postgres://primary/db',
    );
    expect(loadConfig({ JWT_SECRET: 'x' }).databaseListenUrl).toBeUndefined();
    expect(() => loadConfig({ JWT_SECRET: 'x', DATABASE_LISTEN_URL: 'postgres://primary/db' })).toThrow(
      'DATABASE_LISTEN_URL needs DATABASE_URL: it is another way to the same primary',
    );
  });
});
