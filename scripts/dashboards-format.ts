/**
 * Rewrites definitions in canonical form so git diffs show only real changes: keys in the order
 * of the schema's `properties` (`$schema` first, unknown keys last, map entries such as param
 * names in their own order), printed as Biome prints JSON (2-space indentation, final newline).
 *
 *   npm run dashboards:format [-- --check] [files or folders...]   (default: dashboards/)
 *
 * `--check` writes nothing: it lists the files that are not formatted and exits 1 if any. A file
 * that is not JSON is reported with its position and exits 2.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { messages } from '../engine/definitions/messages';
import { JsonSyntaxError } from '../engine/definitions/parseJsonWithPositions';
import { parseCliArgs } from '../engine/tools/cliArgs';
import { formatDefinitionText } from '../engine/tools/formatDefinitionText';
import { loadSchemaSet } from '../engine/tools/schemaSet';
import { jsonFilesOf } from '../engine/tools/sources/readWorkingTree';

function main(): number {
  const args = parseCliArgs(process.argv.slice(2), { flags: ['check'] });
  const check = args.flags.has('check');
  const paths = args.positional.length ? args.positional : [resolve(import.meta.dirname, '..', 'dashboards')];
  const set = loadSchemaSet();
  const unformatted: string[] = [];
  let broken = 0;
  for (const file of jsonFilesOf(paths)) {
    const name = relative(process.cwd(), file) || file;
    const text = readFileSync(file, 'utf8');
    let formatted: string;
    try {
      formatted = formatDefinitionText(text, set);
    } catch (err) {
      if (!(err instanceof JsonSyntaxError)) throw err;
      console.error(`${name}:${err.position.line}:${err.position.column} / ${messages.syntax(err.message)}`);
      broken++;
      continue;
    }
    if (formatted === text) continue;
    unformatted.push(name);
    if (!check) writeFileSync(file, formatted);
  }
  if (check) {
    for (const name of unformatted) console.log(name);
    if (unformatted.length)
      console.error(
        `${unformatted.length} file${unformatted.length === 1 ? ' is' : 's are'} not formatted; run npm run dashboards:format`,
      );
  } else for (const name of unformatted) console.log(`formatted ${name}`);
  if (broken) return 2;
  return check && unformatted.length ? 1 : 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 2;
}
