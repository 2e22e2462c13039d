import type { KnownEndpoints } from '../../../engine/tools';
import type { EditorEndpoint } from '../../shared/api/types';

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
