/**
 * Compares dashboard definitions as the engine sees them (normalized: defaults filled, so key
 * order, formatting and values equal to their defaults make no difference).
 *
 *   npm run dashboards:diff -- OLD NEW                    files or folders
 *   npm run dashboards:diff -- --from REV [--to REV] [paths...]
 *                                                        git revisions (a missing side is the
 *                                                        working tree; paths default to dashboards)
 *   --json                                               a machine-readable report
 *   --render --out DIR                                   also, per changed page, its changed
 *                                                        panels drawn before and after, side by
 *                                                        side: DIR/<page>.html and DIR/<page>.png
 *
 *   --endpoints PATH                                     the endpoint index (default
 *                                                        schemas/api/endpoints.json)
 *   --library DIR                                        the library files (_*.json) of pages
 *                                                        named without theirs (default: those
 *                                                        beside them, else the repository's
 *                                                        dashboards/)
 *
 * Each side is checked as `dashboards:check` checks a folder (endpoints, fields, the checks across
 * files), so the diff refuses what the check refuses. The digests and alert rules of a compared
 * folder (its digests/ and alerts/) are compared too, one line each that differs. Exits 0 when equal, 1 when different, 2 on
 * an error (unreadable input, invalid definition: every located error is printed). Changed and
 * moved list items are named by their id, field or value (and header or title), and an added
 * panel is shown whole.
 */
import { dirname, join, relative, resolve } from 'node:path';
import {
  type DefinitionText,
  type DiffReport,
  diffDefinitionSets,
  formatDefinitionError,
  isLibraryFile,
  loadEndpointIndex,
  loadVersions,
  pageSummary,
  readRevision,
  readWorkingTree,
  renderDiffText,
} from '../engine/tools';
import { checkDeliveryTexts, DELIVERY_FOLDERS, pagePanelsOf } from '../src/server/deliveries/definitions';
import { deliveryDiffLines, diffDeliveries } from '../src/server/deliveries/diffDeliveries';
import { type CommandLine, parseCommandLine } from './lib/args';
import { isMainModule, processIo, type ToolIo, toolCommand, writeText } from './lib/toolIo';

const usageText =
  'usage: npm run dashboards:diff -- [--json] [--endpoints PATH] [--library DIR] [--render --out DIR] OLD NEW | [--json] [--render --out DIR] --from REV [--to REV] [paths...]';

/**
 * The texts of paths, with the library files (`_*.json`) their references resolve against when
 * the paths hold none: those of `library` when given, else those beside a named file, else (a
 * loose file, sent without its library) those of the repository's dashboards/.
 */
function withLibrary(
  paths: string[],
  read: (paths: string[]) => DefinitionText[],
  library: { dir?: string; read: (paths: string[]) => DefinitionText[] },
): DefinitionText[] {
  const texts = read(paths);
  if (texts.some((t) => isLibraryFile(t.source))) return texts;
  const librariesOf = (folders: string[], readFolder: (paths: string[]) => DefinitionText[]) =>
    folders.flatMap((folder) => {
      try {
        return readFolder([folder]).filter((t) => isLibraryFile(t.source));
      } catch {
        return [];
      }
    });
  if (library.dir) return [...library.read([library.dir]).filter((t) => isLibraryFile(t.source)), ...texts];
  const folders = [...new Set(paths.filter((p) => p.endsWith('.json')).map((p) => dirname(p)))];
  const beside = librariesOf(folders, read);
  return [...(beside.length ? beside : librariesOf([REPOSITORY_DASHBOARDS], library.read)), ...texts];
}

/**
 * The digest and alert-rule texts of compared folders: those of the digests/ and alerts/ folders
 * of each path (at a revision, or in the working tree); a file, or a folder without them, has none.
 */
function deliveryTextsOf(paths: string[], revision: string | undefined, cwd: string): DefinitionText[] {
  return paths.flatMap((dir) =>
    Object.values(DELIVERY_FOLDERS).flatMap((sub) => {
      const path = join(dir, sub);
      try {
        return revision === undefined ? readWorkingTree([path], cwd) : readRevision(revision, [path], cwd);
      } catch {
        return [];
      }
    }),
  );
}

/** The repository's definitions folder: the library of a loose page file. */
const REPOSITORY_DASHBOARDS = resolve(import.meta.dirname, '..', 'dashboards');

/** What the diff takes. */
const commandLine = {
  options: {
    json: { type: 'boolean' },
    render: { type: 'boolean' },
    from: { type: 'string' },
    to: { type: 'string' },
    endpoints: { type: 'string' },
    library: { type: 'string' },
    out: { type: 'string' },
  },
  allowPositionals: true,
} as const;

