// `npm run bench:import [-- --scales small,demo,large --runs 3]`
// Seeds each scale into a throwaway DuckDB file, imports the same 20,000 communications into it
// (new ids each run) and prints the import's seconds, the rollups' share of them, and the ratio of
// each larger scale to the smallest (the target: demo within 1.3x of small). For contrast, the
// seconds a rebuild of every rollup takes at that size (what each import did before).
//
// `npm run bench:import -- --data-dir DIR [--runs 1]` instead imports a day's batch into the DuckDB
// file a data folder already holds (the xlarge scale, seeded once: docs/benchmarks.md): the last
// busiest of its last eight days again (every site), moved past its last day, with new ids. The
// folder keeps the days it was given.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLLUPS_LOCK, refreshRollups } from '../src/server/analytics/rollups';
import { importFile } from '../src/server/ingest/importFile';
import { kindSchema } from '../src/server/ingest/schemas';
import { generate } from '../src/server/seed/generate';
import { isScaleName, SCALES, type ScaleName } from '../src/server/seed/scales';
import { seedDatabase } from '../src/server/seed/seed';
import { duckdbPath } from '../src/server/store';
import { DuckDBStore } from '../src/server/store/duckdb';
import { migrate } from '../src/server/store/migrate';
import { readCommandLine, usage } from './lib/args';
import { writeBenchTable } from './lib/benchTable';
import { toIngestRecords, writeRecords } from './lib/ingestRecords';
import { printMachineSpeed } from './lib/machineSpeed';

const BATCH = 20_000;
const AS_OF = new Date('2026-11-20T19:00:00Z');

const USAGE = 'Usage: npm run bench:import -- [--scales small,demo] [--runs 3] | --data-dir DIR [--runs 1]';

function args(): { scales: ScaleName[]; runs: number; dataDir?: string } {
  const { values } = readCommandLine(USAGE, {
    options: {
      scales: { type: 'string', default: 'small,demo' },
      runs: { type: 'string' },
      'data-dir': { type: 'string' },
    },
  });
  const scales = values.scales.split(',');
  const bad = scales.find((s) => !isScaleName(s));
  if (bad) usage(`--scales: no scale '${bad}' (small, demo, large)\n${USAGE}`);
  const dataDir = values['data-dir'];
  if (dataDir !== undefined && !existsSync(duckdbPath(dataDir)))
    usage(`--data-dir: no database in '${dataDir}' (seed it first with npm run db:seed)\n${USAGE}`);
  const runs = Number(values.runs ?? (dataDir ? '1' : '3'));
  if (!Number.isInteger(runs) || runs < 1)
    usage(`--runs must be a whole number from 1, got '${values.runs}'\n${USAGE}`);
  return { scales: scales as ScaleName[], runs, dataDir };
}

/**
 * The batch: the small scale's last 20,000 communications (about ten weeks of its nine sites, which
 * every scale has), as NDJSON records; each run gives them new ids, so each adds 20,000 rows.
 */
function batch(): Record<string, unknown>[] {
  const rows: unknown[][] = [];
  for (const b of generate({ scale: SCALES.small, seed: 1, asOf: AS_OF }))
    if (b.table === 'communications') rows.push(...b.rows);
  return toIngestRecords('communications', rows.slice(-BATCH));
}

/**
 * A day's batch into an already seeded store: the last day's communications again, `run` days later,
 * with ids past the largest, imported as `npm run db:import` would; prints each run's seconds.
 */
