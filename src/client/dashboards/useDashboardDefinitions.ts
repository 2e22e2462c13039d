import { useQuery } from '@tanstack/react-query';
import type { NormalizedPage } from '../../../engine';
import { request } from '../api';
import { useSession } from '../session/useSession';

/** GET /api/dashboards: the validated page definitions this user may see. */
export function useDashboardDefinitions() {
  const { user } = useSession();
  return useQuery({
    queryKey: ['dashboards', user?.username ?? ''],
    queryFn: async () => (await request<{ pages: NormalizedPage[] }>('/api/dashboards')).pages,
    enabled: Boolean(user),
    // A definition edited on the server shows on the next page load, not in the middle of a visit.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
