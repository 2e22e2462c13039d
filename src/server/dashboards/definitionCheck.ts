import { basename } from 'node:path';
import {
  checkDefinitionTexts,
  type DefinitionError,
  formatDefinitionError,
  type KnownEndpoints,
  loadEndpointIndex,
} from '../../../engine/tools';
import type { AffectedPage, DefinitionCheck, DefinitionProblem } from '../../shared/api/types';
import type { WithNormalizedPage } from '../../shared/api/withNormalizedPage';
import { sourceVersion } from './sourceVersion';

/** The editor's check of a text: its own problems, the pages it would break, its normalized page. */
export type EditorCheck = WithNormalizedPage<DefinitionCheck>;

/** A text to check as the content of one definition file, with the rest of its folder as on disk. */
export interface EditCheckInput {
  /** Every definition file of the folder as it is on disk, named as messages name it. */
  disk: { file: string; text: string }[];
  /** The edited file (new or not), named as messages name it. */
  own: string;
  /** Its text. */
  text: string;
  /** The endpoint index the definitions are checked against. */
  endpointIndex: string;
}

/** The check, and what went wrong on the way that the server's log should say. */
export interface EditCheckOutput {
  check: EditorCheck;
  logErrors: string[];
}

function toProblem(e: DefinitionError): DefinitionProblem {
  const { line, column, pointer, message, severity } = e;
  return { line, column, pointer, message, severity, text: formatDefinitionError(e) };
}

/** The errors (as dashboards:check prints them) of each file of a checked set, by file name. */
function errorTexts(errors: readonly DefinitionError[]): Map<string, Set<string>> {
  const byFile = new Map<string, Set<string>>();
  for (const e of errors)
    if (e.severity === 'error') {
      const name = basename(e.file);
      byFile.set(name, (byFile.get(name) ?? new Set()).add(formatDefinitionError(e)));
    }
  return byFile;
}

/** The endpoint index, or undefined when it cannot be read (`report` is told why). */
export function readEndpoints(
  endpointIndex: string,
  report: (line: string) => void,
): KnownEndpoints | undefined {
  try {
    return loadEndpointIndex(endpointIndex);
  } catch (err) {
    report(`dashboards editor: cannot read the endpoint index ${endpointIndex}: ${String(err)}`);
    return undefined;
  }
}

// The errors of the files as they are on disk, kept while no file changes (each check needs them).
let onDisk: { key: string; errors: Map<string, Set<string>> } | undefined;

/**
 * Checks `text` as the new content of `own` with every other file of the folder beside it, as the
 * server loads them: its own errors (a page id, route or menu entry another file has is the edited
 * file's error), and the other files it would make fail (a library name they use renamed or
 * removed), with the errors they did not have before. Runs off the server's main thread
 * (definitionChecks.ts): a large text takes seconds.
 */
export function checkEditedDefinition({ disk, own, text, endpointIndex }: EditCheckInput): EditCheckOutput {
  const logErrors: string[] = [];
  const loadEndpoints = () => readEndpoints(endpointIndex, (line) => logErrors.push(line));
  const diskErrors = (): Map<string, Set<string>> => {
    const key = disk.map((i) => `${i.file}\u0000${sourceVersion(i.text)}`).join('\u0000');
    if (onDisk?.key !== key)
      onDisk = { key, errors: errorTexts(checkDefinitionTexts(disk, { endpoints: loadEndpoints() }).errors) };
    return onDisk.errors;
  };

  const items = [...disk.filter((d) => d.file !== own), { file: own, text }];
  const last = (l: { file: string }) => (l.file === own ? 1 : 0);
  const { loaded, errors } = checkDefinitionTexts(items, {
    endpoints: loadEndpoints(),
    precedence: (a, b) => last(a) - last(b),
  });
  const after = errorTexts(errors.filter((e) => e.file !== own));
  // Only when another file has errors: which of them it had already.
  const before = after.size ? diskErrors() : new Map<string, Set<string>>();
  const affected: AffectedPage[] = [];
  for (const [name, texts] of after) {
    const brought = errors.filter(
      (e) =>
        basename(e.file) === name &&
        texts.has(formatDefinitionError(e)) &&
        !before.get(name)?.has(formatDefinitionError(e)),
    );
    if (!brought.length) continue;
    const title = loaded.find((l) => basename(l.file) === name)?.draft?.title;
    affected.push({
      file: name,
      ...(typeof title === 'string' ? { page: title } : {}),
      errors: brought.map(toProblem),
    });
  }
  const mine = loaded.find((l) => l.file === own);
  return {
    check: {
      errors: errors.filter((e) => e.file === own).map(toProblem),
      normalized: mine?.definition,
      ...(affected.length ? { affected } : {}),
    },
    logErrors,
  };
}
