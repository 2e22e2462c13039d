/**
 * Compares dashboard definitions as the engine sees them (normalized: defaults filled, so key
 * order, formatting and values equal to their defaults make no difference).
 *
 *   npm run dashboards:diff -- OLD NEW                    files or folders
 *   npm run dashboards:diff -- --from REV [--to REV] [paths...]
 *                                                        git revisions (a missing side is the
 *                                                        working tree; paths default to dashboards)
 *   --json                                               a machine-readable report
 *
 *   --endpoints PATH                                     the endpoint index (default
 *                                                        schemas/api/endpoints.json)
 *
 * Each side is checked as `dashboards:check` checks a folder (endpoints, fields, the checks across
 * files), so the diff refuses what the check refuses. Exits 0 when equal, 1 when different, 2 on
 * an error (unreadable input, invalid definition: every located error is printed). Changed and
 * moved list items are named by their id, field or value (and header or title), and an added
 * panel is shown whole.
 */
import { dirname, relative, resolve } from 'node:path';
import {
  type DefinitionText,
  diffDefinitionSets,
  isLibraryFile,
  loadEndpointIndex,
  loadVersions,
  pageSummary,
  readRevision,
  readWorkingTree,
  renderDiffText,
} from '../engine/tools';
import type { CommandLine } from './lib/args';
import { isMainModule, processIo, type ToolIo, toolCommand, writeText } from './lib/toolIo';

const usageText =
  'usage: npm run dashboards:diff -- [--json] [--endpoints PATH] OLD NEW | [--json] --from REV [--to REV] [paths...]';

/**
 * The texts of paths, with the library files (`_*.json`) of a named file's folder when the paths
 * hold none (a page's library references resolve as they do beside it).
 */
function withLibrary(paths: string[], read: (paths: string[]) => DefinitionText[]): DefinitionText[] {
  const texts = read(paths);
  if (texts.some((t) => isLibraryFile(t.source))) return texts;
  const folders = [...new Set(paths.filter((p) => p.endsWith('.json')).map((p) => dirname(p)))];
  const libraries = folders.flatMap((folder) => {
    try {
      return read([folder]).filter((t) => isLibraryFile(t.source));
    } catch {
      return [];
    }
  });
  return [...libraries, ...texts];
}

/** Runs the diff with command-line arguments; returns the exit status. */
const commandLine = {
  options: {
    json: { type: 'boolean' },
    from: { type: 'string' },
    to: { type: 'string' },
    endpoints: { type: 'string' },
  },
  allowPositionals: true,
} as const;

export const runDiff = toolCommand(usageText, commandLine, diff);

function diff(args: CommandLine<typeof commandLine>, io: ToolIo): number {
  const { from, to } = args.values;
  const readTree = (p: string[]) => readWorkingTree(p, io.cwd);
  let before: DefinitionText[];
  let after: DefinitionText[];
  if (from !== undefined || to !== undefined) {
    const defaultPath = relative(io.cwd, resolve(import.meta.dirname, '..', 'dashboards')) || '.';
    const paths = args.positionals.length ? args.positionals : [defaultPath];
    const read = (rev: string | undefined) => (p: string[]) =>
      rev === undefined ? readTree(p) : readRevision(rev, p, io.cwd);
    before = withLibrary(paths, read(from));
    after = withLibrary(paths, read(to));
  } else {
    if (args.positionals.length !== 2) throw new Error(`expected two files or folders; ${usageText}`);
    before = withLibrary([args.positionals[0]], readTree);
    after = withLibrary([args.positionals[1]], readTree);
  }
  const indexPath = resolve(
    io.cwd,
    args.values.endpoints ?? resolve(import.meta.dirname, '..', 'schemas', 'api', 'endpoints.json'),
  );
  const endpoints = loadEndpointIndex(indexPath);
  if (!endpoints) throw new Error(`the endpoint index ${indexPath} is missing; pass --endpoints`);
  const old = loadVersions(before, { endpoints });
  const next = loadVersions(after, { endpoints });
  for (const line of [...old.infos, ...next.infos]) io.err(`info: ${line}`);
  const errors = [...old.errors, ...next.errors];
  if (errors.length) {
    for (const line of errors) io.err(line);
    io.err(`${errors.length} error${errors.length === 1 ? '' : 's'}; nothing compared`);
    return 2;
  }
  const report = diffDefinitionSets(old.versions, next.versions);
  if (args.values.json) {
    const pages = report.pages.map((p) => ({ ...p, summary: pageSummary(p) }));
    io.out(JSON.stringify({ equal: report.equal, pages }, null, 2));
  } else writeText(io.out, renderDiffText(report));
  return report.equal ? 0 : 1;
}

if (isMainModule(import.meta.url)) process.exitCode = runDiff(process.argv.slice(2), processIo());
