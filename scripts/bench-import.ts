// `npm run bench:import [-- --scales small,demo,large --runs 3]`
// Seeds each scale into a throwaway DuckDB file, imports the same 20,000 communications into it
// (new ids each run) and prints the import's seconds, the rollups' share of them, and the ratio of
// the largest scale to the smallest (issue 60's target: demo within 1.3x of small). For contrast,
// the seconds a rebuild of every rollup takes at that size (what each import did before).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLLUPS_LOCK, refreshRollups } from '../src/server/analytics/rollups';
import { importFile } from '../src/server/ingest/importFile';
import { kindSchema } from '../src/server/ingest/schemas';
import { generate } from '../src/server/seed/generate';
import { isScaleName, SCALES, type ScaleName } from '../src/server/seed/scales';
import { seedDatabase } from '../src/server/seed/seed';
import { DuckDBStore } from '../src/server/store/duckdb';
import { migrate } from '../src/server/store/migrate';
import { readCommandLine, usage } from './lib/args';
import { writeBenchTable } from './lib/benchTable';
import { toIngestRecords, writeRecords } from './lib/ingestRecords';
import { printMachineSpeed } from './lib/machineSpeed';

const BATCH = 20_000;
const AS_OF = new Date('2026-11-20T19:00:00Z');

const USAGE = 'Usage: npm run bench:import -- [--scales small,demo] [--runs 3]';

function args(): { scales: ScaleName[]; runs: number } {
  const { values } = readCommandLine(USAGE, {
    options: { scales: { type: 'string', default: 'small,demo' }, runs: { type: 'string', default: '3' } },
  });
  const scales = values.scales.split(',');
  const bad = scales.find((s) => !isScaleName(s));
  if (bad) usage(`--scales: no scale '${bad}' (small, demo, large)\n${USAGE}`);
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1)
    usage(`--runs must be a whole number from 1, got '${values.runs}'\n${USAGE}`);
  return { scales: scales as ScaleName[], runs };
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Figure {
  scale: ScaleName;
  communications: number;
  seconds: number;
  rollupSeconds: number;
  rebuildSeconds: number;
}

const { scales, runs } = args();
printMachineSpeed('before the run');
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
  const [first, last] = [figures[0], figures[figures.length - 1]];
  table.push(
    '',
    `Ratio ${last.scale}/${first.scale}: ${(last.seconds / first.seconds).toFixed(2)} (target: at most 1.3).`,
  );
}
process.stdout.write(
  `\nImport of the same ${BATCH.toLocaleString('en-US')} communications (DuckDB, median of ${runs} runs)\n\n${table.join('\n')}\n`,
);
writeBenchTable('import', table);
