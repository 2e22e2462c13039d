import type { NormalizedPage } from '../../../engine';
import { request } from '../api';

/** The query key of the definition files' texts (fetched once per visit: see DashboardEditor). */
export const SOURCES_QUERY_KEY = ['dashboard-editor', 'sources'];

/** One definition file as the server holds it. */
export interface DefinitionSource {
  file: string;
  text: string;
  /** The version of `text` (a hash); a save sends it back to say what it was edited from. */
  version: string;
}

import type { EditorEndpoint } from '../../shared/editorEndpoint';

export type { EditorEndpoint };

/** One located problem: `text` is the line `npm run dashboards:check` prints. */
export interface DefinitionProblem {
  line: number;
  column: number;
  pointer: string;
  message: string;
  severity: 'error' | 'warning';
  text: string;
}

/** The server's check of an edited text. */
export interface DefinitionCheck {
  errors: DefinitionProblem[];
  /** Present when the text is valid. */
  normalized?: NormalizedPage;
}

/** GET /api/dashboards/sources: every definition file's text. */
export async function fetchSources(): Promise<DefinitionSource[]> {
  return (await request<{ sources: DefinitionSource[] }>('/api/dashboards/sources')).sources;
}

/** GET /api/dashboards/editor-settings: whether this server saves edits. */
export function fetchEditorSettings(): Promise<{ writable: boolean }> {
  return request<{ writable: boolean }>('/api/dashboards/editor-settings');
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
export type SaveAnswer = DefinitionCheck & { saved: boolean; file: string; version: string };

/**
 * PUT /api/dashboards/sources/:file: saves a valid text (400 with the errors otherwise) edited from
 * `baseVersion`; 409 with the file's current {text, version} when it changed on disk since.
 */
export function saveSource(file: string, text: string, baseVersion: string): Promise<SaveAnswer> {
  return request(`/api/dashboards/sources/${encodeURIComponent(file)}`, {
    method: 'PUT',
    body: { text, baseVersion },
  });
}

/** POST /api/dashboards/sources: creates a new file with a valid text; 409 when the name is taken. */
export function createSource(file: string, text: string): Promise<SaveAnswer> {
  return request('/api/dashboards/sources', { method: 'POST', body: { file, text } });
}

/** GET /api/dashboards/endpoints: the endpoints definitions may bind to, for completion. */
export async function fetchEndpoints(): Promise<EditorEndpoint[]> {
  return (await request<{ endpoints: EditorEndpoint[] }>('/api/dashboards/endpoints')).endpoints;
}
