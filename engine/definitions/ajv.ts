import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * The annotation a schema of schemas/ may carry to say, in its own words, what a value that fails it
 * must be (the server answers it as a 400's message instead of Ajv's).
 */
export const ERROR_MESSAGE_KEYWORD = 'errorMessage';

/** What a use of the set-up chooses: every error or the first, and whether the schemas' defaults are filled in. */
export type SchemaAjvOptions = Pick<Options, 'allErrors' | 'useDefaults'>;

/**
 * The one Ajv set-up of the schemas in schemas/ (dashboard definitions, the API, the data import),
 * for the engine and the server alike: draft 2020-12, the draft of every file there; strict, so a
 * misspelt keyword fails the schema's compile instead of being ignored; no type coercion and nothing removed, so a value is checked as written; `verbose`,
 * so each error keeps the schema that failed (its property names feed 'did you mean', its
 * `errorMessage` a 400's message); `discriminator` for the widget kinds; the standard formats.
 * By default the first error only and no defaults filled in.
 *
 * Vega-Lite's own schema is not ours and is draft-07: engine/definitions/vegaLiteCheck.ts compiles
 * it with Ajv's draft-07 class, not strict, formats unchecked.
 */
export function createSchemaAjv(options: SchemaAjvOptions = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: false,
    useDefaults: false,
    coerceTypes: false,
    removeAdditional: false,
    strict: true,
    // `then: { required: [...] }` names properties declared at the top level, which is what we mean.
    strictRequired: false,
    // `"type": ["integer", "null"]` is how the schemas say a value may be absent.
    allowUnionTypes: true,
    discriminator: true,
    verbose: true,
    ...options,
  });
  ajv.addKeyword({ keyword: ERROR_MESSAGE_KEYWORD, schemaType: 'string' });
  const addFormats =
    (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
  addFormats(ajv as never);
  return ajv;
}
