/** Where sign-in leads when it was not sent from a guarded address (SPEC.md section 2). */
export const AFTER_SIGN_IN = '/dashboard';

/**
 * The address to open after signing in: the guarded one the user was sent away from (its path and
 * query, e.g. a shared link), or /dashboard. Only a path of this app is followed.
 */
export function returnPathOf(state: unknown): string {
  const to = (state as { returnTo?: unknown } | null)?.returnTo;
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/login'))
    return AFTER_SIGN_IN;
  // The home route only redirects to /dashboard; keep the plain address.
  return to === '/' ? AFTER_SIGN_IN : to;
}
