import type {
  DefinitionSources,
  EditorEndpoints,
  EditorSettings,
  DefinitionCheck as GeneratedCheck,
  SavedDefinition,
} from '../../shared/api/types';
import type { WithNormalizedPage } from '../../shared/api/withNormalizedPage';
import { request } from '../api';

export type {
  AffectedPage,
  DefinitionProblem,
  DefinitionSource,
  EditorEndpoint,
} from '../../shared/api/types';

/** The query key of the definition files' texts (fetched once per visit: see DashboardEditor). */
export const SOURCES_QUERY_KEY = ['dashboard-editor', 'sources'];

/** The server's check of an edited text, with the normalized page (present when valid) as the engine types it. */
export type DefinitionCheck = WithNormalizedPage<GeneratedCheck>;

/** GET /api/dashboards/sources: every definition file's text. */
export async function fetchSources(): Promise<DefinitionSources['sources']> {
  return (await request<DefinitionSources>('/api/dashboards/sources')).sources;
}

/** GET /api/dashboards/editor-settings: whether this server saves edits. */
export function fetchEditorSettings(): Promise<EditorSettings> {
  return request<EditorSettings>('/api/dashboards/editor-settings');
}

/** POST /api/dashboards/validate: the located errors of `text` as the content of `file`. */
export function validateSource(file: string, text: string, signal?: AbortSignal): Promise<DefinitionCheck> {
  return request<DefinitionCheck>('/api/dashboards/validate', {
    method: 'POST',
    body: { file, text },
    signal,
  });
}

/** The answer of a save or a creation. */
export type SaveAnswer = WithNormalizedPage<SavedDefinition>;

/**
 * PUT /api/dashboards/sources/:file: saves a valid text that breaks no other page (400 with the
 * errors and the pages otherwise) edited from `baseVersion`, whose text `baseText` is. When the file
 * changed on disk since, edits of other lines are merged (the answer's `merged` is the text
 * written); edits of the same lines are a 409 with the file's current {text, version}.
 */
export function saveSource(
  file: string,
  text: string,
  baseVersion: string,
  baseText: string,
): Promise<SaveAnswer> {
  return request(`/api/dashboards/sources/${encodeURIComponent(file)}`, {
    method: 'PUT',
    body: { text, baseVersion, baseText },
  });
}

/** POST /api/dashboards/sources: creates a new file with a valid text; 409 when the name is taken. */
export function createSource(file: string, text: string): Promise<SaveAnswer> {
  return request('/api/dashboards/sources', { method: 'POST', body: { file, text } });
}

/** GET /api/dashboards/endpoints: the endpoints definitions may bind to, for completion. */
export async function fetchEndpoints(): Promise<EditorEndpoints['endpoints']> {
  return (await request<EditorEndpoints>('/api/dashboards/endpoints')).endpoints;
}
