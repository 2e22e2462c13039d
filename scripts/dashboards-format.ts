/**
 * Rewrites definitions in canonical form so git diffs show only real changes: keys in the order
 * of the schema's `properties` (`$schema` first, unknown keys last, map entries such as param
 * names in their own order), printed as Biome prints JSON (2-space indentation, final newline).
 * A folder's pages and library files are formatted by schemas/dashboard, its digests/ and alerts/
 * by schemas/delivery.
 *
 *   npm run dashboards:format [-- --check] [files or folders...]   (default: dashboards/)
 *
 * `--check` writes nothing: it lists the files that are not formatted and exits 1 if any. A file
 * that is not JSON is reported with its position and exits 2.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import {
  formatDefinitionText,
  JsonSyntaxError,
  loadSchemaSet,
  messages,
  type SchemaSet,
} from '../engine/tools';
import { definitionPathFiles, deliveryKindOf, deliverySchemaSet } from '../src/server/deliveries/definitions';
import { isMainModule, processIo, type ToolIo, toolCommand } from './lib/toolIo';

/** Formats (or with --check, checks) definitions with command-line arguments; returns the exit status. */
export const runFormat = toolCommand(
  'usage: npm run dashboards:format -- [--check] [files or folders...]',
  { options: { check: { type: 'boolean', default: false } }, allowPositionals: true },
  format,
);

function format(args: { values: { check: boolean }; positionals: string[] }, io: ToolIo): number {
  const check = args.values.check;
  const paths = args.positionals.length
    ? args.positionals
    : [resolve(import.meta.dirname, '..', 'dashboards')];
  const pageSet = loadSchemaSet();
  /** A page's schemas, or a digest's or an alert rule's (by its folder). */
  const setOf = (file: string): SchemaSet => {
    const kind = deliveryKindOf(file);
    return kind ? deliverySchemaSet(kind) : pageSet;
  };
  const unformatted: string[] = [];
  let broken = 0;
  for (const file of definitionPathFiles(paths, io.cwd)) {
    const name = relative(io.cwd, file) || file;
    const text = readFileSync(file, 'utf8');
    let formatted: string;
    try {
      formatted = formatDefinitionText(text, setOf(file));
    } catch (err) {
      if (!(err instanceof JsonSyntaxError)) throw err;
      io.err(`${name}:${err.position.line}:${err.position.column} / ${messages.syntax(err.message)}`);
      broken++;
      continue;
    }
    if (formatted === text) continue;
    unformatted.push(name);
    if (!check) writeFileSync(file, formatted);
  }
  if (check) {
    for (const name of unformatted) io.out(name);
    if (unformatted.length)
      io.err(
        `${unformatted.length} file${unformatted.length === 1 ? ' is' : 's are'} not formatted; run npm run dashboards:format`,
      );
  } else for (const name of unformatted) io.out(`formatted ${name}`);
  if (broken) return 2;
  return check && unformatted.length ? 1 : 0;
}

if (isMainModule(import.meta.url)) process.exitCode = runFormat(process.argv.slice(2), processIo());
