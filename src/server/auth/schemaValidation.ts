import { Ajv2020 } from 'ajv/dist/2020';
import type { FastifyInstance } from 'fastify';

/**
 * Validates the routes of `scope` with draft 2020-12 (the draft of every file in schemas/), which
 * Fastify's built-in draft-07 compiler refuses. Same options as the app's: the first error only,
 * no type coercion, nothing removed, so a bad body answers 400 naming the field.
 */
export function useDraft2020Validation(scope: FastifyInstance): void {
  const ajv = new Ajv2020({
    allErrors: false,
    coerceTypes: false,
    removeAdditional: false,
    strict: true,
    // `then: { required: [...] }` names properties declared at the top level, which is what we mean.
    strictRequired: false,
  });
  scope.setValidatorCompiler(({ schema }) => {
    const id = (schema as { $id?: string }).$id;
    return (id && ajv.getSchema(id)) || ajv.compile(schema as object);
  });
}

/**
 * Lets `application/json` requests have an empty body: the client posts /claims with a JSON
 * content type and nothing to say, which Fastify's parser would refuse with a 400.
 */
export function acceptEmptyJsonBodies(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}

/** A schema of schemas/ as a response schema: fast-json-stringify does not know the 2020-12 meta-schema. */
export function responseSchema(schema: object): object {
  const { $schema: _draft, $id: _id, ...rest } = schema as Record<string, unknown>;
  return rest;
}
