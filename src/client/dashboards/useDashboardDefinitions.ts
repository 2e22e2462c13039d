import { useQuery } from '@tanstack/react-query';
import type { NormalizedPage } from '../../../engine';
import { request } from '../api';
import { RETRY_UNTIL_ANSWERED } from '../api/queryClient';
import { useSession } from '../session/useSession';

/** The query of GET /api/dashboards for a user (the hook's, and the startup prefetch's). */
export function dashboardDefinitionsQuery(username: string) {
  return {
    queryKey: ['dashboards', username],
    queryFn: async () => (await request<{ pages: NormalizedPage[] }>('/api/dashboards')).pages,
    // A definition edited on the server shows on the next page load, not in the middle of a visit.
    staleTime: Number.POSITIVE_INFINITY,
    ...RETRY_UNTIL_ANSWERED,
  };
}

/** GET /api/dashboards: the validated page definitions this user may see. */
export function useDashboardDefinitions() {
  const { user } = useSession();
  return useQuery({ ...dashboardDefinitionsQuery(user?.username ?? ''), enabled: Boolean(user) });
}
