// `npm run db:seed -- [--scale small|demo|large|xlarge] [--seed N] [--as-of 2026-11-20T19:00]`
// Replaces the data with the generated demo data set (deterministic: same seed, same data).
import { isScaleName, SCALE_NAMES } from '../src/server/seed/scales';
import { seedDatabase } from '../src/server/seed/seed';
import { readCommandLine, usage } from './lib/args';
import { openConfiguredStore } from './lib/openConfiguredStore';

const { values: options } = readCommandLine(
  'Usage: npm run db:seed -- [--scale small|demo|large|xlarge] [--seed N] [--as-of 2026-11-20T19:00]',
  { options: { scale: { type: 'string' }, seed: { type: 'string' }, 'as-of': { type: 'string' } } },
);
const scale = String(options.scale ?? 'demo');
if (!isScaleName(scale)) usage(`--scale must be ${SCALE_NAMES}, got '${scale}'`);
const seed = Number(options.seed ?? 1);
if (!Number.isInteger(seed)) usage(`--seed must be a whole number, got '${options.seed}'`);
const asOf = typeof options['as-of'] === 'string' ? new Date(`${options['as-of']}Z`) : undefined;
if (asOf && Number.isNaN(asOf.getTime()))
  usage(`--as-of must be a local time like 2026-11-20T19:00, got '${options['as-of']}'`);

const store = await openConfiguredStore();
const started = Date.now();
process.stdout.write(`Seeding the ${scale} scale (seed ${seed}) into ${store.kind}...\n`);
const counts = await seedDatabase(store, {
  scale,
  seed,
  asOf,
  progress: (m) => process.stdout.write(`  ${m}\n`),
});
await store.close();
const seconds = (Date.now() - started) / 1000;
for (const [table, n] of Object.entries(counts))
  process.stdout.write(`  ${table.padEnd(16)} ${n.toLocaleString('en-US')}\n`);
process.stdout.write(`Done in ${seconds.toFixed(1)} s\n`);
