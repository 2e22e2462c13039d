/**
 * Rewrites definitions of an older schemaVersion to the current one (engine/definitions/migrations),
 * formatted canonically as dashboards:format does. Files already current are left alone.
 *
 *   npm run dashboards:migrate [-- --check] [files or folders...]   (default: dashboards/)
 *
 * A migrated file is validated before it is written; if it is invalid, its located errors are
 * printed, it is not written, and the exit status is 2. `--check` writes nothing: it lists the
 * files that need migrating and exits 1 if any.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { formatDefinitionError } from '../engine/definitions/definitionError';
import { checkDefinitionText } from '../engine/definitions/loadDefinition';
import { messages } from '../engine/definitions/messages';
import { migrateDefinition } from '../engine/definitions/migrations/migrateDefinition';
import { currentSchemaVersion } from '../engine/definitions/migrations/migrationSteps';
import { JsonSyntaxError, parseJsonWithPositions } from '../engine/definitions/parseJsonWithPositions';
import { canonicalOrder } from '../engine/tools/canonicalOrder';
import { parseCliArgs } from '../engine/tools/cliArgs';
import type { JsonValue } from '../engine/tools/jsonValue';
import { CANONICAL_LAYOUT, printJson } from '../engine/tools/printJson';
import { loadSchemaSet } from '../engine/tools/schemaSet';
import { jsonFilesOf } from '../engine/tools/sources/readWorkingTree';

function main(): number {
  const args = parseCliArgs(process.argv.slice(2), { flags: ['check'] });
  const check = args.flags.has('check');
  const paths = args.positional.length ? args.positional : [resolve(import.meta.dirname, '..', 'dashboards')];
  const set = loadSchemaSet();
  const pending: string[] = [];
  let failed = 0;
  for (const file of jsonFilesOf(paths)) {
    const name = relative(process.cwd(), file) || file;
    const text = readFileSync(file, 'utf8');
    let value: unknown;
    try {
      value = parseJsonWithPositions(text).value;
    } catch (err) {
      if (!(err instanceof JsonSyntaxError)) throw err;
      console.error(`${name}:${err.position.line}:${err.position.column} / ${messages.syntax(err.message)}`);
      failed++;
      continue;
    }
    const migrated = migrateDefinition(value);
    if (migrated.from === undefined) continue;
    pending.push(name);
    if (check) continue;
    const next = printJson(canonicalOrder(migrated.doc as JsonValue, set), CANONICAL_LAYOUT);
    const errors = checkDefinitionText(name, next).errors.filter((e) => e.severity === 'error');
    if (errors.length) {
      for (const e of errors) console.error(formatDefinitionError(e));
      failed++;
      continue;
    }
    writeFileSync(file, next);
    const steps = migrated.applied.map((s) => `${s.from}->${s.to} (${s.description})`).join(', ');
    console.log(`migrated ${name} from schemaVersion ${migrated.from} to ${currentSchemaVersion}: ${steps}`);
  }
  if (check) {
    for (const name of pending) console.log(name);
    if (pending.length)
      console.error(
        `${pending.length} file${pending.length === 1 ? ' needs' : 's need'} migrating to schemaVersion ${currentSchemaVersion}; run npm run dashboards:migrate`,
      );
    return failed ? 2 : pending.length ? 1 : 0;
  }
  return failed ? 2 : 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 2;
}