/** Runs the diff with command-line arguments; returns the exit status. */
export const runDiff = toolCommand(usageText, commandLine, (args, io) => {
  // Drawing is asynchronous: the command's main block runs it (runRenderedDiff).
  if (args.values.render)
    throw new Error('--render draws pages: run it as npm run dashboards:diff -- --render');
  const compared = compareArgs(args, io);
  return typeof compared === 'number' ? compared : compared.status;
});

/** What a diff compared: both sides' texts, and the report (printed already). */
export interface Compared {
  status: number;
  before: DefinitionText[];
  after: DefinitionText[];
  report: DiffReport;
  args: CommandLine<typeof commandLine>;
}

/**
 * Reads, checks and compares both sides, and prints the report; returns the exit status when
 * nothing was compared (a usage or definition error, --help), else what was compared.
 */
export function compare(argv: string[], io: ToolIo): number | Compared {
  const args = parseCommandLine(argv, usageText, commandLine);
  if (args.values.help) {
    io.out(usageText);
    return 0;
  }
  return compareArgs(args, io);
}

function compareArgs(args: CommandLine<typeof commandLine>, io: ToolIo): number | Compared {
  const from = args.values.from;
  const to = args.values.to;
  const readTree = (p: string[]) => readWorkingTree(p, io.cwd);
  const libraryDir = args.values.library;
  const library = { dir: libraryDir && resolve(io.cwd, libraryDir), read: readTree };
  let before: DefinitionText[];
  let after: DefinitionText[];
  let beforeDeliveries: DefinitionText[];
  let afterDeliveries: DefinitionText[];
  if (from !== undefined || to !== undefined) {
    const defaultPath = relative(io.cwd, resolve(import.meta.dirname, '..', 'dashboards')) || '.';
    const paths = args.positionals.length ? args.positionals : [defaultPath];
    const read = (rev: string | undefined) => (p: string[]) =>
      rev === undefined ? readTree(p) : readRevision(rev, p, io.cwd);
    before = withLibrary(paths, read(from), library);
    after = withLibrary(paths, read(to), library);
    beforeDeliveries = deliveryTextsOf(paths, from, io.cwd);
    afterDeliveries = deliveryTextsOf(paths, to, io.cwd);
  } else {
    if (args.positionals.length !== 2) throw new Error(`expected two files or folders; ${usageText}`);
    before = withLibrary([args.positionals[0]], readTree, library);
    after = withLibrary([args.positionals[1]], readTree, library);
    beforeDeliveries = deliveryTextsOf([args.positionals[0]], undefined, io.cwd);
    afterDeliveries = deliveryTextsOf([args.positionals[1]], undefined, io.cwd);
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
  // Digests and alert rules (the digests/ and alerts/ folders of a folder compared), each side
  // checked against its own pages as dashboards:check checks them.
  const deliveriesOf = (texts: DefinitionText[], pages: typeof old.versions) => {
    const checked = checkDeliveryTexts(
      texts.map((t) => ({ file: t.source, text: t.text })),
      pagePanelsOf(pages.map((v) => v.page)),
      endpoints,
    );
    return checked.errors.filter((e) => e.severity === 'error').map(formatDefinitionError);
  };
  const deliveryErrors = [
    ...deliveriesOf(beforeDeliveries, old.versions),
    ...deliveriesOf(afterDeliveries, next.versions),
  ];
  if (deliveryErrors.length) {
    for (const line of deliveryErrors) io.err(line);
    io.err(`${deliveryErrors.length} error${deliveryErrors.length === 1 ? '' : 's'}; nothing compared`);
    return 2;
  }
  const deliveries = diffDeliveries(beforeDeliveries, afterDeliveries);
  const report = diffDefinitionSets(old.versions, next.versions);
  const equal = report.equal && !deliveries.length;
  if (args.values.json) {
    const pages = report.pages.map((p) => ({ ...p, summary: pageSummary(p) }));
    io.out(JSON.stringify({ equal, pages, ...(deliveries.length ? { deliveries } : {}) }, null, 2));
  } else {
    writeText(io.out, renderDiffText(report));
    for (const line of deliveryDiffLines(deliveries)) io.out(line);
  }
  return { status: equal ? 0 : 1, before, after, report, args };
}

if (isMainModule(import.meta.url)) {
  const argv = process.argv.slice(2);
  // `--render`: the changed panels drawn before and after (scripts/lib/renderDiff.ts).
  if (argv.includes('--render')) {
    const { runRenderedDiff } = await import('./lib/renderDiff');
    process.exitCode = await runRenderedDiff(argv, processIo(), compare);
  } else process.exitCode = runDiff(argv, processIo());
}
