import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { HostServices } from '../../../engine';
import { FILTER_QUERY_NAMES } from '../../shared/filterQuery';
import { hostFilter } from '../../shared/hostFilter';
import { getData, postData, postDataFile } from '../api';
import { describePanelError } from '../api/ApiError';
import { useAppliedFilter } from '../filter/appliedFilter';
import { noteLeftOut } from '../filter/leftOutNotice';
import { useReferenceData } from '../filter/useReferenceData';
import { historyMoves } from '../routes/historyMoves';
import { changeQuery, parseQuery } from '../routes/urlQuery';
import { useDashboardDefinitions } from './useDashboardDefinitions';

async function fetchJson(endpoint: string, body: unknown, method: 'GET' | 'POST'): Promise<unknown> {
  return method === 'GET' ? getData(endpoint) : postData(endpoint, (body ?? {}) as Record<string, unknown>);
}

/** Removes the global filter's parameters from a query (changeQuery). */
const WITHOUT_FILTER = Object.fromEntries(FILTER_QUERY_NAMES.map((name) => [name, undefined]));

/** The router state a drill leaves: the params the opened page starts with. */
interface DrillState {
  drillParams?: Record<string, unknown>;
}

/**
 * What the app gives the engine to draw a page (the dashboards and the editor's preview alike):
 * the API with tokens and retries, the applied global filter and its apply count, the router, and
 * error texts in the readers' words. With `url` (the dashboard pages, not the editor's preview),
 * the page's shareable params live in the URL's query and are checked against the user's sites
 * and accounts. A drill opens the page's route, keeping the global filter's part of the query, with
 * its params in the history entry's state: Back returns to the page drilled from, a reload keeps
 * the drill, and the opened page writes the params it shares into its URL.
 */
export function useHostServices({ url = false }: { url?: boolean } = {}): HostServices {
  const navigate = useNavigate();
  const { pathname, search, state } = useLocation();
  const { filter, appliedCount } = useAppliedFilter();
  const { sites, accounts } = useReferenceData();
  const { data: pages } = useDashboardDefinitions();
  // The host stays one object while what it holds is the same, so a URL change that is no news to
  // the page (the filter bar writing the applied filter into the URL as the page loads, the history
  // entry's state read again) does not draw every panel again. The page reads its own params from
  // the query; the filter's are the filter bar's.
  const drillParams = (state as DrillState | null)?.drillParams;
  const drillKey = JSON.stringify(drillParams ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: equal params in a new object are the same params
  const openedWith = useMemo(() => drillParams, [drillKey]);
  const pageSearch = url ? changeQuery(search, WITHOUT_FILTER) : undefined;
  const urlQuery = useMemo(
    () => (pageSearch === undefined ? undefined : parseQuery(pageSearch)),
    [pageSearch],
  );
  const moves = url ? historyMoves() : 0;
  // The app writes the applied filter into every dashboard URL, so an address that carries it as
  // the page opens names a whole view (a shared link, a reload, Back); a bare one (a menu link, a
  // bookmark) leaves the page its remembered params. Read as the route is entered: the filter the
  // app then writes into the address is not the reader's.
  const withFilter = FILTER_QUERY_NAMES.some((name) => parseQuery(search)[name] !== undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as the route is entered, see above
  const urlIsWholeView = useMemo(() => url && withFilter, [url, pathname]);
  return useMemo(() => {
    const scope: Record<string, Set<unknown> | undefined> = {
      siteIds: sites && new Set(sites.map((s) => s.id)),
      accountIds: accounts && new Set(accounts.map((a) => a.accountId)),
    };
    return {
      fetchJson,
      exportFile: (endpoint: string, body: unknown, onProgress: (fraction: number) => void) =>
        postDataFile(endpoint, body as Record<string, unknown>, onProgress),
      appliedFilter: hostFilter(filter),
      applyCount: appliedCount,
      navigate,
      openPage: (pageId: string, params: Readonly<Record<string, unknown>>) => {
        const page = pages?.find((p) => p.id === pageId);
        if (!page) return;
        const filterPart = Object.fromEntries(
          FILTER_QUERY_NAMES.map((name) => [name, parseQuery(window.location.search)[name]]),
        );
        navigate(
          { pathname: page.route, search: changeQuery('', filterPart) },
          { state: { drillParams: params } satisfies DrillState },
        );
      },
      openedWith,
      describeError: describePanelError,
      ...(urlQuery && {
        urlQuery,
        urlIsWholeView,
        // The URL of the moment (an earlier write of this commit may have changed it), unless the
        // window has left the page meanwhile (a redirect).
        setUrlQuery: (changes, how) => {
          if (window.location.pathname !== pathname) return;
          navigate(
            { pathname, search: changeQuery(window.location.search, changes) },
            { replace: how === 'replace' },
          );
        },
        historyMoves: moves,
        allowsFilterValue: (key, value) => scope[key]?.has(value) ?? true,
        onSharedValuesDropped: () => noteLeftOut({ other: 1 }),
      }),
    } satisfies HostServices;
  }, [
    filter,
    appliedCount,
    navigate,
    urlQuery,
    urlIsWholeView,
    moves,
    pathname,
    sites,
    accounts,
    pages,
    openedWith,
  ]);
}
