/**
 * Generates docs/dashboards.md, the definition reference, from the descriptions, defaults and
 * examples of schemas/dashboard (every example validated against its schema).
 *
 *   npm run docs:dashboards [-- --check] [--out FILE]
 *
 * `--check` writes nothing and exits 1 when the file is stale. Exits 2 when an example is invalid.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseCliArgs } from '../engine/tools/cliArgs';
import { renderReference } from '../engine/tools/docs/renderReference';
import { loadSchemaSet } from '../engine/tools/schemaSet';

function main(): number {
  const args = parseCliArgs(process.argv.slice(2), { flags: ['check'], valued: ['out'] });
  const out = resolve(args.values.get('out') ?? resolve(import.meta.dirname, '..', 'docs', 'dashboards.md'));
  const name = relative(process.cwd(), out) || out;
  const text = renderReference(loadSchemaSet());
  const current = existsSync(out) ? readFileSync(out, 'utf8') : undefined;
  if (args.flags.has('check')) {
    if (current === text) return 0;
    console.error(`${name} is stale; run npm run docs:dashboards`);
    return 1;
  }
  if (current !== text) writeFileSync(out, text);
  console.log(current === text ? `${name} is current` : `wrote ${name}`);
  return 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 2;
}
