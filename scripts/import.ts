// `npm run db:import -- <kind> <file.csv|file.ndjson> [--as-of 2026-11-20T19:00]`
// Validates every record against schemas/ingest/<kind>.schema.json and upserts all or nothing.
import { statSync } from 'node:fs';
import { ImportError, importFile } from '../src/server/ingest/importFile';
import { IMPORT_KINDS, type ImportKind, isImportKind } from '../src/server/ingest/schemas';
import { parseClock } from '../src/server/ingest/values';
import { readCommandLine, usage } from './lib/args';
import { openConfiguredStoreOrExit } from './lib/openConfiguredStore';

const { values: options, positionals: positional } = readCommandLine(
  `Usage: npm run db:import -- <kind> <file.csv|file.ndjson> [--as-of 2026-11-20T19:00]\nKinds: ${IMPORT_KINDS.join(', ')}`,
  { options: { 'as-of': { type: 'string' } }, allowPositionals: true },
);
const [kindArg, file] = positional;
if (!kindArg || !file) usage(`Usage: npm run db:import -- <kind> <file>\nKinds: ${IMPORT_KINDS.join(', ')}`);
if (!isImportKind(kindArg)) usage(`Unknown kind '${kindArg}'. Kinds: ${IMPORT_KINDS.join(', ')}`);
const kind: ImportKind = kindArg;
let asOf: Date | undefined;
if (options['as-of'] !== undefined) {
  const parsed = typeof options['as-of'] === 'string' ? parseClock(options['as-of']) : undefined;
  if (!parsed || 'problem' in parsed)
    usage(`--as-of ${parsed?.problem ?? 'needs a value'} (local clock time, e.g. 2026-11-20T19:00)`);
  asOf = new Date(parsed.ms);
}

/** The file's problem in one line, or undefined when it can be read. */
function unreadable(path: string): string | undefined {
  try {
    if (statSync(path).isDirectory()) return `Cannot import ${path}: it is a folder, not a file`;
    return undefined;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return `Cannot read ${path}: no such file`;
    return `Cannot read ${path}: ${code ?? (err as Error).message}`;
  }
}

async function main(): Promise<number> {
  const problem = unreadable(file);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    return 1;
  }
  const store = await openConfiguredStoreOrExit();
  try {
    const result = await importFile(store, kind, file, {
      asOf,
      progress: (m) => process.stdout.write(`  ${m}\n`),
    });
    process.stdout.write(
      `Imported ${result.records.toLocaleString('en-US')} ${kind} records (${result.added.toLocaleString('en-US')} new, ${result.updated.toLocaleString('en-US')} updated) in ${result.seconds.toFixed(1)} s\n`,
    );
    return 0;
  } catch (err) {
    if (err instanceof ImportError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    // Anything else (the file vanished or could not be read mid-way, the database went away): one line.
    process.stderr.write(`Import failed, nothing was imported: ${(err as Error).message.split('\n')[0]}\n`);
    return 1;
  } finally {
    await store.close();
  }
}

process.exitCode = await main();
