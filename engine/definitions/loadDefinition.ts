import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { PageDefinition } from '../types/dashboard';
import { ajvProblems } from './ajvProblems';
import { checkReferences } from './checkReferences';
import { checkValues } from './checkValues';
import { byPosition, type DefinitionError, locate, syntaxErrors } from './definitionError';
import type { KnownEndpoints } from './endpointIndex';
import { emptyLibrary, expandDefinition, type Library, type Origins, originOf } from './library';
import { messages } from './messages';
import { migrateDefinition } from './migrations/migrateDefinition';
import { normalizeDefinition } from './normalizeDefinition';
import type { NormalizedPage } from './normalizedPage';
import { type PositionMap, parseJsonTolerant } from './parseJsonWithPositions';
import { pageSchema } from './schemaValidator';

/** The outcome of loading one definition file. */
export interface LoadedDefinition {
  /** The path as given, used in messages. */
  file: string;
  /** Present only when there are no errors (warnings allowed). */
  definition?: NormalizedPage;
  errors: DefinitionError[];
  /**
   * The document as parsed (with schema defaults), also when it has errors: its id, route and
   * menu entry still take part in the checks across files.
   */
  draft?: Record<string, unknown>;
  /** Positions of the parsed document, for cross-file checks. */
  positions?: PositionMap;
  /** Where the expanded draft's parts were written (see expandDefinition). */
  origins?: Origins;
  /**
   * Info: the older schemaVersion the file has, when it was migrated on load (see
   * migrations/; messages.migrated says it to the author).
   */
  migratedFrom?: number;
}

/** Options of definition loading. */
export interface LoadOptions {
  /** The API's endpoints; undefined skips endpoint and field checks. */
  endpoints?: KnownEndpoints;
  /** The library files' named pieces the definition may reference (default: none). */
  library?: Library;
  /** Base folder for the file names in messages (default: the current folder). */
  cwd?: string;
}

/** Reads, parses, validates (schema, then references) and normalizes one definition file. */
export function loadDefinition(path: string, options: LoadOptions = {}): LoadedDefinition {
  const file = relative(options.cwd ?? process.cwd(), path) || path;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return {
      file,
      errors: [
        { file, line: 1, column: 1, pointer: '', message: messages.unreadable(detail), severity: 'error' },
      ],
    };
  }
  return checkDefinitionText(file, text, options);
}

/**
 * As loadDefinition, for text already read (the file name is used in messages only). Every stage
 * runs on whatever the previous one recovered, so one run reports every error: syntax errors (the
 * parser recovers around them), then schema errors, then reference checks on the parts the schema
 * did not refuse. Only a file with no errors is normalized.
 */
export function checkDefinitionText(file: string, text: string, options: LoadOptions = {}): LoadedDefinition {
  const parsed = parseJsonTolerant(text);
  const { positions } = parsed;
  const syntax = syntaxErrors(file, parsed.errors);
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const errors = syntax.length
      ? syntax
      : locate(file, positions, [{ pointer: '', message: messages.wrongType('object', value) }]);
    return { file, positions, errors };
  }
  // Older versions are brought to the current one first, so the schema only knows the current shape.
  const { doc: migrated, from: migratedFrom } = migrateDefinition(value);
  // Library references and source shorthands are resolved first: the checks see what the engine draws.
  const {
    doc,
    problems: libraryProblems,
    origins,
  } = expandDefinition(
    migrated as Record<string, unknown>,
    options.library ?? emptyLibrary(),
    options.endpoints,
  );
  const { validate, kinds } = pageSchema();
  const defaulted = structuredClone(doc);
  const schemaProblems = [
    ...libraryProblems,
    ...(validate(defaulted) ? [] : ajvProblems(validate.errors ?? [], doc, kinds)),
  ];
  // A property the parser could not recover is not also 'missing'.
  const syntaxOffsets = parsed.errors.map((e) => e.offset);
  const holdsSyntaxError = (pointer: string) => {
    const span = positions.spans.get(pointer);
    return !!span && syntaxOffsets.some((o) => o >= span[0] && o <= span[1]);
  };
  const kept = schemaProblems.filter((p) => !(syntax.length && p.missing && holdsSyntaxError(p.pointer)));
  // Reference checks skip what the schema already refused (one message per mistake).
  const refused = schemaProblems.map((p) => p.pointer);
  const library = options.library ?? emptyLibrary();
  const references = [
    ...checkReferences(defaulted as unknown as PageDefinition, options.endpoints),
    ...checkValues(defaulted, migrated as Record<string, unknown>, options.endpoints, library),
  ].filter((r) => !refused.some((p) => r.pointer === p || r.pointer.startsWith(`${p}/`)));
  // A problem of a value that came from a library file is placed there (its line is the one to fix).
  const relocated = references.map((r) => ({
    r,
    origin: r.page ? { pointer: r.pointer } : originOf(origins, r.pointer),
  }));
  // A part made from another (a withTotals source) repeats the other's mistakes: said once, there.
  const written = relocated.filter((x) => !x.origin.derived).map((x) => x.origin.pointer);
  const repeated = (pointer: string) =>
    written.some(
      (w) => w === pointer || (w.endsWith('/endpoint') && pointer.startsWith(w.slice(0, -'endpoint'.length))),
    );
  const located = relocated
    .filter((x) => !x.origin.derived || !repeated(x.origin.pointer))
    .map(({ r, origin }) => {
      const at = origin.file ? library.positions.get(origin.file) : undefined;
      return {
        problem: { ...r, pointer: origin.pointer },
        file: at ? origin.file! : file,
        positions: at ?? positions,
      };
    });
  const seen = new Set<string>();
  const errors = [
    ...syntax,
    ...locate(file, positions, kept),
    ...located.flatMap((l) => locate(l.file, l.positions, [l.problem])),
  ]
    .filter((e) => {
      const key = `${e.file}:${e.line}:${e.column}:${e.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort(byPosition);
  const draft = defaulted as Record<string, unknown>;
  if (errors.some((e) => e.severity === 'error'))
    return { file, positions, errors, migratedFrom, draft, origins };
  return {
    file,
    positions,
    origins,
    draft,
    errors,
    definition: normalizeDefinition(defaulted as Record<string, unknown>),
    migratedFrom,
  };
}
