import { inlinedSchema } from '../schemaValidation';
import { SCHEMA_BASE, type SchemaFile } from './schemas';

/** One documented operation: method, path, and the schema definitions of its body and answer. */
export interface Operation {
  method: 'get' | 'post';
  path: string;
  summary: string;
  request?: { file: string; def: string };
  response: { file: string; def: string };
  /** An export form (POST .../export): the body wraps this request, and the answer is a CSV file. */
  exports?: { file: string; def: string };
}

/** The body schema of an operation: its request, or for an export its request inside the export's. */
function bodySchema(op: Operation): Record<string, unknown> | undefined {
  if (!op.request) return undefined;
  if (!op.exports) return schemaRef(op.request);
  return {
    allOf: [schemaRef(op.request), { type: 'object', properties: { request: schemaRef(op.exports) } }],
  };
}

/**
 * Rewrites the files' $refs to point into components.schemas of the document; a shape the API names
 * from schemas/dashboard (an export column's pipe) is written in, so the document stands alone.
 */
function rewriteRefs(value: unknown, file: string): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, file));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '$ref' && typeof v === 'string') {
      const url = new URL(v, `${SCHEMA_BASE}${file}.schema.json`).href;
      if (!url.startsWith(SCHEMA_BASE)) {
        Object.assign(out, inlinedSchema(url));
        continue;
      }
      const [target, pointer = ''] = v.replace(SCHEMA_BASE, '').split('#');
      const name = target ? target.replace(/\.schema\.json$/, '') : file;
      out[k] = `#/components/schemas/${name}${pointer}`;
    } else if (k !== '$id' && k !== '$schema') out[k] = rewriteRefs(v, file);
  }
  return out;
}

const schemaRef = (r: { file: string; def: string }) => ({
  $ref: `#/components/schemas/${r.file}/$defs/${r.def}`,
});

/** Builds the OpenAPI 3.1 document of the analytics API from the same schema files Fastify validates with. */
export function buildOpenApi(files: SchemaFile[], operations: readonly Operation[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    const body = bodySchema(op);
    paths[op.path][op.method] = {
      summary: op.summary,
      security: [{ bearer: [] }],
      ...(body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: body } },
            },
          }
        : {
            parameters: [
              { name: 'x-extended-data-token', in: 'header', required: true, schema: { type: 'string' } },
            ],
          }),
      responses: {
        '200': op.exports
          ? {
              description:
                'CSV file (UTF-8 with a byte order mark); x-export-total gives the rows (or groups) it holds',
              content: { 'text/csv': { schema: { type: 'string' } } },
            }
          : { description: 'OK', content: { 'application/json': { schema: schemaRef(op.response) } } },
        '400': {
          description: 'Invalid body; field names the JSON pointer',
          content: { 'application/json': { schema: schemaRef({ file: 'common', def: 'error' }) } },
        },
        '401': { description: 'Missing or invalid access token' },
        '403': { description: 'Missing or invalid extended data token' },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'HawkEye analytics API',
      version: '1.0.0',
      description: 'Reference data and dashboard data (SPEC.md section 7).',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: Object.fromEntries(files.map((f) => [f.name, rewriteRefs(f.schema, f.name)])),
    },
    paths,
  };
}
