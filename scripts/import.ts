// `npm run db:import -- <kind> <file.csv|file.ndjson> [--as-of 2026-11-20T19:00]`
// Validates every record against schemas/ingest/<kind>.schema.json and upserts all or nothing.
import { ImportError, importFile } from '../src/server/ingest/importFile';
import { IMPORT_KINDS, isImportKind } from '../src/server/ingest/schemas';
import { readCommandLine, usage } from './lib/args';
import { openConfiguredStore } from './lib/openConfiguredStore';

const { values: options, positionals: positional } = readCommandLine(
  `Usage: npm run db:import -- <kind> <file.csv|file.ndjson> [--as-of 2026-11-20T19:00]\nKinds: ${IMPORT_KINDS.join(', ')}`,
  { options: { 'as-of': { type: 'string' } }, allowPositionals: true },
);
const [kind, file] = positional;
if (!kind || !file) usage(`Usage: npm run db:import -- <kind> <file>\nKinds: ${IMPORT_KINDS.join(', ')}`);
if (!isImportKind(kind)) usage(`Unknown kind '${kind}'. Kinds: ${IMPORT_KINDS.join(', ')}`);
const asOf = typeof options['as-of'] === 'string' ? new Date(`${options['as-of']}Z`) : undefined;

const store = await openConfiguredStore();
try {
  const result = await importFile(store, kind, file, {
    asOf,
    progress: (m) => process.stdout.write(`  ${m}\n`),
  });
  process.stdout.write(
    `Imported ${result.records.toLocaleString('en-US')} ${kind} records in ${result.seconds.toFixed(1)} s\n`,
  );
} catch (err) {
  if (err instanceof ImportError) {
    process.stderr.write(`${err.message}\n`);
    process.exitCode = 1;
  } else if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
    process.stderr.write(`Cannot read ${file}: no such file\n`);
    process.exitCode = 2;
  } else throw err;
} finally {
  await store.close();
}
