import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { SchemaSet } from '../schemaSet';

/** Checks an example against the schema node named by `ref` ('file.json' or 'file.json#/pointer'). */
export type ExampleValidator = (ref: string, example: unknown) => string[];

/**
 * A validator over every schema of the set (no defaults filled, so examples stay as written).
 * Returns AJV's messages, each with the pointer of the failing value; none when the example is valid.
 */
export function exampleValidator(set: SchemaSet): ExampleValidator {
  const ajv = new Ajv2020({ allErrors: true, strict: false, discriminator: true });
  const addFormats =
    (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
  addFormats(ajv as never);
  for (const schema of set.byId.values()) ajv.addSchema(schema);
  return (ref, example) => {
    const validate = ajv.getSchema(ref);
    if (!validate) return [`no schema at ${ref}`];
    if (validate(example)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
  };
}
