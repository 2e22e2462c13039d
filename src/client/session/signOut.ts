import { queryClient } from '../api/queryClient';
import { navigateTo } from './navigation';
import { clearSession, getSession } from './sessionStore';

/**
 * Ends the session: tells the server to revoke the refresh token (best effort), clears the session
 * storage and the query cache, and replaces the current history entry with /login so Back shows no data.
 */
export function signOut(): void {
  const refreshToken = getSession().tokens?.refreshToken;
  if (refreshToken) {
    fetch('/logout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
      keepalive: true,
    }).catch(() => undefined);
  }
  clearSession();
  queryClient.clear();
  navigateTo('/login', { replace: true });
}
