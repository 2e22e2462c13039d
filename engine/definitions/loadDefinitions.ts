import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ajvProblems } from './ajvProblems';
import { checkAcrossPages } from './checkValues';
import { byPosition, type DefinitionError, locate, type Problem, syntaxErrors } from './definitionError';
import type { KnownEndpoints } from './endpointIndex';
import { escapePointerToken } from './jsonPointer';
import { addLibraryFile, emptyLibrary, isLibraryFile, type Library, originOf } from './library';
import {
  checkDefinitionText,
  type LoadedDefinition,
  type LoadOptions,
  loadDefinition,
} from './loadDefinition';
import { messages } from './messages';
import { parseJsonTolerant } from './parseJsonWithPositions';
import { pageSchema } from './schemaValidator';

/** Every definition of a set, and every error of every file. */
export interface LoadedSet {
  /** The pages. */
  loaded: LoadedDefinition[];
  /** The library files (never with a definition; their errors are in `errors`). */
  libraries: LoadedDefinition[];
  errors: DefinitionError[];
}

/**
 * The definition files of a folder: every *.json, in name order: the pages, and the library files
 * (names starting with '_') that pages reference by name.
 */
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
  const libraryPaths = paths.filter(isLibraryFile);
  const { library, results } = loadLibraries(
    libraryPaths.map((p) => ({ file: relative(options.cwd ?? process.cwd(), p) || p, text: readText(p) })),
    options,
  );
  const pages = paths.filter((p) => !isLibraryFile(p)).map((p) => loadDefinition(p, { ...options, library }));
  return checkAcrossFiles(pages, results, options.precedence, options.endpoints);
}

/**
 * As loadDefinitions, for texts already read (an editor's buffer beside the files on disk). Items
 * whose name starts with '_' are library files.
 */
export function checkDefinitionTexts(
  items: readonly { file: string; text: string }[],
  options: SetOptions = {},
): LoadedSet {
  const { library, results } = loadLibraries(
    items.filter((i) => isLibraryFile(i.file)),
    options,
  );
  const pages = items
    .filter((i) => !isLibraryFile(i.file))
    .map((i) => checkDefinitionText(i.file, i.text, { ...options, library }));
  return checkAcrossFiles(pages, results, options.precedence, options.endpoints);
}

/**
 * Reads library files into one library (or keeps `options.library` when there is none), with each
 * file's located errors: syntax, schema, a name declared twice, a template's unknown $filter key.
 */
function loadLibraries(
  items: readonly { file: string; text: string | undefined }[],
  options: LoadOptions,
): { library: Library; results: LoadedDefinition[] } {
  if (!items.length) return { library: options.library ?? emptyLibrary(), results: [] };
  const library = emptyLibrary();
  const { validateLibrary, kinds } = pageSchema();
  const results = items.map(({ file, text }): LoadedDefinition => {
    if (text === undefined)
      return {
        file,
        errors: [
          {
            file,
            line: 1,
            column: 1,
            pointer: '',
            message: messages.unreadable('it cannot be read'),
            severity: 'error',
          },
        ],
      };
    const parsed = parseJsonTolerant(text);
    const syntax = syntaxErrors(file, parsed.errors);
    const doc = parsed.value;
    if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return { file, errors: syntax };
    const problems: Problem[] = validateLibrary(structuredClone(doc))
      ? []
      : ajvProblems(validateLibrary.errors ?? [], doc, kinds);
    problems.push(...addLibraryFile(library, file, doc as Record<string, unknown>));
    library.positions.set(file, parsed.positions);
    const filterKeys = options.endpoints?.filterKeys;
    const templates = (doc as { templates?: Record<string, Record<string, unknown>> }).templates ?? {};
    for (const [name, body] of Object.entries(templates)) {
      for (const [key, value] of Object.entries(body ?? {})) {
        const used = (value as { $filter?: unknown } | null)?.$filter;
        if (filterKeys && typeof used === 'string' && !filterKeys.includes(used))
          problems.push({
            pointer: `/templates/${escapePointerToken(name)}/${escapePointerToken(key)}/$filter`,
            message: messages.unknownFilterKey(used, filterKeys),
          });
      }
    }
    return {
      file,
      positions: parsed.positions,
      errors: [...syntax, ...locate(file, parsed.positions, problems)],
    };
  });
  return { library, results };
}

