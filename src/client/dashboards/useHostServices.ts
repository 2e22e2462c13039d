import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { HostServices } from '../../../engine';
import { getData, postData } from '../api';
import { describePanelError } from '../api/ApiError';
import { useAppliedFilter } from '../filter/appliedFilter';
import { hostFilter } from './hostFilter';

async function fetchJson(endpoint: string, body: unknown, method: 'GET' | 'POST'): Promise<unknown> {
  return method === 'GET' ? getData(endpoint) : postData(endpoint, (body ?? {}) as Record<string, unknown>);
}

/**
 * What the app gives the engine to draw a page (the dashboards and the editor's preview alike):
 * the API with tokens and retries, the applied global filter and its apply count, the router, and
 * error texts in the readers' words.
 */
export function useHostServices(): HostServices {
  const navigate = useNavigate();
  const { filter, appliedCount } = useAppliedFilter();
  return useMemo(
    () => ({
      fetchJson,
      appliedFilter: hostFilter(filter),
      applyCount: appliedCount,
      navigate,
      describeError: describePanelError,
    }),
    [filter, appliedCount, navigate],
  );
}
