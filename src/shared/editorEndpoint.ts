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