/**
 * The library of a folder: its library files (`_*.json`) merged. Their errors are for
 * dashboards:check to report; here a file that cannot be read or parsed adds nothing.
 */
export function libraryOfFolder(dir: string, options: LoadOptions = {}): Library {
  const files = existsSync(dir) ? definitionFiles(dir).filter(isLibraryFile) : [];
  return loadLibraries(
    files.map((f) => ({ file: f, text: readText(f) })),
    options,
  ).library;
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
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
  libraries: LoadedDefinition[],
  precedence?: (a: LoadedDefinition, b: LoadedDefinition) => number,
  endpoints?: KnownEndpoints,
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
  checkDrillTargets(loaded);
  // Drill values, panel links and menu sections, read across the pages of the set.
  const across = checkAcrossPages(
    loaded.map((l) => ({ draft: l.draft ?? {} })),
    endpoints,
  );
  for (const [i, problems] of across) {
    const item = loaded[i];
    if (!item.positions) continue;
    const placed = problems.map((p) => ({
      ...p,
      pointer: item.origins ? originOf(item.origins, p.pointer).pointer : p.pointer,
    }));
    const have = new Set(item.errors.map((e) => `${e.line}:${e.column}:${e.message}`));
    for (const e of locate(item.file, item.positions, placed)) {
      const key = `${e.line}:${e.column}:${e.message}`;
      if (!have.has(key)) item.errors.push(e);
      have.add(key);
    }
    item.errors.sort(byPosition);
    item.definition = undefined;
  }
  return { loaded, libraries, errors: [...libraries, ...loaded].flatMap((l) => l.errors).sort(byPosition) };
}

/** Every drill action of a document: its JSON pointer and its target page and param names. */
function drillsIn(node: unknown, pointer = ''): { pointer: string; page: string; params: string[] }[] {
  if (!node || typeof node !== 'object') return [];
  const found: { pointer: string; page: string; params: string[] }[] = [];
  const entries = Array.isArray(node) ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
  for (const [key, value] of entries) {
    const at = `${pointer}/${escapePointerToken(key)}`;
    const drill = value as { page?: unknown; params?: unknown } | null;
    if (key === 'drill' && !Array.isArray(node) && drill && typeof drill.page === 'string') {
      const params = drill.params && typeof drill.params === 'object' ? Object.keys(drill.params) : [];
      found.push({ pointer: at, page: drill.page, params });
    } else found.push(...drillsIn(value, at));
  }
  return found;
}

/**
 * A drill opens a page of the set with params it declares. A page checked alone (no other page
 * loaded) cannot know the other pages, so its targets are checked only for their params when found.
 */
function checkDrillTargets(loaded: LoadedDefinition[]): void {
  const pages = new Map<string, string[]>();
  for (const item of loaded) {
    const claims = claimsOf(item.draft);
    if (typeof claims?.id === 'string') pages.set(claims.id, Object.keys(claims.params ?? {}));
  }
  for (const item of loaded) {
    if (!item.draft || !item.positions) continue;
    const problems: Problem[] = [];
    for (const d of drillsIn(item.draft)) {
      const params = pages.get(d.page);
      if (!params) {
        if (pages.size > 1)
          problems.push({
            pointer: `${d.pointer}/page`,
            message: messages.unknownPage(d.page, [...pages.keys()]),
          });
        continue;
      }
      for (const name of d.params)
        if (!params.includes(name))
          problems.push({
            pointer: `${d.pointer}/params/${escapePointerToken(name)}`,
            message: messages.unknownDrillParam(name, d.page, params),
          });
    }
    if (problems.length) {
      item.errors.push(...locate(item.file, item.positions, problems));
      item.definition = undefined;
    }
  }
}
