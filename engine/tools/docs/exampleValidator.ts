import { createSchemaAjv } from '../../definitions/ajv';
import type { SchemaSet } from '../schemaSet';

/** Checks an example against the schema node named by `ref` ('file.json' or 'file.json#/pointer'). */
export type ExampleValidator = (ref: string, example: unknown) => string[];

/**
 * A validator over every schema of the set (no defaults filled, so examples stay as written).
 * Returns AJV's messages, each with the pointer of the failing value; none when the example is valid.
 */
export function exampleValidator(set: SchemaSet): ExampleValidator {
  const ajv = createSchemaAjv({ allErrors: true });
  for (const schema of set.byId.values()) ajv.addSchema(schema);
  return (ref, example) => {
    const validate = ajv.getSchema(ref);
    if (!validate) return [`no schema at ${ref}`];
    if (validate(example)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
  };
}
