/**
 * Generates docs/dashboards.md, the definition reference, from the descriptions, defaults and
 * examples of schemas/dashboard (every example validated against its schema), and
 * docs/endpoints.md, the endpoint catalogue (body keys, row fields and sortable columns of every
 * endpoint of schemas/api/endpoints.json), and docs/deliveries.md, the reference of digests and
 * alert rules, from schemas/delivery (the shipped definitions as its examples).
 *
 *   npm run docs:dashboards [-- --check] [--out FILE]
 *
 * `--check` writes nothing and exits 1 when a file is stale. Exits 2 when an example is invalid.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { loadEndpointIndex, loadSchemaSet, renderEndpointCatalogue, renderReference } from '../engine/tools';
import { renderDeliveryReference } from '../src/server/deliveries/deliveryReference';
import { isMainModule, processIo, type ToolIo, toolCommand } from './lib/toolIo';

/** Writes (or with --check, checks) the generated docs with command-line arguments; returns the exit status. */
export const runDocs = toolCommand(
  'usage: npm run docs:dashboards -- [--check] [--out FILE]',
  { options: { check: { type: 'boolean', default: false }, out: { type: 'string' } } },
  docs,
);

function docs(args: { values: { check: boolean; out?: string } }, io: ToolIo): number {
  const root = resolve(import.meta.dirname, '..');
  const indexPath = resolve(root, 'schemas', 'api', 'endpoints.json');
  const endpoints = loadEndpointIndex(indexPath);
  if (!endpoints) throw new Error(`the endpoint index ${indexPath} is missing`);
  const outputs = [
    {
      out: resolve(io.cwd, args.values.out ?? resolve(root, 'docs', 'dashboards.md')),
      text: renderReference(loadSchemaSet()),
    },
    {
      out: resolve(root, 'docs', 'endpoints.md'),
      text: renderEndpointCatalogue(endpoints, relative(root, indexPath)),
    },
    { out: resolve(root, 'docs', 'deliveries.md'), text: renderDeliveryReference() },
  ];
  let stale = 0;
  for (const { out, text } of outputs) {
    const name = relative(io.cwd, out) || out;
    const current = existsSync(out) ? readFileSync(out, 'utf8') : undefined;
    if (args.values.check) {
      if (current !== text) {
        io.err(`${name} is stale; run npm run docs:dashboards`);
        stale++;
      }
      continue;
    }
    if (current !== text) writeFileSync(out, text);
    io.out(current === text ? `${name} is current` : `wrote ${name}`);
  }
  return stale ? 1 : 0;
}

if (isMainModule(import.meta.url)) process.exitCode = runDocs(process.argv.slice(2), processIo());
