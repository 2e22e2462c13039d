import type { Row } from './hostServices';

function at(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const t of pointer.split('/').slice(1)) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[t.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return node;
}

const zip = (headers: unknown[], values: unknown[]): Row =>
  Object.fromEntries(headers.map((h, i) => [String(h), values[i]]));

/**
 * The rows of a response at a JSON pointer. A list of objects is the rows; a {headers, values}
 * table whose values are lists is turned into objects keyed by the headers; a single object is one
 * row (a totals answer).
 */
export function extractRows(response: unknown, pointer: string): Row[] {
  const node = at(response, pointer);
  if (Array.isArray(node)) {
    const headers = pointer ? (at(response, `${pointer.slice(0, pointer.lastIndexOf('/'))}/headers`) as unknown) : undefined;
    return node.map((item) =>
      Array.isArray(item) ? zip(Array.isArray(headers) ? headers : item.map((_, i) => String(i)), item) : (item as Row),
    );
  }
  if (node && typeof node === 'object') {
    const t = node as { headers?: unknown; values?: unknown };
    if (Array.isArray(t.headers) && Array.isArray(t.values) && t.values.every(Array.isArray)) {
      return (t.values as unknown[][]).map((v) => zip(t.headers as unknown[], v));
    }
    return [node as Row];
  }
  return [];
}

/** A number at a JSON pointer of the response (a total row count), if there is one. */
export function extractTotal(response: unknown, pointer: string | undefined): number | undefined {
  if (pointer === undefined) return undefined;
  const v = at(response, pointer);
  return typeof v === 'number' ? v : undefined;
}
