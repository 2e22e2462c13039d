import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportError, importFile } from '../../src/server/ingest/importFile';
import type { Store } from '../../src/server/store';
import { DuckDBStore } from '../../src/server/store/duckdb';
import { runScript } from './runScript';
import { DRIVERS, type Driver, openTestStore, type TestStore } from './stores';

const AS_OF = new Date('2026-11-20T19:00:00Z');
/** A communication every check accepts; each bad input changes one field of it. */
const GOOD = {
  id: 1,
  site_id: 1,
  relationship_id: 1,
  comm_type: 'SMS',
  direction: 'inbound',
  occurred_at: '2026-11-02T10:00:00',
  responded_at: '2026-11-02T10:05:00',
};

/** The bad inputs of issue 60: the record or file text, and the one error each must give. */
const BAD_RECORDS: { name: string; file: string; text: string; error: string }[] = [
  {
    name: 'a 30th of February',
    file: 'feb30.ndjson',
    text: JSON.stringify({ ...GOOD, occurred_at: '2026-02-30T10:00:00', responded_at: null }),
    error: ":1: field 'occurred_at' is not a calendar date (day 30 of a 28-day month): '2026-02-30T10:00:00'",
  },
  {
    name: 'the year 0',
    file: 'year0.ndjson',
    text: JSON.stringify({ ...GOOD, occurred_at: '0000-01-01T00:00:00', responded_at: null }),
    error: ":1: field 'occurred_at' must be between 2000-01-01 and 2100-12-31: '0000-01-01T00:00:00'",
  },
  {
    name: 'a reply a day before the communication',
    file: 'early-reply.ndjson',
    text: JSON.stringify({ ...GOOD, responded_at: '2026-11-01T10:00:00' }),
    error: ":1: field 'responded_at' is before occurred_at: '2026-11-01T10:00:00' < '2026-11-02T10:00:00'",
  },
  {
    name: 'a month 13',
    file: 'month13.ndjson',
    text: JSON.stringify({ ...GOOD, occurred_at: '2026-13-02T10:00:00', responded_at: null }),
    error: ":1: field 'occurred_at' has no month 13: '2026-13-02T10:00:00'",
  },
  {
    name: 'an hour 25',
    file: 'hour25.csv',
    text: 'id,site_id,relationship_id,comm_type,direction,occurred_at\n1,1,1,SMS,inbound,2026-11-02 25:00\n',
    error: ":2: field 'occurred_at' is not a clock time: '2026-11-02 25:00'",
  },
  {
    name: 'a site_id beyond int32',
    file: 'site-int32.ndjson',
    text: JSON.stringify({ ...GOOD, site_id: 3_000_000_000 }),
    error: ":1: field 'site_id' must be at most 2,147,483,647: 3000000000",
  },
  {
    name: 'a relationship_id beyond int32',
    file: 'relationship-int32.csv',
    text: 'id,site_id,relationship_id,comm_type,direction,occurred_at\n1,1,99999999999,SMS,inbound,2026-11-02T10:00\n',
    error: ":2: field 'relationship_id' must be at most 2,147,483,647: 99999999999",
  },
  {
    name: 'an id beyond int64',
    file: 'id-int64.ndjson',
    text: `{"id":100000000000000000000,"site_id":1,"relationship_id":1,"comm_type":"SMS","direction":"inbound","occurred_at":"2026-11-02T10:00"}`,
    error: ":1: field 'id' must be at most 9,007,199,254,740,991: 100000000000000000000",
  },
  {
    name: 'a header named __proto__',
    file: 'proto.csv',
    text: 'id,site_id,relationship_id,comm_type,direction,occurred_at,__proto__\n1,1,1,SMS,inbound,2026-11-02T10:00,x\n',
    error: ":1: field '__proto__' in the header is not a known field",
  },
  {
    name: 'a header named constructor',
    file: 'constructor.csv',
    text: 'id,site_id,relationship_id,comm_type,direction,occurred_at,constructor\n1,1,1,SMS,inbound,2026-11-02T10:00,x\n',
    error: ":1: field 'constructor' in the header is not a known field",
  },
  { name: 'an empty file', file: 'empty.csv', text: '', error: ': no records' },
  {
    name: 'a header-only file',
    file: 'header-only.csv',
    text: 'id,site_id,relationship_id,comm_type,direction,occurred_at\n',
    error: ': no records',
  },
];

/** What an import must leave as it was: the communications and the last data update. */
async function snapshot(store: Store): Promise<unknown[]> {
  return [
    await store.query('SELECT id, occurred_at, response_seconds FROM communications ORDER BY id'),
    await store.query('SELECT last_data_update FROM data_status'),
    await store.query('SELECT last_data_update FROM rollup_status'),
  ];
}

async function seedReference(t: TestStore): Promise<void> {
  for (const [kind, text] of [
    ['accounts', 'id,name\n1,Acme\n'],
    ['sites', 'id,account_id,name\n1,1,Elm Court\n'],
    ['relationships', 'id,name,sort_order\n1,Prospect,1\n'],
    ['communications', `${JSON.stringify(GOOD)}\n`],
  ] as const) {
    const path = join(t.dir, `${kind}.${kind === 'communications' ? 'ndjson' : 'csv'}`);
    writeFileSync(path, text);
    await importFile(t.store, kind, path, { asOf: AS_OF });
  }
}

