import { describe, expect, it } from 'vitest';
import { createSchemaAjv } from '../../../../engine/definitions/ajv';

// The one Ajv set-up every schema of schemas/ is compiled with (the dashboard definitions' and the
// API's): what a schema author and a caller meet.
describe('the one Ajv set-up', () => {
  it('refuses a schema with a misspelt keyword instead of ignoring it', () => {
    expect(() => createSchemaAjv().compile({ type: 'object', requird: ['name'] })).toThrow(
      /unknown keyword: "requird"/,
    );
  });

  it("takes a schema's errorMessage as an annotation, kept on the error with the failing schema", () => {
    const validate = createSchemaAjv().compile({
      type: 'integer',
      minimum: 1,
      errorMessage: 'limit must be a whole number of at least 1',
    });
    expect(validate(0)).toBe(false);
    expect(validate.errors?.[0]?.parentSchema?.errorMessage).toBe(
      'limit must be a whole number of at least 1',
    );
  });

  it('checks a value as written: no coercion, nothing removed, no defaults unless asked', () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      properties: { limit: { type: 'integer', default: 10 } },
    };
    const strict = createSchemaAjv().compile(schema);
    const value: Record<string, unknown> = {};
    expect(strict(value)).toBe(true);
    expect(value).toEqual({});
    expect(strict({ limit: '5' })).toBe(false);
    expect(strict({ limit: 5, extra: 1 })).toBe(false);

    const filled: Record<string, unknown> = {};
    expect(createSchemaAjv({ useDefaults: true }).compile(schema)(filled)).toBe(true);
    expect(filled).toEqual({ limit: 10 });
  });

  it('reports the first error by default and every error when asked', () => {
    const schema = {
      type: 'object',
      required: ['a', 'b'],
      properties: { a: { type: 'string' }, b: { type: 'string' } },
    };
    const first = createSchemaAjv().compile(schema);
    first({});
    expect(first.errors).toHaveLength(1);
    const all = createSchemaAjv({ allErrors: true }).compile(schema);
    all({});
    expect(all.errors?.map((e) => e.params)).toEqual([{ missingProperty: 'a' }, { missingProperty: 'b' }]);
  });
});
