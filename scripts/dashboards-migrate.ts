/**
 * Rewrites definitions of an older schemaVersion to the current one (engine/definitions/migrations)
 * in lean form (engine/tools/leanForm.ts: what the library files beside the pages already say is
 * replaced by its name), formatted canonically as dashboards:format does. Files already current
 * are left alone. The library is the `_*.json` files of the file's folder, else of the definitions
 * folder (DASHBOARDS_DIR, default dashboards/).
 *
 *   npm run dashboards:migrate [-- --check] [files or folders...]   (default: dashboards/)
 *
 * A migrated file is validated before it is written; if it is invalid, its located errors are
 * printed, it is not written, and the exit status is 2. `--check` writes nothing: it lists the
 * files that need migrating and exits 1 if any. Digests and alert rules (a folder's digests/ and
 * alerts/) have no schemaVersion: they are left alone, and a run that writes says how many it
 * passed by.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import {
  checkDefinitionText,
  currentSchemaVersion,
  definitionFiles,
  formatDefinitionError,
  isLibraryFile,
  JsonSyntaxError,
  type Library,
  libraryOfFolder,
  loadEndpointIndex,
  loadSchemaSet,
  messages,
  migrateText,
} from '../engine/tools';
import { definitionPathFiles, deliveryKindOf } from '../src/server/deliveries/definitions';
import { isMainModule, processIo, type ToolIo, toolCommand } from './lib/toolIo';

/**
 * The library of a folder's `_*.json` files, else of the definitions folder's, each folder read
 * once per run.
 */
function libraryLookup(io: ToolIo): (dir: string) => Library {
  const libraries = new Map<string, Library>();
  return (dir) => {
    let library = libraries.get(dir);
    if (!library) {
      const own = definitionFiles(dir).some(isLibraryFile);
      const fallback = resolve(
        io.cwd,
        io.env.DASHBOARDS_DIR ?? resolve(import.meta.dirname, '..', 'dashboards'),
      );
      library = libraryOfFolder(own ? dir : fallback);
      libraries.set(dir, library);
    }
    return library;
  };
}

/** Migrates (or with --check, lists) definitions with command-line arguments; returns the exit status. */
export const runMigrate = toolCommand(
  'usage: npm run dashboards:migrate -- [--check] [files or folders...]',
  { options: { check: { type: 'boolean', default: false } }, allowPositionals: true },
  migrate,
);

function migrate(args: { values: { check: boolean }; positionals: string[] }, io: ToolIo): number {
  const libraryFor = libraryLookup(io);
  const check = args.values.check;
  const paths = args.positionals.length
    ? args.positionals
    : [resolve(import.meta.dirname, '..', 'dashboards')];
  const set = loadSchemaSet();
  const endpoints = loadEndpointIndex(resolve(import.meta.dirname, '..', 'schemas', 'api', 'endpoints.json'));
  const pending: string[] = [];
  let failed = 0;
  let deliveries = 0;
  for (const file of definitionPathFiles(paths, io.cwd)) {
    const name = relative(io.cwd, file) || file;
    if (isLibraryFile(file)) continue;
    if (deliveryKindOf(file)) {
      deliveries++;
      continue;
    }
    const text = readFileSync(file, 'utf8');
    const library = libraryFor(dirname(file));
    let migrated: ReturnType<typeof migrateText>;
    try {
      migrated = migrateText(text, library, set, endpoints);
    } catch (err) {
      if (!(err instanceof JsonSyntaxError)) throw err;
      io.err(`${name}:${err.position.line}:${err.position.column} / ${messages.syntax(err.message)}`);
      failed++;
      continue;
    }
    const next = migrated.next;
    if (migrated.from === undefined || next === undefined) continue;
    pending.push(name);
    if (check) continue;
    // The shape is checked here; endpoints and fields are dashboards:check's, against its index.
    const errors = checkDefinitionText(name, next, { library }).errors.filter((e) => e.severity === 'error');
    if (errors.length) {
      for (const e of errors) io.err(formatDefinitionError(e));
      failed++;
      continue;
    }
    writeFileSync(file, next);
    const steps = migrated.applied.map((s) => `${s.from}->${s.to} (${s.description})`).join(', ');
    io.out(`migrated ${name} from schemaVersion ${migrated.from} to ${currentSchemaVersion}: ${steps}`);
  }
  // --check lists only what needs migrating (nothing, when every file is current).
  if (deliveries && !check)
    io.err(
      `info: ${deliveries} file${deliveries === 1 ? '' : 's'} of digests/ and alerts/ left alone: digests and alert rules have no schemaVersion to migrate`,
    );
  if (check) {
    for (const name of pending) io.out(name);
    if (pending.length)
      io.err(
        `${pending.length} file${pending.length === 1 ? ' needs' : 's need'} migrating to schemaVersion ${currentSchemaVersion}; run npm run dashboards:migrate`,
      );
    return failed ? 2 : pending.length ? 1 : 0;
  }
  return failed ? 2 : 0;
}

if (isMainModule(import.meta.url)) process.exitCode = runMigrate(process.argv.slice(2), processIo());
