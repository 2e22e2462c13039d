import { fetchClaims, requestImpersonationToken, requestPasswordToken } from '../api/authApi';
import { clearSession, getSession, setTokens, setUser } from './sessionStore';
import type { UserInfo } from './sessionTypes';
import { STORAGE_KEYS } from './storageKeys';

/** Signs in with a password: stores the tokens and claims, not impersonating. Throws ApiError on failure. */
export async function signIn(username: string, password: string): Promise<UserInfo> {
  setTokens(await requestPasswordToken(username, password));
  try {
    const user = await fetchClaims();
    setUser(user, { isImpersonating: false, impersonator: null });
    return user;
  } catch (err) {
    clearSession();
    throw err;
  }
}

/**
 * Replaces the session with the impersonated user's and records the impersonator. The stored filter is
 * dropped because the new user sees other accounts and sites.
 */
export async function impersonate(code: string): Promise<UserInfo> {
  const impersonator = getSession().user?.username ?? null;
  const tokens = await requestImpersonationToken(code);
  setTokens(tokens);
  const user = await fetchClaims();
  for (const key of [STORAGE_KEYS.appliedSites, STORAGE_KEYS.appliedAccounts, STORAGE_KEYS.appliedDateRange])
    sessionStorage.removeItem(key);
  setUser(user, { isImpersonating: true, impersonator: user.impersonator ?? impersonator });
  return user;
}
