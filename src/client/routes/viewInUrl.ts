/** The live editor's route: under /dashboard, but its URL holds the editor's own query. */
export const EDITOR_PATH = '/dashboard/editor';

/**
 * Whether a route keeps its view in the URL (the global filter and the page's shareable params):
 * the dashboard pages do; the editor, the forms and the static pages do not.
 */
export function keepsViewInUrl(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return (path === '/dashboard' || path.startsWith('/dashboard/')) && path !== EDITOR_PATH;
}
