import { forgetChartCache } from '../../../engine';
import type { AuthTokens, ImpersonationInfo, SessionSnapshot, UserInfo } from './sessionTypes';
import { readSessionJson, STORAGE_KEYS, writeSessionJson } from './storageKeys';

const NOT_IMPERSONATING: ImpersonationInfo = { isImpersonating: false, impersonator: null };
const listeners = new Set<() => void>();
let snapshot: SessionSnapshot = readSnapshot();

function readSnapshot(): SessionSnapshot {
  return {
    tokens: readSessionJson<AuthTokens>(STORAGE_KEYS.jwt),
    user: readSessionJson<UserInfo>(STORAGE_KEYS.claims),
    impersonation: readSessionJson<ImpersonationInfo>(STORAGE_KEYS.impersonation) ?? NOT_IMPERSONATING,
  };
}

function changed(): void {
  snapshot = readSnapshot();
  for (const l of listeners) l();
}

/** The current session (a stable object until the session changes; fit for useSyncExternalStore). */
export function getSession(): SessionSnapshot {
  return snapshot;
}

/** Calls `listener` whenever the session changes; returns the unsubscribe function. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True when an access token and the user's info are stored. */
export function isSignedIn(): boolean {
  return Boolean(snapshot.tokens?.accessToken && snapshot.user);
}

/** Stores the tokens of a sign-in, refresh or impersonation. */
export function setTokens(tokens: AuthTokens): void {
  writeSessionJson(STORAGE_KEYS.jwt, tokens);
  changed();
}

/** Stores the user info and impersonation state of a completed sign-in. */
export function setUser(user: UserInfo, impersonation: ImpersonationInfo): void {
  writeSessionJson(STORAGE_KEYS.claims, user);
  writeSessionJson(STORAGE_KEYS.impersonation, impersonation);
  changed();
}

/** Clears the whole session (tokens, claims, impersonation, stored filters); remember-me stays. */
export function clearSession(): void {
  sessionStorage.clear();
  // Charts still compiling or drawing must not write their caches into the cleared storage.
  forgetChartCache();
  changed();
}

/** True when the user may open the Impersonate User modal: all-account access and not impersonating. */
export function canImpersonate(s: SessionSnapshot): boolean {
  return Boolean(s.user?.allAccountAccess) && !s.impersonation.isImpersonating;
}