describe.each(DRIVERS)('db:import refuses what is not real, on %s', (driver) => {
  let t: TestStore;

  beforeAll(async () => {
    t = await openTestStore(driver);
    await seedReference(t);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it.each(BAD_RECORDS.map((b) => [b.name, b] as const))(
    '%s: one located error, nothing changed',
    async (_, bad) => {
      const before = await snapshot(t.store);
      const path = join(t.dir, bad.file);
      writeFileSync(path, bad.text);
      const err = await importFile(t.store, 'communications', path).catch((e) => e);
      expect(err).toBeInstanceOf(ImportError);
      expect((err as ImportError).errors).toEqual([`${path}${bad.error}`]);
      expect(await snapshot(t.store)).toEqual(before);
    },
  );

  it('lists every error of a file in one run: the first 20, then a count', async () => {
    const lines = Array.from({ length: 30 }, (_, i) =>
      JSON.stringify({
        ...GOOD,
        id: 100 + i,
        occurred_at: `2026-02-${29 + (i % 3)}T10:00`,
        responded_at: null,
      }),
    );
    const path = join(t.dir, 'many.ndjson');
    writeFileSync(path, `${lines.join('\n')}\n`);
    const err = (await importFile(t.store, 'communications', path).catch((e) => e)) as ImportError;
    expect(err.errors).toHaveLength(20);
    expect(err.errors[0]).toBe(
      `${path}:1: field 'occurred_at' is not a calendar date (day 29 of a 28-day month): '2026-02-29T10:00'`,
    );
    expect(err.total).toBe(30);
    expect(err.message).toContain('... and 10 more errors\nNothing was imported.');
  });

  it('accepts the real edges: a leap day, 23:59:59, a reply at the same second', async () => {
    const path = join(t.dir, 'edges.ndjson');
    writeFileSync(
      path,
      `${JSON.stringify({ ...GOOD, id: 7, occurred_at: '2028-02-29T23:59:59', responded_at: '2028-02-29T23:59:59' })}\n`,
    );
    await importFile(t.store, 'communications', path, { asOf: AS_OF });
    const [row] = await t.store.query(
      'SELECT occurred_at, response_seconds FROM communications WHERE id = 7',
    );
    expect(row).toEqual({ occurred_at: '2028-02-29T23:59:59.000Z', response_seconds: 0 });
  });
});

const runImport = (args: string[], env: Record<string, string>) => runScript('import.ts', args, env);

/** The store a command-line run opens: DATA_DIR's DuckDB file or the cluster's URL. */
async function cliStore(driver: Driver): Promise<{ t: TestStore; env: Record<string, string> }> {
  const t = await openTestStore(driver);
  await seedReference(t);
  if (driver === 'postgres') return { t, env: { DATABASE_URL: t.url! } };
  // The command opens DATA_DIR/hawkeye.duckdb: a store of its own, seeded alike.
  const dataDir = join(t.dir, 'data');
  mkdirSync(dataDir);
  const own = await DuckDBStore.open(join(dataDir, 'hawkeye.duckdb'));
  const { migrate } = await import('../../src/server/store/migrate');
  await migrate(own);
  await seedReference({ ...t, store: own });
  await own.close();
  return { t, env: { DATA_DIR: dataDir } };
}

describe.each(DRIVERS)('npm run db:import ends every bad run in one clean message, on %s', (driver) => {
  let t: TestStore;
  let env: Record<string, string>;

  beforeAll(async () => {
    ({ t, env } = await cliStore(driver));
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const expectClean = (run: { code: number | null; out: string }, code: number, text: string | RegExp) => {
    expect(run.out).not.toMatch(/\n\s+at |Error:/);
    expect(run.out).toMatch(text);
    expect(run.code).toBe(code);
  };

  it('a bad record: its file:line message, exit 1', async () => {
    const path = join(t.dir, 'bad.ndjson');
    writeFileSync(path, `${JSON.stringify({ ...GOOD, site_id: 3_000_000_000 })}\n`);
    expectClean(
      await runImport(['communications', path], env),
      1,
      `${path}:1: field 'site_id' must be at most 2,147,483,647: 3000000000\nNothing was imported.\n`,
    );
  });

  it('an empty file: no records, exit 1', async () => {
    const path = join(t.dir, 'empty.csv');
    writeFileSync(path, 'id,name\n');
    expectClean(await runImport(['accounts', path], env), 1, `${path}: no records\nNothing was imported.\n`);
  });

  it('a good file: the counts, exit 0 (so the refusals above are not the command failing anyway)', async () => {
    const path = join(t.dir, 'good.csv');
    writeFileSync(path, 'id,name\n1,Acme\n3,Gamma\n');
    const run = await runImport(['accounts', path], env);
    expect(run.out).toMatch(/Imported 2 accounts records \(1 new, 1 updated\) in \d+\.\d s\n/);
    expect(run.code).toBe(0);
  });

  it('a folder given as the file', async () => {
    expectClean(
      await runImport(['communications', t.dir], env),
      1,
      `Cannot import ${t.dir}: it is a folder, not a file\n`,
    );
  });

  it('--as-of yesterday', async () => {
    const path = join(t.dir, 'fine.csv');
    writeFileSync(path, 'id,name\n2,Beta\n');
    expectClean(
      await runImport(['accounts', path, '--as-of', 'yesterday'], env),
      2,
      "--as-of is not a date and time like 2026-11-20T19:00:00: 'yesterday' (local clock time, e.g. 2026-11-20T19:00)\n",
    );
  });

  if (driver === 'duckdb') {
    it('the server holding the DuckDB file', async () => {
      const path = join(t.dir, 'fine.csv');
      writeFileSync(path, 'id,name\n2,Beta\n');
      const held = await DuckDBStore.open(join(env.DATA_DIR, 'hawkeye.duckdb'));
      try {
        expectClean(
          await runImport(['accounts', path], env),
          1,
          'The database is in use by a running server (DuckDB allows one process): stop it and retry, or use PostgreSQL.\n',
        );
      } finally {
        await held.close();
      }
    });
  }
});
