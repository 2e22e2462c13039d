/**
 * Prints a definition as the engine sees it: validated, migrated to the current schemaVersion,
 * normalized (schema defaults filled, shorthand such as a table's state resolved, `$schema`
 * dropped) and in canonical key order, as JSON.
 *
 *   npm run dashboards:print -- PAGE_ID_OR_FILE [--dir FOLDER] [--endpoints PATH]
 *
 * A page id is looked up in dashboards/ (or --dir). Endpoints and fields are checked against
 * schemas/api/endpoints.json as the server does. Exits 2 with every located error when the
 * definition is invalid or the page is unknown.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  canonicalOrder,
  currentSchemaVersion,
  definitionFiles,
  formatDefinitionError,
  isLibraryFile,
  loadDefinitions,
  loadEndpointIndex,
  loadSchemaSet,
  messages,
  printJson,
  toJson,
} from '../engine/tools';
import { isMainModule, processIo, type ToolIo, toolCommand, writeText } from './lib/toolIo';

const root = resolve(import.meta.dirname, '..');

/** Prints one definition with command-line arguments; returns the exit status. */
const usageText = 'usage: npm run dashboards:print -- PAGE_ID_OR_FILE [--dir FOLDER] [--endpoints PATH]';

export const runPrint = toolCommand(
  usageText,
  { options: { dir: { type: 'string' }, endpoints: { type: 'string' } }, allowPositionals: true },
  print,
);

function print(
  args: { values: { dir?: string; endpoints?: string }; positionals: string[] },
  io: ToolIo,
): number {
  const [target] = args.positionals;
  if (!target || args.positionals.length > 1) throw new Error(usageText);
  const at = (p: string) => resolve(io.cwd, p);
  const indexPath = at(args.values.endpoints ?? resolve(root, 'schemas', 'api', 'endpoints.json'));
  const endpoints = loadEndpointIndex(indexPath);
  if (!endpoints) io.err(`warning: ${messages.endpointIndexMissing(indexPath)}`);
  const isFile = existsSync(at(target)) && statSync(at(target)).isFile();
  // A file is read with the library files beside it, which its references may name.
  const files = isFile
    ? [at(target), ...definitionFiles(dirname(at(target))).filter(isLibraryFile)]
    : definitionFiles(at(args.values.dir ?? resolve(root, 'dashboards')));
  const { loaded } = loadDefinitions(files, { endpoints, cwd: io.cwd });
  const item = isFile
    ? loaded[0]
    : (loaded.find((l) => l.definition?.id === target) ?? findById(loaded, target));
  if (!item) {
    const ids = loaded.flatMap((l) => (l.definition ? [l.definition.id] : []));
    throw new Error(
      `no page with id '${target}' and no such file; use a file path or one of ${ids.join(', ')}`,
    );
  }
  const errors = item.errors.filter((e) => e.severity === 'error');
  for (const e of item.errors) io.err(formatDefinitionError(e));
  if (errors.length || !item.definition) return 2;
  if (item.migratedFrom !== undefined)
    io.err(`info: ${item.file}: ${messages.migrated(item.migratedFrom, currentSchemaVersion)}`);
  writeText(io.out, printJson(canonicalOrder(toJson(item.definition), loadSchemaSet())));
  return 0;
}

/** An invalid file whose text names the page id: report its errors rather than 'no such page'. */
function findById(loaded: ReturnType<typeof loadDefinitions>['loaded'], id: string) {
  return loaded.find((l) => !l.definition && l.file.replace(/\\/g, '/').endsWith(`/${id}.json`));
}

if (isMainModule(import.meta.url)) process.exitCode = runPrint(process.argv.slice(2), processIo());
