import type { UserInfo } from '../session/sessionTypes';

/** The editor's route. */
export const EDITOR_PATH = '/dashboard/editor';

/** The claim that opens the live definition editor (the server checks it too). */
export const EDITOR_CLAIM = { type: 'HawkEyeDashboardEditor', value: 'Write' } as const;

/** True when the signed-in user may use the dashboard editor. */
export function isDashboardEditor(user: UserInfo | undefined): boolean {
  return Boolean(user?.claims.some((c) => c.type === EDITOR_CLAIM.type && c.value === EDITOR_CLAIM.value));
}
