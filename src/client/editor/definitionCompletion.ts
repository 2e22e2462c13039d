import type { CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { type DefinitionSet, EMPTY_SET } from './definitionSet';
import type { EditorEndpoint } from './editorApi';
import { type JsonCursor, jsonCursorAt } from './jsonContext';
import { needsEndpoints, referenceOptions, referenceTarget } from './referenceCompletion';
import { schemaOptions } from './schemaCompletion';
import { chartSpecPath, loadVegaLiteSchema, VEGA_LITE_SCHEMA_ID } from './vegaLiteSchema';

/** Where the definition completion gets what is not in the text itself. */
export interface CompletionServices {
  /** The API's endpoint index (GET /api/dashboards/endpoints). */
  endpoints: () => Promise<EditorEndpoint[]>;
  /** The names the other definition files define (the library, the pages), as the editor holds them now. */
  definitions?: () => DefinitionSet;
}

/**
 * Completion for page definitions: member names and values from schemas/dashboard; the names of
 * the page's data sources, params and panels where a reference expects one; the library's names
 * and the pages a drill may open, with their params, from the other files; endpoint paths, body keys and
 * the row fields of the source a widget reads, from the API's endpoint index; and inside a chart's
 * `spec`, Vega-Lite's own properties and values (its schema is fetched the first time it is needed).
 */
export function definitionCompletion(services: CompletionServices): CompletionSource {
  return (context: CompletionContext): CompletionResult | null | Promise<CompletionResult | null> => {
    const text = context.state.doc.toString();
    const cursor = jsonCursorAt(text, context.pos);
    if (!cursor) return null;
    const quoted = text[cursor.from] === '"';
    // Inside a string the options start after its opening quote, so typed text filters them.
    const from = quoted ? cursor.from + 1 : cursor.from;
    if (from === context.pos && !quoted && !context.explicit) return null;
    const result = (options: ReturnType<typeof schemaOptions>): CompletionResult | null =>
      options.length ? { from, options, validFor: quoted ? /^[^"\n]*$/ : /^[\w.-]*$/ } : null;

    const target = referenceTarget(cursor);
    const spec = chartSpecPath(cursor.root, cursor.path);
    if (spec && !target) return vegaLiteOptions(cursor, quoted, spec.specPath).then(result, () => null);
    if (!target) return result(schemaOptions(cursor, quoted));
    if (!needsEndpoints(target))
      return result([
        ...referenceOptions(target, cursor, quoted, [], services.definitions?.() ?? EMPTY_SET),
        ...schemaOptions(cursor, quoted),
      ]);
    return services.endpoints().then(
      (endpoints) => result(referenceOptions(target, cursor, quoted, endpoints)),
      () => result(schemaOptions(cursor, quoted)),
    );
  };
}

async function vegaLiteOptions(cursor: JsonCursor, quoted: boolean, specPath: (string | number)[]) {
  await loadVegaLiteSchema();
  return schemaOptions(cursor, quoted, VEGA_LITE_SCHEMA_ID, specPath);
}
