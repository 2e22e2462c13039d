/**
 * Validates dashboard definitions: `npm run dashboards:check [files...]` (default: every file in
 * dashboards/). Prints every error, one located line each, and exits 1 if there is any.
 * `--endpoints PATH` reads another endpoint index than schemas/api/endpoints.json.
 */
import { resolve } from 'node:path';
import {
  definitionFiles,
  formatDefinitionError,
  loadDefinitions,
  loadEndpointIndex,
} from '../engine/definitions/index';
import { messages } from '../engine/definitions/messages';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const at = args.indexOf('--endpoints');
const indexPath = at >= 0 ? resolve(args[at + 1]) : resolve(root, 'schemas', 'api', 'endpoints.json');
const files = args.filter((_, i) => at < 0 || (i !== at && i !== at + 1));
const paths = files.length ? files.map((f) => resolve(f)) : definitionFiles(resolve(root, 'dashboards'));

const endpoints = loadEndpointIndex(indexPath);
if (!endpoints) console.warn(`warning: ${messages.endpointIndexMissing(indexPath)}`);
const { loaded, errors } = loadDefinitions(paths, { endpoints });
for (const e of errors) console.error(formatDefinitionError(e));
const failed = errors.filter((e) => e.severity === 'error').length;
console.log(
  `${loaded.length} definition${loaded.length === 1 ? '' : 's'} checked, ${failed} error${failed === 1 ? '' : 's'}`,
);
process.exit(failed ? 1 : 0);
