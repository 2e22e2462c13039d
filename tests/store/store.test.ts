import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentDataVersion } from '../../src/server/analytics/versionedMemo';
import type { Store } from '../../src/server/store';
import { DuckDBStore } from '../../src/server/store/duckdb';
import { UnstorableTextError } from '../../src/server/store/errors';
import { loadMigrations, migrate, statementsFor } from '../../src/server/store/migrate';
import { PostgresStore } from '../../src/server/store/postgres';
import { runAsTask } from '../../src/server/store/priority';
import { DRIVERS, openTestStore, type TestStore } from './stores';

describe.each(DRIVERS)('store on %s', (driver) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await openTestStore(driver);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('applies every numbered migration once', async () => {
    const rows = await t.store.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((r) => r.version)).toEqual(loadMigrations().map((m) => m.version));
    expect(await migrate(t.store)).toEqual([]);
  });

  it('applies each migration once when two instances start at once on an empty database', async () => {
    // Two instances on one PostgreSQL database; on DuckDB (one process's file) two starts in one.
    let stores: Store[];
    let close = async () => {};
    if (driver === 'postgres') {
      await t.store.exec('CREATE DATABASE two_starts');
      const url = new URL(t.url ?? '');
      url.pathname = '/two_starts';
      stores = [await PostgresStore.open(url.href), await PostgresStore.open(url.href)];
      close = async () => {
        for (const s of stores) await s.close();
      };
    } else {
      const store = await DuckDBStore.open(join(t.dir, 'two-starts.duckdb'));
      stores = [store, store];
      close = () => store.close();
    }
    try {
      const applied = await Promise.all(stores.map((s) => migrate(s)));
      expect(applied.flat().sort()).toEqual(loadMigrations().map((m) => m.name));
      const rows = await stores[0].query<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(rows.map((r) => r.version)).toEqual(loadMigrations().map((m) => m.version));
    } finally {
      await close();
      if (driver === 'postgres') await t.store.exec('DROP DATABASE IF EXISTS two_starts');
    }
  });

  it('returns plain JSON values: numbers for counts and sums, ISO text for times and dates', async () => {
    await t.store.bulkInsert(
      'accounts',
      [
        { name: 'id', type: 'integer' },
        { name: 'name', type: 'varchar' },
        { name: 'is_active', type: 'boolean' },
      ],
      [
        [1, 'Alpha', true],
        [2, 'Beta', false],
      ],
    );
    const [row] = await t.store.query(
      `SELECT count(*) AS n, sum(id) AS total, avg(id) AS mean, CAST(7 AS BIGINT) AS big,
              CAST('2026-03-04 05:06:07' AS TIMESTAMP) AS at, CAST('2026-03-04' AS DATE) AS day,
              bool_or(is_active) AS any_active
       FROM accounts WHERE id IN (SELECT unnest($1::INTEGER[]))`,
      [[1, 2]],
    );
    expect(row).toEqual({
      n: 2,
      total: 3,
      mean: 1.5,
      big: 7,
      at: '2026-03-04T05:06:07.000Z',
      day: '2026-03-04',
      any_active: true,
    });
    expect(JSON.parse(JSON.stringify(row))).toEqual(row);
  });

  it('binds parameters, including empty lists, without string building', async () => {
    const none = await t.store.query('SELECT id FROM accounts WHERE id IN (SELECT unnest($1::INTEGER[]))', [
      [],
    ]);
    expect(none).toEqual([]);
    const named = await t.store.query('SELECT id FROM accounts WHERE name = $1', ["Beta' OR '1'='1"]);
    expect(named).toEqual([]);
  });

  it('refuses a text with a NUL character as a 400 before it reaches the database, alone or in a list', async () => {
    for (const params of [['ad\u0000min'], [['a', 'b\u0000']]] as const) {
      const sql = Array.isArray(params[0])
        ? 'SELECT id FROM users WHERE username IN (SELECT unnest($1::VARCHAR[]))'
        : 'SELECT id FROM users WHERE username = $1';
      const refused = await t.store.query(sql, params).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(UnstorableTextError);
      expect(refused).toMatchObject({ statusCode: 400 });
      await expect(t.store.transaction((tx) => tx.query(sql, params))).rejects.toBeInstanceOf(
        UnstorableTextError,
      );
    }
  });

  it('rolls a failed transaction back whole', async () => {
    await expect(
      t.store.transaction(async (tx) => {
        await tx.query('INSERT INTO accounts (id, name, is_active) VALUES ($1, $2, TRUE)', [3, 'Gamma']);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await t.store.query('SELECT id FROM accounts ORDER BY id');
    expect(rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('commits a transaction that succeeds', async () => {
    await t.store.transaction(async (tx) => {
      await tx.query('INSERT INTO accounts (id, name, is_active) VALUES ($1, $2, TRUE)', [3, 'Gamma']);
    });
    const [row] = await t.store.query<{ n: number }>('SELECT count(*) AS n FROM accounts');
    expect(row.n).toBe(3);
  });

  it("a read repeated after each write sees every earlier write (a stored form row's mailed time, say)", async () => {
    // The same SELECT text, run between writes, as a list of form submissions is read while
    // their copies are mailed: each answer must hold the row written just before it.
    await t.store.exec('CREATE TABLE read_after_write (id INTEGER, done TIMESTAMP)');
    const stale: number[] = [];
    for (let i = 1; i <= 300; i++) {
      await t.store.query('INSERT INTO read_after_write VALUES ($1, NULL)', [i]);
      await t.store.query('UPDATE read_after_write SET done = CAST($1 AS TIMESTAMP) WHERE id = $2', [
        '2026-01-01 00:00:00',
        i,
      ]);
      const rows = await t.store.query<{ id: number; done: string | null }>(
        'SELECT id, done FROM read_after_write ORDER BY id',
      );
      if (rows.length !== i || rows.at(-1)?.id !== i || rows.at(-1)?.done === null) stale.push(i);
    }
    expect(stale).toEqual([]);
  });
});

describe('PostgreSQL: the data version between requests', () => {
  let t: TestStore;
  const others: Store[] = [];
  beforeAll(async () => {
    t = await openTestStore('postgres');
  });
  afterAll(async () => {
    for (const s of others) await s.close();
    await t?.cleanup();
  });

  it('is kept until this or another process changes the data, and read again then', async () => {
    const url = t.url ?? '';
    const watched = await PostgresStore.open(url);
    const other = await PostgresStore.open(url);
    others.push(watched, other);
    // Not watching: nothing can be kept.
    expect(watched.dataChanges).toBeUndefined();
    watched.watchDataChanges();
    await expect.poll(() => watched.dataChanges, { timeout: 30_000 }).toBeTypeOf('number');
    const load = (store: Store, at: string) =>
      store.transaction(async (tx) => {
        await tx.exec('DELETE FROM data_status');
        await tx.query('INSERT INTO data_status (id, last_data_update) VALUES (1, $1::TIMESTAMP)', [at]);
      });
    const version = async () => (await currentDataVersion(watched)).version;
    // The version moves with every load (its counter), and ends with the last update's time.
    const seen = new Set<string | null>();
    // Another process loads: its commit is announced, and the next read sees it.
    for (const at of ['2026-11-20 19:00:00', '2026-11-21 19:00:00']) {
      const before = watched.dataChanges ?? 0;
      await load(other, at);
      await expect.poll(() => (watched.dataChanges ?? 0) > before, { timeout: 30_000 }).toBe(true);
      const now = await version();
      expect(now).toMatch(new RegExp(` ${at}$`));
      expect(seen.has(now)).toBe(false);
      seen.add(now);
      // Kept: read again with no change in between, without asking the database.
      const asked = vi.spyOn(watched, 'query');
      expect(await version()).toBe(now);
      expect(asked).not.toHaveBeenCalled();
      asked.mockRestore();
    }
    // This process loads: seen at once, before its own notification.
    await load(watched, '2026-11-22 19:00:00');
    expect(await version()).toMatch(/ 2026-11-22 19:00:00$/);
    // A load stamped with the same time is new data all the same.
    const before = await version();
    await load(watched, '2026-11-22 19:00:00');
    expect(await version()).not.toBe(before);
  });
});

describe('migration dialect markers', () => {
  it('keeps a statement marked for one driver away from the other', () => {
    const sql = 'CREATE TABLE a (id INTEGER);\n-- only: postgres\nCREATE INDEX a_id ON a (id);\n';
    expect(statementsFor(sql, 'postgres')).toEqual([
      'CREATE TABLE a (id INTEGER)',
      'CREATE INDEX a_id ON a (id)',
    ]);
    expect(statementsFor(sql, 'duckdb')).toEqual(['CREATE TABLE a (id INTEGER)']);
  });
});

describe('DuckDB connections under load', () => {
  it("serve waiting queries oldest request first, so a request's next query goes ahead of later requests", async () => {
    const store = await DuckDBStore.open(':memory:', { poolSize: 1 });
    try {
      const served: string[] = [];
      const ask = (label: string, task: number) =>
        runAsTask(() => store.query(`SELECT '${label}' AS label`).then(() => served.push(label)), task);
      // The one connection is busy with the first request's first query; a later request asks,
      // then the first request asks again: its second query is served before the later request.
      const all = [
        ask('first request, query 1', 1),
        ask('second request', 2),
        ask('first request, query 2', 1),
      ];
      // Outside any request, a query waits its turn by when it asked: after all of these.
      all.push(store.query("SELECT 'no request'").then(() => served.push('no request')));
      await Promise.all(all);
      expect(served).toEqual([
        'first request, query 1',
        'first request, query 2',
        'second request',
        'no request',
      ]);
    } finally {
      await store.close();
    }
  });
});
