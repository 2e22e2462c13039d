// `npm run bench:data [-- --scales demo,large --drivers duckdb,postgres]`
// Prints seconds and rows per second for seeding each scale and importing 1 million
// communications, on DuckDB and on a throwaway PostgreSQL cluster.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importFile } from '../src/server/ingest/importFile';
import { kindSchema } from '../src/server/ingest/schemas';
import { generate } from '../src/server/seed/generate';
import { SCALES, type ScaleName } from '../src/server/seed/scales';
import { seedDatabase } from '../src/server/seed/seed';
import type { Store } from '../src/server/store';
import { DuckDBStore } from '../src/server/store/duckdb';
import { migrate } from '../src/server/store/migrate';
import { PostgresStore } from '../src/server/store/postgres';
import { readCommandLine } from './lib/args';
import { writeBenchTable } from './lib/benchTable';
import { toIngestRecords, writeRecords } from './lib/ingestRecords';
import { printMachineSpeed } from './lib/machineSpeed';
import { startTempPostgres } from './lib/tempPostgres';

const { values: options } = readCommandLine(
  'Usage: npm run bench:data -- [--scales demo,large] [--drivers duckdb,postgres] [--import-rows N]',
  { options: { scales: { type: 'string' }, drivers: { type: 'string' }, 'import-rows': { type: 'string' } } },
);
const scales = String(options.scales ?? 'demo,large').split(',') as ScaleName[];
const drivers = String(options.drivers ?? 'duckdb,postgres').split(',') as Store['kind'][];
const IMPORT_ROWS = Number(options['import-rows'] ?? 1_000_000);
const AS_OF = new Date('2026-11-20T19:00:00Z');
printMachineSpeed('before the run');
const work = mkdtempSync(join(tmpdir(), 'hawkeye-bench-'));

async function withStore<T>(driver: Store['kind'], fn: (s: Store) => Promise<T>): Promise<T> {
  if (driver === 'duckdb') {
    const path = join(work, `bench-${Date.now()}.duckdb`);
    const store = await DuckDBStore.open(path);
    try {
      await migrate(store);
      return await fn(store);
    } finally {
      await store.close();
      rmSync(path, { force: true });
      rmSync(`${path}.wal`, { force: true });
    }
  }
  const pg = await startTempPostgres();
  const store = await PostgresStore.open(pg.url);
  try {
    await migrate(store);
    return await fn(store);
  } finally {
    await store.close();
    await pg.stop();
  }
}

/** Writes the demo scale's reference tables and its first IMPORT_ROWS communications as NDJSON files. */
async function writeImportFiles(): Promise<{ reference: Record<string, string>; communications: string }> {
  const reference: Record<string, string> = {};
  const comms: unknown[][] = [];
  const tables: Record<string, unknown[][]> = {};
  for (const b of generate({ scale: SCALES.demo, seed: 1, asOf: AS_OF })) {
    if (b.table === 'communications') {
      for (const r of b.rows) if (comms.length < IMPORT_ROWS) comms.push(r);
    } else if (['accounts', 'sites', 'employees', 'ad_sources', 'relationships'].includes(b.table)) {
      tables[b.table] = b.rows;
    }
  }
  for (const [kind, rows] of Object.entries(tables)) {
    const path = join(work, `${kind}.ndjson`);
    const k = kind as 'sites';
    await writeRecords(path, toIngestRecords(k, rows), kindSchema(k).fields);
    reference[kind] = path;
  }
  const communications = join(work, 'communications.ndjson');
  await writeRecords(
    communications,
    toIngestRecords('communications', comms),
    kindSchema('communications').fields,
  );
  return { reference, communications };
}

interface Result {
  what: string;
  driver: string;
  rows: number;
  seconds: number;
}
const results: Result[] = [];
const report = (r: Result) => {
  results.push(r);
  process.stdout.write(
    `${r.what.padEnd(34)} ${r.driver.padEnd(9)} ${r.rows.toLocaleString('en-US').padStart(12)} rows ${r.seconds.toFixed(1).padStart(7)} s ${Math.round(
      r.rows / r.seconds,
    )
      .toLocaleString('en-US')
      .padStart(11)} rows/s\n`,
  );
};

try {
  for (const driver of drivers) {
    for (const scale of scales) {
      await withStore(driver, async (store) => {
        const started = Date.now();
        const counts = await seedDatabase(store, { scale, seed: 1, asOf: AS_OF, users: false });
        report({
          what: `seed ${scale} (communications)`,
          driver,
          rows: counts.communications,
          seconds: (Date.now() - started) / 1000,
        });
      });
    }
  }
  process.stdout.write(`Writing ${IMPORT_ROWS.toLocaleString('en-US')} communications as NDJSON...\n`);
  const files = await writeImportFiles();
  process.stdout.write(`  ${(statSync(files.communications).size / 1e6).toFixed(0)} MB\n`);
  for (const driver of drivers) {
    await withStore(driver, async (store) => {
      for (const [kind, path] of Object.entries(files.reference)) {
        await importFile(store, kind as 'sites', path, { asOf: AS_OF });
      }
      const started = Date.now();
      const r = await importFile(store, 'communications', files.communications, { asOf: AS_OF });
      report({
        what: 'import communications (NDJSON)',
        driver,
        rows: r.records,
        seconds: (Date.now() - started) / 1000,
      });
    });
  }
  const table = [
    '| what | driver | rows | seconds | rows/s |',
    '|---|---|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.what} | ${r.driver} | ${r.rows.toLocaleString('en-US')} | ${r.seconds.toFixed(1)} | ${Math.round(r.rows / r.seconds).toLocaleString('en-US')} |`,
    ),
  ];
  process.stdout.write(`\n${table.join('\n')}\n`);
  writeBenchTable('data', table);
} finally {
  rmSync(work, { recursive: true, force: true });
}
printMachineSpeed('after the run');
