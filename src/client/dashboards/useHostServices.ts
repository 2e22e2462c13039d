import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { HostServices } from '../../../engine';
import { getData, postData } from '../api';
import { describePanelError } from '../api/ApiError';
import { useAppliedFilter } from '../filter/appliedFilter';
import { hostFilter } from './hostFilter';
import { useDashboardDefinitions } from './useDashboardDefinitions';

async function fetchJson(endpoint: string, body: unknown, method: 'GET' | 'POST'): Promise<unknown> {
  return method === 'GET' ? getData(endpoint) : postData(endpoint, (body ?? {}) as Record<string, unknown>);
}

/** The router state a drill leaves: the params the opened page starts with. */
interface DrillState {
  drillParams?: Record<string, unknown>;
}

/**
 * What the app gives the engine to draw a page (the dashboards and the editor's preview alike):
 * the API with tokens and retries, the applied global filter and its apply count, the router, and
 * error texts in the readers' words. A drill opens the page's route with its params in the
 * history entry's state, so Back returns to the page drilled from and a reload keeps the drill.
 */
export function useHostServices(): HostServices {
  const navigate = useNavigate();
  const location = useLocation();
  const { filter, appliedCount } = useAppliedFilter();
  const { data: pages } = useDashboardDefinitions();
  const openedWith = (location.state as DrillState | null)?.drillParams;
  return useMemo(
    () => ({
      fetchJson,
      appliedFilter: hostFilter(filter),
      applyCount: appliedCount,
      navigate,
      openPage: (pageId: string, params: Readonly<Record<string, unknown>>) => {
        const page = pages?.find((p) => p.id === pageId);
        if (page) navigate(page.route, { state: { drillParams: params } satisfies DrillState });
      },
      openedWith,
      describeError: describePanelError,
    }),
    [filter, appliedCount, navigate, pages, openedWith],
  );
}
