/**
 * Prints a definition as the engine sees it: validated, migrated to the current schemaVersion,
 * normalized (schema defaults filled, shorthand such as a table's state resolved, `$schema`
 * dropped) and in canonical key order, as JSON. A digest or an alert rule (a file of a digests/ or
 * alerts/ folder, or its id) is printed as the server uses it: checked against the folder's pages,
 * its schema's defaults filled, `$schema` dropped, in its schema's key order.
 *
 *   npm run dashboards:print -- ID_OR_FILE [--dir FOLDER] [--endpoints PATH]
 *
 * An id is looked up among the pages of dashboards/ (or --dir), then its digests and alert rules.
 * Endpoints and fields are checked against schemas/api/endpoints.json as the server does. Exits 2
 * with every located error when the definition is invalid or the id is unknown.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import {
  canonicalOrder,
  currentSchemaVersion,
  definitionFiles,
  formatDefinitionError,
  isLibraryFile,
  type JsonObject,
  type KnownEndpoints,
  loadDefinitions,
  loadEndpointIndex,
  loadSchemaSet,
  messages,
  parseJsonTolerant,
  printJson,
  toJson,
} from '../engine/tools';
import {
  deliveryFiles,
  deliveryKindOf,
  deliverySchemaSet,
  readDeliveryDefinitions,
} from '../src/server/deliveries/definitions';
import { isMainModule, processIo, type ToolIo, toolCommand, writeText } from './lib/toolIo';

const root = resolve(import.meta.dirname, '..');

/** Prints one definition with command-line arguments; returns the exit status. */
const usageText = 'usage: npm run dashboards:print -- ID_OR_FILE [--dir FOLDER] [--endpoints PATH]';

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
  const folder = at(args.values.dir ?? resolve(root, 'dashboards'));
  // A digest or alert rule is checked against the pages of the folder its digests/ or alerts/ is in.
  if (isFile && deliveryKindOf(at(target)))
    return printDelivery(io, dirname(dirname(at(target))), endpoints, at(target));
  // A file is read with the library files beside it, which its references may name.
  const files = isFile
    ? [at(target), ...definitionFiles(dirname(at(target))).filter(isLibraryFile)]
    : definitionFiles(folder);
  const { loaded } = loadDefinitions(files, { endpoints, cwd: io.cwd });
  const item = isFile
    ? loaded[0]
    : (loaded.find((l) => l.definition?.id === target) ?? findById(loaded, target));
  if (!item) {
    const delivery = deliveryFileOf(folder, target);
    if (delivery) return printDelivery(io, folder, endpoints, delivery);
    const ids = [
      ...loaded.flatMap((l) => (l.definition ? [l.definition.id] : [])),
      ...deliveryFiles(folder).map((f) => basename(f, '.json')),
    ];
    throw new Error(
      `no page, digest or alert rule with id '${target}' and no such file; use a file path or one of ${ids.join(', ')}`,
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

/**
 * Prints a digest or an alert rule checked as the server checks it (against the pages of `folder`,
 * the folder its digests/ or alerts/ is in); returns the exit status.
 */
function printDelivery(
  io: ToolIo,
  folder: string,
  endpoints: KnownEndpoints | undefined,
  file: string,
): number {
  const checked = readDeliveryDefinitions(folder, { files: [file], endpoints, cwd: io.cwd });
  for (const e of checked.errors) io.err(formatDefinitionError(e));
  const definition: { $schema?: string } | undefined =
    [...checked.digests.values()][0] ?? [...checked.alertRules.values()][0];
  const kind = deliveryKindOf(file);
  if (!definition || !kind) return 2;
  const { $schema: _, ...printed } = definition;
  writeText(io.out, printJson(canonicalOrder(printed as JsonObject, deliverySchemaSet(kind))));
  return 0;
}

/** The digest or alert-rule file of a folder that declares `id` (else is named after it). */
function deliveryFileOf(folder: string, id: string): string | undefined {
  const files = deliveryFiles(folder);
  const declared = (f: string) =>
    (parseJsonTolerant(readFileSync(f, 'utf8')).value as { id?: unknown } | undefined)?.id === id;
  return files.find(declared) ?? files.find((f) => basename(f) === `${id}.json`);
}

/** An invalid file whose text names the page id: report its errors rather than 'no such page'. */
function findById(loaded: ReturnType<typeof loadDefinitions>['loaded'], id: string) {
  return loaded.find((l) => !l.definition && l.file.replace(/\\/g, '/').endsWith(`/${id}.json`));
}

if (isMainModule(import.meta.url)) process.exitCode = runPrint(process.argv.slice(2), processIo());
