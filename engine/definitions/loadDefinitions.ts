import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { byPosition, type DefinitionError, locate, type Problem } from './definitionError';
import {
  checkDefinitionText,
  type LoadedDefinition,
  type LoadOptions,
  loadDefinition,
} from './loadDefinition';
import { messages } from './messages';

/** Every definition of a set, and every error of every file. */
export interface LoadedSet {
  loaded: LoadedDefinition[];
  errors: DefinitionError[];
}

/** The definition files of a folder: every *.json, in name order. */
export function definitionFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));
}

/** Options of loading a set: which file keeps a page id, route or menu entry that two files claim. */
export interface SetOptions extends LoadOptions {
  /**
   * Orders files for conflicts: the file that sorts first keeps what both claim, and the other
   * is refused, naming it. Default: the order given.
   */
  precedence?: (a: LoadedDefinition, b: LoadedDefinition) => number;
}

/**
 * Loads several definition files and adds the checks across files: page ids, routes, menu entries
 * and storage keys are unique. A duplicate is reported on the file that comes later in
 * `precedence` (by default, the later file), naming the one that keeps it.
 */
export function loadDefinitions(paths: string[], options: SetOptions = {}): LoadedSet {
  return checkAcrossFiles(
    paths.map((p) => loadDefinition(p, options)),
    options.precedence,
  );
}

/** As loadDefinitions, for texts already read (an editor's buffer beside the files on disk). */
export function checkDefinitionTexts(
  items: readonly { file: string; text: string }[],
  options: SetOptions = {},
): LoadedSet {
  return checkAcrossFiles(
    items.map((i) => checkDefinitionText(i.file, i.text, options)),
    options.precedence,
  );
}

/** What a page claims across files, read from a document that may have errors. */
interface Claims {
  id?: unknown;
  route?: unknown;
  menu?: { section?: string; label?: string };
  params?: Record<string, { storageKey?: unknown } | undefined>;
}

function claimsOf(draft: Record<string, unknown> | undefined): Claims | undefined {
  if (!draft) return undefined;
  const menu = draft.menu && typeof draft.menu === 'object' ? (draft.menu as Claims['menu']) : undefined;
  const params =
    draft.params && typeof draft.params === 'object' ? (draft.params as Claims['params']) : undefined;
  return { id: draft.id, route: draft.route, menu, params };
}

function checkAcrossFiles(
  loaded: LoadedDefinition[],
  precedence?: (a: LoadedDefinition, b: LoadedDefinition) => number,
): LoadedSet {
  const firstUse = new Map<string, string>();
  const order = precedence ? [...loaded].sort(precedence) : loaded;
  for (const item of order) {
    const def = item.definition ?? claimsOf(item.draft);
    if (!def || !item.positions) continue;
    const problems: Problem[] = [];
    const claim = (what: string, value: unknown, pointer: string) => {
      if (typeof value !== 'string' || !value) return;
      const key = `${what}\u0000${value}`;
      const other = firstUse.get(key);
      if (other) problems.push({ pointer, message: messages.duplicate(what, value, other) });
      else firstUse.set(key, item.file);
    };
    claim('page id', def.id, '/id');
    claim('route', def.route, '/route');
    if (def.menu)
      claim('menu entry', [def.menu.section, def.menu.label].filter(Boolean).join(' > '), '/menu/label');
    for (const [name, param] of Object.entries(def.params ?? {})) {
      claim('storage key', param?.storageKey, `/params/${name}/storageKey`);
    }
    if (problems.length) {
      item.errors.push(...locate(item.file, item.positions, problems));
      item.definition = undefined;
    }
  }
  return { loaded, errors: loaded.flatMap((l) => l.errors).sort(byPosition) };
}
