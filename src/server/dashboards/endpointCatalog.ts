import type { KnownEndpoints } from '../../../engine/definitions/index';

/** One endpoint as the editor's completion knows it (GET /api/dashboards/endpoints). */
export interface EditorEndpoint {
  method: string;
  path: string;
  /** The request body keys, when the request schema names them. */
  bodyKeys?: string[];
  /** The row fields at the index's rows pointer. */
  fields?: string[];
  /** Row fields by the source's `variant` (a data code). */
  variants?: Record<string, string[]>;
  /** The index's rows pointer, which `fields` describes. */
  rows: string;
  /** The row fields at the other pointers of the response, for a source with its own `rows`. */
  fieldsAt: Record<string, string[]>;
}

/** How deep into a response the pointers a source may read are listed. */
const MAX_POINTER_DEPTH = 3;

/**
 * The endpoint index as the editor needs it, computed here so the client never loads the API
 * schemas: the checker's own view of each endpoint (body keys, fields, variants), with its
 * fieldsAt function unrolled into the pointers the response schema has.
 */
export function endpointCatalog(known: KnownEndpoints): EditorEndpoint[] {
  return [...known].map(([key, endpoint]) => {
    const space = key.indexOf(' ');
    const fieldsAt: Record<string, string[]> = {};
    const visit = (pointer: string, depth: number) => {
      const names = endpoint.fieldsAt?.(pointer);
      if (!names) return;
      fieldsAt[pointer] = names;
      if (depth < MAX_POINTER_DEPTH)
        for (const name of names)
          visit(`${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1);
    };
    visit('', 0);
    return {
      method: key.slice(0, space),
      path: key.slice(space + 1),
      bodyKeys: endpoint.bodyKeys,
      fields: endpoint.fields,
      variants: endpoint.variants,
      rows: endpoint.rows ?? '',
      fieldsAt,
    };
  });
}
