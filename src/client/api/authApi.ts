import type { AuthTokens, UserInfo } from '../session/sessionTypes';
import { CLIENT_ID, request } from './http';

/** POST /token with the password grant; the sign-in page reads the ApiError status. */
export function requestPasswordToken(username: string, password: string): Promise<AuthTokens> {
  return request<AuthTokens>('/token', {
    body: { grantType: 'password', clientId: CLIENT_ID, username, password },
    reportServerErrors: false,
    refreshOn401: false,
  });
}

/** POST /token with the impersonation grant, authorised by the current user's bearer token. */
export function requestImpersonationToken(impersonationToken: string): Promise<AuthTokens> {
  return request<AuthTokens>('/token', {
    body: { grantType: 'impersonation', clientId: CLIENT_ID, impersonationToken },
    reportServerErrors: false,
  });
}

/** POST /claims: the signed-in user's info. */
export function fetchClaims(): Promise<UserInfo> {
  return request<UserInfo>('/claims', { method: 'POST', body: {} });
}

/** POST /forgotpassword: emails reset instructions. */
export function requestPasswordReset(username: string): Promise<unknown> {
  return request('/forgotpassword', { body: { username }, reportServerErrors: false, refreshOn401: false });
}

/** POST /reset-password: sets a new password with the emailed token. */
export function resetPassword(token: string, password: string): Promise<unknown> {
  return request('/reset-password', {
    body: { token, password },
    reportServerErrors: false,
    refreshOn401: false,
  });
}
