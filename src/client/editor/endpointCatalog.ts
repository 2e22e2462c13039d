import { type EditorEndpoint, fetchEndpoints } from './editorApi';

let catalog: Promise<EditorEndpoint[]> | undefined;

/** The API's endpoint index (GET /api/dashboards/endpoints), fetched once per visit; again after a failure. */
export function loadEndpointCatalog(): Promise<EditorEndpoint[]> {
  if (!catalog) {
    const loading = fetchEndpoints();
    catalog = loading;
    loading.catch(() => {
      if (catalog === loading) catalog = undefined;
    });
  }
  return catalog;
}

/** A data source of a page as far as its endpoint and row fields depend on it (read from edited text). */
export interface SourceShape {
  endpoint?: unknown;
  method?: unknown;
  variant?: unknown;
  rows?: unknown;
}

/** The method a source calls: its own, else POST (the schema's default). */
export function methodOf(source: SourceShape): string {
  return typeof source.method === 'string' ? source.method : 'POST';
}

/** The endpoint a source calls, when the index lists it. */
export function endpointOf(
  source: SourceShape,
  endpoints: readonly EditorEndpoint[],
): EditorEndpoint | undefined {
  const method = methodOf(source);
  return endpoints.find((e) => e.method === method && e.path === source.endpoint);
}

/**
 * The row fields a source's widgets may name, chosen as dashboards:check chooses them: the fields of
 * its variant, else those at its own rows pointer when it reads another part of the response,
 * else the index's.
 */
export function rowFieldsOf(source: SourceShape, endpoints: readonly EditorEndpoint[]): string[] | undefined {
  const known = endpointOf(source, endpoints);
  if (!known) return undefined;
  if (source.variant !== undefined && source.variant !== null)
    return known.variants?.[String(source.variant)];
  if (typeof source.rows === 'string' && source.rows !== known.rows) return known.fieldsAt[source.rows];
  return known.fields;
}
