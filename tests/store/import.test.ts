import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIngestRecords, writeRecords } from '../../scripts/lib/ingestRecords';
import { ImportError, importFile } from '../../src/server/ingest/importFile';
import { type ImportKind, kindSchema } from '../../src/server/ingest/schemas';
import { generate } from '../../src/server/seed/generate';
import { SCALES } from '../../src/server/seed/scales';
import type { Store } from '../../src/server/store';
import { DRIVERS, openTestStore, type TestStore } from './stores';

const AS_OF = new Date('2026-11-20T19:00:00Z');
const REFERENCE_KINDS: ImportKind[] = ['accounts', 'sites', 'employees', 'ad_sources', 'relationships'];

async function count(store: Store, table: string): Promise<number> {
  const [row] = await store.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`);
  return row.n;
}

/** Generated rows of the small scale, by table (a few months, so the files stay small). */
function smallData(): Record<string, unknown[][]> {
  const out: Record<string, unknown[][]> = {};
  const scale = { ...SCALES.small, months: 1 };
  for (const b of generate({ scale, seed: 5, asOf: AS_OF }))
    out[b.table] = [...(out[b.table] ?? []), ...b.rows];
  return out;
}

describe.each(DRIVERS)('db:import on %s', (driver) => {
  let t: TestStore;
  let data: Record<string, unknown[][]>;
  const file = (name: string) => join(t.dir, name);

  beforeAll(async () => {
    t = await openTestStore(driver);
    data = smallData();
    for (const kind of REFERENCE_KINDS) {
      const path = file(`${kind}.csv`);
      await writeRecords(path, toIngestRecords(kind, data[kind]), kindSchema(kind).fields);
      await importFile(t.store, kind, path, { asOf: AS_OF });
    }
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('loads reference data from CSV with every count matching', async () => {
    for (const kind of REFERENCE_KINDS) expect(await count(t.store, kind)).toBe(data[kind].length);
    const [site] = await t.store.query('SELECT id, account_id, name, is_active FROM sites WHERE id = 1');
    expect(site).toEqual({
      id: 1,
      account_id: data.sites[0][1],
      name: data.sites[0][2],
      is_active: data.sites[0][3],
    });
  });

  it('loads a good NDJSON file of communications, derives accounts and reply seconds, and sets the last update', async () => {
    const path = file('communications.ndjson');
    const records = toIngestRecords('communications', data.communications);
    await writeRecords(path, records, kindSchema('communications').fields);
    const asOf = new Date('2026-11-21T11:00:00Z');
    const result = await importFile(t.store, 'communications', path, { asOf });
    expect(result.records).toBe(records.length);
    expect(await count(t.store, 'communications')).toBe(records.length);
    const replied = data.communications.find((r) => r[17] !== null)!;
    const [row] = await t.store.query(
      'SELECT account_id, response_seconds FROM communications WHERE id = $1',
      [replied[0] as number],
    );
    expect(row).toEqual({ account_id: replied[1], response_seconds: replied[17] });
    const [status] = await t.store.query('SELECT last_data_update FROM data_status');
    expect(status.last_data_update).toBe('2026-11-21T11:00:00.000Z');
  });

  it('leaves the same counts when the same file is imported twice, and updates changed records by id', async () => {
    const path = file('communications.ndjson');
    const before = await count(t.store, 'communications');
    await importFile(t.store, 'communications', path, { asOf: AS_OF });
    expect(await count(t.store, 'communications')).toBe(before);
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    const first = JSON.parse(lines[0]);
    first.duration_seconds = 4321;
    const edited = file('one.ndjson');
    writeFileSync(edited, `${JSON.stringify(first)}\n`);
    await importFile(t.store, 'communications', edited, { asOf: AS_OF });
    expect(await count(t.store, 'communications')).toBe(before);
    const [row] = await t.store.query('SELECT duration_seconds FROM communications WHERE id = $1', [
      first.id,
    ]);
    expect(row.duration_seconds).toBe(4321);
  });

  it('refuses a file with one bad line, naming the file, line and field, and changes nothing', async () => {
    const before = await count(t.store, 'communications');
    const [statusBefore] = await t.store.query('SELECT last_data_update FROM data_status');
    const lines: Record<string, unknown>[] = toIngestRecords(
      'communications',
      data.communications.slice(0, 100),
    ).map((r) => ({ ...r, id: (r.id as number) + 10_000_000 }));
    lines[56].comm_type = 'FAX';
    const path = file('bad.ndjson');
    await writeRecords(path, lines, kindSchema('communications').fields);
    const err = await importFile(t.store, 'communications', path).catch((e) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as ImportError).errors).toEqual([
      `${path}:57: field 'comm_type' must be one of 'PHONE', 'SMS', 'EMAIL', 'WALKIN'`,
    ]);
    expect(await count(t.store, 'communications')).toBe(before);
    const [statusAfter] = await t.store.query('SELECT last_data_update FROM data_status');
    expect(statusAfter).toEqual(statusBefore);
  });

  it('lists the first 20 errors and counts the rest', async () => {
    const path = file('many-bad.csv');
    const fields = kindSchema('sites').fields;
    const rows = Array.from({ length: 30 }, (_, i) => ({ id: 1000 + i, account_id: 'x', name: `Site ${i}` }));
    await writeRecords(path, rows, fields);
    const err = (await importFile(t.store, 'sites', path).catch((e) => e)) as ImportError;
    expect(err.errors).toHaveLength(20);
    expect(err.total).toBe(30);
    expect(err.errors[0]).toBe(`${path}:2: field 'account_id' must be integer`);
    expect(err.message).toContain('... and 10 more errors');
  });

  it('refuses references to missing rows and repeated ids, with their lines', async () => {
    const path = file('refs.csv');
    const fields = kindSchema('sites').fields;
    await writeRecords(
      path,
      [
        { id: 500, account_id: 1, name: 'Fine, with a comma' },
        { id: 501, account_id: 99, name: 'Orphan' },
        { id: 500, account_id: 1, name: 'Again' },
      ],
      fields,
    );
    const err = (await importFile(t.store, 'sites', path).catch((e) => e)) as ImportError;
    expect(err.errors).toEqual([
      `${path}:4: field 'id' repeats id 500 of line 2`,
      `${path}:3: field 'account_id' refers to accounts id 99, which does not exist`,
    ]);
    expect(await count(t.store, 'sites')).toBe(data.sites.length);
  });

  it('reads quoted CSV cells with commas, quotes and line breaks', async () => {
    const path = file('quoted.csv');
    writeFileSync(path, 'id,name,is_active\n900,"Smith, ""Jones"" &\nPartners",true\n');
    await importFile(t.store, 'accounts', path, { asOf: AS_OF });
    const [row] = await t.store.query('SELECT name FROM accounts WHERE id = 900');
    expect(row.name).toBe('Smith, "Jones" &\nPartners');
  });
});
