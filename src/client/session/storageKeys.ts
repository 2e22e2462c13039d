/** Browser storage keys (SPEC.md section 3). Session keys live in sessionStorage, remember-me in localStorage. */
export const STORAGE_KEYS = {
  /** The authentication response (access, refresh and extended data tokens). */
  jwt: 'hawkeye-jwt',
  /** The signed-in user's info and claims. */
  claims: 'hawkeye-claims',
  /** Whether the session is an impersonation, and by whom. */
  impersonation: 'hawkeye-impersonation',
  rememberMe: 'remember-me',
  rememberMeUsername: 'remember-me-username',
  appliedSites: 'stored-applied-sites',
  appliedAccounts: 'stored-applied-accounts',
  appliedDateRange: 'stored-applied-dateRange',
} as const;

/** Reads JSON from sessionStorage; undefined when missing or unreadable. */
export function readSessionJson<T>(key: string): T | undefined {
  try {
    const raw = sessionStorage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

/** Writes JSON to sessionStorage. */
export function writeSessionJson(key: string, value: unknown): void {
  sessionStorage.setItem(key, JSON.stringify(value));
}
