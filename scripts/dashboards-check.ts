/**
 * Validates dashboard definitions: `npm run dashboards:check [--format text|json] [paths...]`.
 *
 * - No path: every file of the definitions folder (DASHBOARDS_DIR, default dashboards/), and the
 *   digests and alert rules of its digests/ and alerts/ folders, checked against its pages.
 * - A folder: every *.json file in it, checked together.
 * - A file: checked against the definitions folder (its namesake there is replaced by it), so a
 *   page id, route or menu entry that another page already has is reported on that file, and
 *   the library files (_*.json) there resolve its references. `--alone` leaves out the other
 *   pages (not the library); `--against DIR` names another folder.
 *
 * Every error of every file is collected in one run, then printed one located line each
 * (`file:line:column /pointer message`), or as one JSON document with `--format json`. Exits 1
 * if there is any error, 2 on a usage error. `--endpoints PATH` reads another endpoint index than
 * schemas/api/endpoints.json.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import {
  checkDefinitionTexts,
  type DefinitionError,
  definitionFiles,
  formatDefinitionError,
  isLibraryFile,
  loadEndpointIndex,
  messages,
} from '../engine/tools';
import {
  checkDeliveryTexts,
  definitionPathFiles,
  deliveryFiles,
  deliveryKindOf,
  pagePanelsOf,
} from '../src/server/deliveries/definitions';
import type { CommandLine } from './lib/args';
import { isMainModule, processIo, type ToolIo, toolCommand } from './lib/toolIo';

const root = resolve(import.meta.dirname, '..');

const usage =
  'usage: npm run dashboards:check -- [--format text|json] [--alone | --against DIR] [--endpoints PATH] [files or folders...]\n       npm run dashboards:check -- --render [--pages ID,ID] [--endpoints PATH] [FOLDER]';

const commandLine = {
  options: {
    alone: { type: 'boolean' },
    format: { type: 'string', default: 'text' },
    endpoints: { type: 'string' },
    against: { type: 'string' },
  },
  allowPositionals: true,
} as const;

/** Runs the check with command-line arguments; returns the exit status. */
export const runCheck = toolCommand(usage, commandLine, check);

function check(args: CommandLine<typeof commandLine>, io: ToolIo): number {
  const format = args.values.format;
  if (format !== 'text' && format !== 'json') {
    io.err(`--format must be text or json, not '${format}'\n${usage}`);
    return 2;
  }
  const at = (p: string) => resolve(io.cwd, p);
  const name = (p: string) => relative(io.cwd, p) || p;
  const folder = at(args.values.against ?? io.env.DASHBOARDS_DIR ?? resolve(root, 'dashboards'));
  const indexPath = at(args.values.endpoints ?? resolve(root, 'schemas', 'api', 'endpoints.json'));

  // The files to report on, and the files they are checked beside.
  const given: string[] = [];
  for (const p of args.positionals.map(at)) {
    if (!existsSync(p)) {
      io.err(`${name(p)}: no such file or folder`);
      return 2;
    }
    given.push(...definitionPathFiles([p], io.cwd));
  }
  if (!given.length && !existsSync(folder)) {
    io.err(`the definitions folder ${name(folder)} does not exist; set DASHBOARDS_DIR or name files`);
    return 2;
  }
  // Digests and alert rules (in digests/ and alerts/) are checked against the pages of the set.
  const named = given.filter((f) => !deliveryKindOf(f));
  const deliveries = args.positionals.length ? given.filter((f) => deliveryKindOf(f)) : deliveryFiles(folder);
  const reported = named.length || given.length ? named : definitionFiles(folder);
  // Library files (_*.json) always come along: the pages reference them. `--alone` leaves out
  // only the other pages.
  const context =
    given.length && existsSync(folder)
      ? definitionFiles(folder).filter(
          (f) =>
            !named.some((n) => basename(n) === basename(f)) &&
            (!args.values.alone || isLibraryFile(f)) &&
            !(isLibraryFile(f) && named.some(isLibraryFile)),
        )
      : [];

  const endpoints = loadEndpointIndex(indexPath);
  const notes: string[] = [];
  if (!endpoints) notes.push(`warning: ${messages.endpointIndexMissing(name(indexPath))}`);
  const items = [...context, ...reported].map((f) => ({ file: name(f), text: readTextFile(f) }));
  const rank = new Map(items.map((item, i) => [item.file, i < context.length ? 0 : 1]));
  const { loaded, libraries, errors } = checkDefinitionTexts(
    items.map(({ file, text }) => ({ file, text: text ?? '' })),
    {
      endpoints,
      // The files on disk keep their claims; of the files checked, the older file keeps them.
      precedence: (a, b) =>
        (rank.get(a.file) ?? 1) - (rank.get(b.file) ?? 1) || mtime(at(a.file)) - mtime(at(b.file)),
    },
  );
  const reportedNames = new Set(reported.map(name));
  const unreadable: DefinitionError[] = items
    .filter((i) => i.text === undefined && reportedNames.has(i.file))
    .map((i) => ({
      file: i.file,
      line: 1,
      column: 1,
      pointer: '',
      message: messages.unreadable('it cannot be read'),
      severity: 'error',
    }));
  // A reported page's errors include those of library values it uses (placed in the library file);
  // each error once, though several pages use the value.
  const fromReported = new Set(
    [...loaded, ...libraries].filter((l) => reportedNames.has(l.file)).flatMap((l) => l.errors),
  );
  const once = new Set<string>();
  const shown = [
    ...unreadable,
    ...errors.filter((e) => {
      const key = formatDefinitionError(e);
      if (once.has(key) || !(reportedNames.has(e.file) || fromReported.has(e))) return false;
      once.add(key);
      return !unreadable.some((u) => u.file === e.file);
    }),
  ];
  const delivery = checkDeliveryTexts(
    deliveries.map((f) => ({ file: name(f), text: readTextFile(f) ?? '' })),
    pagePanelsOf(loaded.map((l) => l.draft)),
    endpoints,
  );
  shown.push(...delivery.errors);
  const failed = shown.filter((e) => e.severity === 'error').length;
  const checked =
    [...loaded, ...libraries].filter((l) => reportedNames.has(l.file)).length + delivery.checked;
  if (format === 'json') {
    io.out(
      JSON.stringify(
        {
          checked,
          errors: failed,
          warnings: shown.length - failed,
          problems: shown.map(({ file, line, column, pointer, message, severity }) => ({
            file,
            line,
            column,
            pointer,
            message,
            severity,
          })),
        },
        null,
        2,
      ),
    );
  } else {
    for (const n of notes) io.err(n);
    for (const e of shown) io.err(formatDefinitionError(e));
    io.out(
      `${checked} definition${checked === 1 ? '' : 's'} checked, ${failed} error${failed === 1 ? '' : 's'}`,
    );
  }
  return failed ? 1 : 0;
}

function readTextFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function mtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

if (isMainModule(import.meta.url)) {
  const argv = process.argv.slice(2);
  // `--render`: the checks above, then every page drawn (scripts/lib/renderCheck.ts).
  if (argv.includes('--render')) {
    const { runRenderCheck } = await import('./lib/renderCheck');
    process.exitCode = await runRenderCheck(argv, processIo(), runCheck);
  } else process.exitCode = runCheck(argv, processIo());
}