async function importDays(dir: string, runs: number): Promise<void> {
  const store = await DuckDBStore.open(duckdbPath(dir));
  const work = mkdtempSync(join(tmpdir(), 'hawkeye-bench-import-day-'));
  try {
    const { fields } = kindSchema('communications');
    const [size] = await store.query<{ n: number; day: string; ahead: number; top: number }>(
      // The busiest of the last eight days (the last one ends at the data's last update): a whole
      // day, and `ahead` days moves it past the data's last day.
      `WITH last AS (SELECT max(occurred_at)::DATE AS d, max(id)::DOUBLE AS top, count(*)::DOUBLE AS n FROM communications),
            busiest AS (SELECT occurred_at::DATE AS d, count(*) AS c FROM communications, last
                        WHERE occurred_at >= last.d - 8 GROUP BY 1 ORDER BY c DESC, d DESC LIMIT 1)
       SELECT last.n AS n, strftime(busiest.d, '%Y-%m-%d') AS day, (last.d - busiest.d)::DOUBLE AS ahead, last.top AS top
       FROM last, busiest`,
    );
    process.stdout.write(
      `${dir}: ${size.n.toLocaleString('en-US')} communications; the batch: ${size.day}'s, moved past the last day\n`,
    );
    const table = [
      "| communications in the store | a day's batch | import s | rollups s |",
      '|---:|---:|---:|---:|',
    ];
    for (let run = 1; run <= runs; run++) {
      const shifted = fields.map((f) =>
        f === 'id'
          ? `id + ${size.top + 1} * ${run} AS id`
          : f === 'occurred_at' || f === 'responded_at'
            ? `strftime(${f} + INTERVAL ${size.ahead + run} DAY, '%Y-%m-%dT%H:%M:%S') AS ${f}`
            : f,
      );
      const rows = await store.query(
        `SELECT ${shifted.join(', ')} FROM communications WHERE occurred_at::DATE = DATE '${size.day}'`,
      );
      const records = rows.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null)));
      const file = join(work, `day-${run}.ndjson`);
      await writeRecords(file, records, fields);
      const r = await importFile(store, 'communications', file, {
        asOf: new Date(AS_OF.getTime() + (size.ahead + run) * 86_400_000),
      });
      process.stdout.write(
        `  run ${run}: ${records.length.toLocaleString('en-US')} communications (a day of every site) in ${r.seconds.toFixed(2)} s, rollups ${r.rollupSeconds.toFixed(2)} s\n`,
      );
      table.push(
        `| ${(size.n + (run - 1) * records.length).toLocaleString('en-US')} | ${records.length.toLocaleString('en-US')} | ${r.seconds.toFixed(2)} | ${r.rollupSeconds.toFixed(2)} |`,
      );
    }
    process.stdout.write(`\n${table.join('\n')}\n`);
    writeBenchTable('import-day', table, undefined, 'import');
  } finally {
    await store.close();
    rmSync(work, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Figure {
  scale: ScaleName;
  communications: number;
  seconds: number;
  rollupSeconds: number;
  rebuildSeconds: number;
}

const { scales, runs, dataDir } = args();
printMachineSpeed('before the run');
if (dataDir) {
  await importDays(dataDir, runs);
  process.exit(0);
}
const work = mkdtempSync(join(tmpdir(), 'hawkeye-bench-import-'));
const figures: Figure[] = [];
try {
  const records = batch();
  for (const scale of scales) {
    const path = join(work, `${scale}.duckdb`);
    const store = await DuckDBStore.open(path);
    try {
      await migrate(store);
      process.stdout.write(`Seeding ${scale}...\n`);
      const counts = await seedDatabase(store, { scale, seed: 1, asOf: AS_OF, users: false });
      const times: { seconds: number; rollupSeconds: number }[] = [];
      for (let run = 1; run <= runs; run++) {
        const file = join(work, `batch-${scale}-${run}.ndjson`);
        const offset = 1_000_000_000 * run;
        await writeRecords(
          file,
          records.map((r) => ({ ...r, id: (r.id as number) + offset })),
          kindSchema('communications').fields,
        );
        const r = await importFile(store, 'communications', file, {
          asOf: new Date(AS_OF.getTime() + run * 60_000),
        });
        times.push({ seconds: r.seconds, rollupSeconds: r.rollupSeconds });
        process.stdout.write(
          `  run ${run}: ${r.seconds.toFixed(2)} s, rollups ${r.rollupSeconds.toFixed(2)} s\n`,
        );
      }
      const rebuild = await store.transaction((tx) => refreshRollups(tx, { kind: 'duckdb' }), {
        lock: ROLLUPS_LOCK,
      });
      figures.push({
        scale,
        communications: counts.communications,
        seconds: median(times.map((t) => t.seconds)),
        rollupSeconds: median(times.map((t) => t.rollupSeconds)),
        rebuildSeconds: rebuild.ms / 1000,
      });
    } finally {
      await store.close();
      rmSync(path, { force: true });
      rmSync(`${path}.wal`, { force: true });
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const table = [
  '| scale | communications | import s | rollups s | rollups share | a full rollup rebuild s |',
  '|---|---:|---:|---:|---:|---:|',
  ...figures.map(
    (f) =>
      `| ${f.scale} | ${f.communications.toLocaleString('en-US')} | ${f.seconds.toFixed(2)} | ${f.rollupSeconds.toFixed(2)} | ${Math.round(
        (100 * f.rollupSeconds) / f.seconds,
      )}% | ${f.rebuildSeconds.toFixed(2)} |`,
  ),
];
if (figures.length > 1) {
  const [first, ...larger] = figures;
  table.push(
    '',
    `Ratio ${larger.map((f) => `${f.scale}/${first.scale}: ${(f.seconds / first.seconds).toFixed(2)}`).join(', ')} (target: demo/small at most 1.3).`,
  );
}
process.stdout.write(
  `\nImport of the same ${BATCH.toLocaleString('en-US')} communications (DuckDB, median of ${runs} runs)\n\n${table.join('\n')}\n`,
);
writeBenchTable('import', table);
