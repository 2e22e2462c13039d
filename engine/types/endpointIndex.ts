/* Generated from schemas/dashboard by scripts/gen-types.ts (npm run gen:types). Never edit by hand: change the schema and regenerate. */

/**
 * The API endpoints dashboard definitions may bind to (schemas/api/endpoints.json), each pointing at its request and response schemas in schemas/api/ so the checker can verify body keys and row fields.
 */
export interface EndpointIndex {
  /**
   * The path of this schema, so editors complete the index.
   */
  $schema?: string;
  /**
   * The endpoints.
   */
  endpoints: EndpointEntry[];
  /**
   * The access claims the server grants (claim type to its values): a page's access rule must name one of them.
   */
  claims?: {
    [k: string]: string[];
  };
  /**
   * The keys of the applied global filter that the host passes to the engine: a definition reads them with {"$filter": key}, and the checker refuses any other key.
   */
  filterKeys?: string[];
}
/**
 * One endpoint.
 */
export interface EndpointEntry {
  /**
   * The HTTP method.
   */
  method: 'GET' | 'POST';
  /**
   * The path, e.g. '/api/data/x/y'.
   */
  path: string;
  /**
   * The request body schema: 'file.schema.json#/pointer' relative to this index file.
   */
  request?: string;
  /**
   * The response schema: 'file.schema.json#/pointer' relative to this index file.
   */
  response?: string;
  /**
   * A JSON pointer into the response to the row list ('' when the response is the list, '/values' for a {headers, values} table); the fields of its items are the row fields.
   */
  rows?: string;
  /**
   * The row fields, when the response schema cannot say (rows as positional arrays named by headers).
   */
  fields?: string[];
  /**
   * Row fields by the value of a body key (such as a data code), for endpoints whose rows depend on it.
   */
  variants?: {
    [k: string]: string[];
  };
  /**
   * The body key whose literal value picks the variant (such as a data code): a data source that sets it needs no 'variant' of its own.
   */
  variantKey?: string;
}
