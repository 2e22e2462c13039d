import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRecipient } from '../../src/server/deliveries/recipient';
import { ImportError, importFile } from '../../src/server/ingest/importFile';
import { DRIVERS, openTestStore, type TestStore } from './stores';

const AS_OF = new Date('2026-11-20T19:00:00Z');

// Migration 025 on both stores: accounts, sites and users have an IANA zone; the import carries it,
// a site without one has its account's, a user without one the zone most of their sites are in.
describe.each(DRIVERS)('time zones (%s)', (driver) => {
  let t: TestStore;
  const write = (name: string, lines: object[]) => {
    const dir = join(t.dir, 'in');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, name);
    writeFileSync(path, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    return path;
  };
  const addUser = async (username: string, all: boolean, zone: string | null) => {
    const [row] = await t.store.query<{ id: number }>(
      `INSERT INTO users (username, password_hash, first_name, last_name, email, all_account_access, time_zone, created_at)
       VALUES ($1, 'x', 'Pat', 'Doe', $2, $3, $4, CAST('2026-11-01 00:00:00' AS TIMESTAMP)) RETURNING id`,
      [username, `${username}@example.com`, all, zone],
    );
    return Number(row.id);
  };

  beforeAll(async () => {
    t = await openTestStore(driver);
    await importFile(
      t.store,
      'accounts',
      write('accounts.ndjson', [
        { id: 1, name: 'Central Co', time_zone: 'America/Chicago' },
        { id: 2, name: 'Coastal Co', time_zone: 'America/Los_Angeles' },
        { id: 3, name: 'Default Co' },
      ]),
      { asOf: AS_OF },
    );
    await importFile(
      t.store,
      'sites',
      write('sites.ndjson', [
        { id: 10, account_id: 1, name: 'A' },
        { id: 11, account_id: 1, name: 'B', time_zone: 'America/Denver' },
        { id: 12, account_id: 1, name: 'C', time_zone: 'America/Denver' },
        { id: 20, account_id: 2, name: 'D' },
        { id: 30, account_id: 3, name: 'E' },
      ]),
      { asOf: AS_OF },
    );
  });
  afterAll(async () => t?.cleanup());

  it('stores each account zone (America/Chicago when the import names none) and a site zone only where given', async () => {
    const accounts = await t.store.query('SELECT id, time_zone FROM accounts ORDER BY id');
    expect(accounts).toEqual([
      { id: 1, time_zone: 'America/Chicago' },
      { id: 2, time_zone: 'America/Los_Angeles' },
      { id: 3, time_zone: 'America/Chicago' },
    ]);
    const sites = await t.store.query('SELECT id, time_zone FROM sites ORDER BY id');
    expect(sites.map((s) => s.time_zone)).toEqual([null, 'America/Denver', 'America/Denver', null, null]);
  });

  it('refuses a zone that is not an IANA name, at its line, and imports nothing', async () => {
    const path = write('bad-sites.ndjson', [
      { id: 40, account_id: 1, name: 'F', time_zone: 'America/Chicago' },
      { id: 41, account_id: 1, name: 'G', time_zone: 'CST' },
    ]);
    const err = await importFile(t.store, 'sites', path, { asOf: AS_OF }).catch((e) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as ImportError).errors).toEqual([
      `${path}:2: field 'time_zone' is not an IANA time zone such as America/Chicago: 'CST'`,
    ]);
    expect(await t.store.query('SELECT id FROM sites WHERE id >= 40')).toEqual([]);
  });

  it('gives a user their own zone, else the one most of their sites are in', async () => {
    const own = await addUser('own', false, 'Europe/Berlin');
    const central = await addUser('central', false, null);
    const coastal = await addUser('coastal', false, null);
    const everyone = await addUser('everyone', true, null);
    for (const [user, account] of [
      [own, 1],
      [central, 1],
      [coastal, 2],
    ])
      await t.store.query('INSERT INTO user_accounts (user_id, account_id) VALUES ($1, $2)', [user, account]);
    expect((await loadRecipient(t.store, own))?.timeZone).toBe('Europe/Berlin');
    // Account 1: one site in Chicago (its account's zone), two in Denver (their own).
    expect((await loadRecipient(t.store, central))?.timeZone).toBe('America/Denver');
    expect((await loadRecipient(t.store, coastal))?.timeZone).toBe('America/Los_Angeles');
    // Every site: two in Chicago (10 and 30), two in Denver, one in Los Angeles; the tie goes by name.
    expect((await loadRecipient(t.store, everyone))?.timeZone).toBe('America/Chicago');
    expect(await loadRecipient(t.store, 9999)).toBeUndefined();
  });
});
