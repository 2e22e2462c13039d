/** A URL's query parameters by name (the first value of each). */
export type UrlQuery = Record<string, string>;

/** The query of `search` ('?a=1&b=2' or 'a=1'), decoded. */
export function parseQuery(search: string): UrlQuery {
  const query: UrlQuery = {};
  for (const [name, value] of new URLSearchParams(search)) if (!(name in query)) query[name] = value;
  return query;
}

/**
 * `search` with `changes` made (undefined removes a parameter), the others kept in their order and
 * new ones appended. Commas stay commas, so lists read as '?sites=12,14'.
 */
export function changeQuery(search: string, changes: Readonly<Record<string, string | undefined>>): string {
  const query = parseQuery(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete query[name];
    else query[name] = value;
  }
  const readable = (text: string) => encodeURIComponent(text).replace(/%2C/gi, ',');
  const parts = Object.entries(query).map(([name, value]) => `${readable(name)}=${readable(value)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}
