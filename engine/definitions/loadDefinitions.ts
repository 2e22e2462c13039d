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

/**
 * Loads several definition files and adds the checks across files: page ids, routes, menu entries
 * and storage keys are unique. A duplicate is reported on the later file, naming the earlier one.
 */
export function loadDefinitions(paths: string[], options: LoadOptions = {}): LoadedSet {
  return checkAcrossFiles(paths.map((p) => loadDefinition(p, options)));
}

/** As loadDefinitions, for texts already read (an editor's buffer beside the files on disk). */
export function checkDefinitionTexts(
  items: readonly { file: string; text: string }[],
  options: LoadOptions = {},
): LoadedSet {
  return checkAcrossFiles(items.map((i) => checkDefinitionText(i.file, i.text, options)));
}

function checkAcrossFiles(loaded: LoadedDefinition[]): LoadedSet {
  const firstUse = new Map<string, string>();
  for (const item of loaded) {
    const def = item.definition;
    if (!def || !item.positions) continue;
    const problems: Problem[] = [];
    const claim = (what: string, value: string, pointer: string) => {
      const key = `${what}\u0000${value}`;
      const other = firstUse.get(key);
      if (other) problems.push({ pointer, message: messages.duplicate(what, value, other) });
      else firstUse.set(key, item.file);
    };
    claim('page id', def.id, '/id');
    claim('route', def.route, '/route');
    if (def.menu)
      claim('menu entry', [def.menu.section, def.menu.label].filter(Boolean).join(' > '), '/menu/label');
    for (const [name, param] of Object.entries(def.params)) {
      if (param.storageKey) claim('storage key', param.storageKey, `/params/${name}/storageKey`);
    }
    if (problems.length) {
      item.errors.push(...locate(item.file, item.positions, problems));
      item.definition = undefined;
    }
  }
  return { loaded, errors: loaded.flatMap((l) => l.errors).sort(byPosition) };
}
