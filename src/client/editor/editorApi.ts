import type { NormalizedPage } from '../../../engine';
import { request } from '../api';

/** One definition file as the server holds it. */
export interface DefinitionSource {
  file: string;
  text: string;
}

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

/** PUT /api/dashboards/sources/:file: saves a valid text (400 with the errors otherwise). */
export function saveSource(file: string, text: string): Promise<DefinitionCheck & { saved: boolean }> {
  return request(`/api/dashboards/sources/${encodeURIComponent(file)}`, { method: 'PUT', body: { text } });
}
