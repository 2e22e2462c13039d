import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../src/server/seed/seed';
import { tableChecksums } from './checksum';
import { DRIVERS, openTestStore, type TestStore } from './stores';

const AS_OF = new Date('2026-11-20T19:00:00Z');

describe('demo data is deterministic', () => {
  const stores: Record<string, TestStore> = {};
  beforeAll(async () => {
    for (const d of DRIVERS) stores[d] = await openTestStore(d);
  });
  afterAll(async () => {
    for (const t of Object.values(stores)) await t.cleanup();
  });

  // The checksums of seed 42 on DuckDB, taken once and compared with by each test below.
  let seed42: Promise<Record<string, string>> | undefined;
  const seed42OnDuckDb = () => {
    seed42 ??= seedDatabase(stores.duckdb.store, {
      scale: 'small',
      seed: 42,
      asOf: AS_OF,
      users: false,
    }).then(() => tableChecksums(stores.duckdb.store));
    return seed42;
  };

  it('gives identical table checksums for two seeds with the same seed number', async () => {
    const first = await seed42OnDuckDb();
    const { store } = stores.duckdb;
    await seedDatabase(store, { scale: 'small', seed: 42, asOf: AS_OF, users: false });
    expect(await tableChecksums(store)).toEqual(first);
    expect(Number(first.communications.split(':')[0])).toBeGreaterThan(10_000);
  });

  it('gives different data for another seed number', async () => {
    const a = await seed42OnDuckDb();
    const { store } = stores.duckdb;
    await seedDatabase(store, { scale: 'small', seed: 43, asOf: AS_OF, users: false });
    const b = await tableChecksums(store);
    expect(b.communications).not.toEqual(a.communications);
  });

  it('stores the same rows on PostgreSQL as on DuckDB', async () => {
    const onDuckDb = await seed42OnDuckDb();
    await seedDatabase(stores.postgres.store, { scale: 'small', seed: 42, asOf: AS_OF, users: false });
    expect(await tableChecksums(stores.postgres.store)).toEqual(onDuckDb);
  });

  it('creates the three demo sign-ins once, however often it seeds', async () => {
    const { store } = stores.duckdb;
    await seedDatabase(store, { scale: 'small', seed: 1, asOf: AS_OF });
    await seedDatabase(store, { scale: 'small', seed: 1, asOf: AS_OF });
    const users = await store.query(
      'SELECT username, all_account_access, has_permission FROM users ORDER BY username',
    );
    expect(users).toEqual([
      { username: 'admin', all_account_access: true, has_permission: true },
      { username: 'manager', all_account_access: false, has_permission: true },
      { username: 'noaccess', all_account_access: false, has_permission: false },
    ]);
    const [hash] = await store.query<{ password_hash: string }>(
      "SELECT password_hash FROM users WHERE username = 'admin'",
    );
    expect(hash.password_hash).toMatch(/^\$argon2id\$/);
  });
});
