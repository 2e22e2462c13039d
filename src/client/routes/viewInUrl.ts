/** The live editor's route: under /dashboard, but its URL holds the editor's own query. */
export const EDITOR_PATH = '/dashboard/editor';

/** The 'Email & alerts' page: under /dashboard, but it shows no figures and has no filter. */
export const EMAIL_ALERTS_PATH = '/dashboard/email-alerts';

/**
 * Whether a route keeps its view in the URL (the global filter and the page's shareable params):
 * the dashboard pages do; the editor, 'Email & alerts', the forms and the static pages do not.
 */
export function keepsViewInUrl(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return (
    (path === '/dashboard' || path.startsWith('/dashboard/')) &&
    path !== EDITOR_PATH &&
    path !== EMAIL_ALERTS_PATH
  );
}
