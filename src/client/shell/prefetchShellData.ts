import { queryClient } from '../api/queryClient';
import { dashboardDefinitionsQuery } from '../dashboards/useDashboardDefinitions';
import { referenceQueries } from '../filter/useReferenceData';
import { getSession, isSignedIn } from '../session/sessionStore';

/**
 * For a signed-in visit, starts the requests every signed-in page makes (the page definitions, the
 * user's sites and accounts) before React first renders, so they travel while the app mounts. The
 * shell's hooks then find them in the query cache under the same keys.
 */
export function prefetchShellData(): void {
  if (!isSignedIn()) return;
  const { user, tokens } = getSession();
  const reference = referenceQueries(tokens?.userId ?? '');
  void queryClient.prefetchQuery(dashboardDefinitionsQuery(user?.username ?? ''));
  void queryClient.prefetchQuery(reference.sites);
  void queryClient.prefetchQuery(reference.accounts);
}
