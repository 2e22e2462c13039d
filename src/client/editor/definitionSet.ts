import { jsonCursorAt } from './jsonContext';

/** The named sections of a library (dashboards/_*.json), which a page may also have of its own. */
export const LIBRARY_SECTIONS = ['templates', 'optionSets', 'valueMaps', 'columnPresets', 'specs'] as const;
export type LibrarySection = (typeof LIBRARY_SECTIONS)[number];

/** One library entry: where it is declared. */
export interface LibraryEntry {
  name: string;
  file: string;
}

/** A page of the set as completion needs it: its id, title and params. */
export interface PageSummary {
  file: string;
  id: string;
  title?: string;
  params: { name: string; description?: string }[];
}

/** The names the definition files define for one another: the library's entries and the pages. */
export interface DefinitionSet {
  library: Record<LibrarySection, LibraryEntry[]>;
  pages: PageSummary[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/** A file's document: parsed, or as far as it can be read while half written. */
function documentOf(text: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    const root = jsonCursorAt(text, text.length)?.root;
    return isObject(root) ? root : undefined;
  }
}

/** A library file's name starts with '_' (dashboards/_shared.json). */
export const isLibraryFile = (file: string) => file.startsWith('_');

/** The section entries of a document (a library file, or a page's own sections). */
export function sectionNames(doc: unknown, section: LibrarySection): string[] {
  const entries = isObject(doc) ? doc[section] : undefined;
  return isObject(entries) ? Object.keys(entries) : [];
}

/**
 * Reads the editor's texts of every definition file (edited or saved) into the names they offer
 * to others: library entries from the library files, and each page's id, title and params.
 */
export function definitionSetOf(files: readonly { file: string; text: string }[]): DefinitionSet {
  const library = Object.fromEntries(LIBRARY_SECTIONS.map((s) => [s, [] as LibraryEntry[]])) as Record<
    LibrarySection,
    LibraryEntry[]
  >;
  const pages: PageSummary[] = [];
  for (const { file, text } of files) {
    const doc = documentOf(text);
    if (!doc) continue;
    if (isLibraryFile(file)) {
      for (const section of LIBRARY_SECTIONS)
        library[section].push(...sectionNames(doc, section).map((name) => ({ name, file })));
      continue;
    }
    if (typeof doc.id !== 'string') continue;
    const params = isObject(doc.params) ? doc.params : {};
    pages.push({
      file,
      id: doc.id,
      title: typeof doc.title === 'string' ? doc.title : undefined,
      params: Object.entries(params).map(([name, p]) => ({
        name,
        description: isObject(p) && typeof p.description === 'string' ? p.description : undefined,
      })),
    });
  }
  return { library, pages };
}

/** A set with no other file (completion of a text alone). */
export const EMPTY_SET: DefinitionSet = definitionSetOf([]);
