import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { type DateRange, defaultRange, restoreRange } from '../../shared/datePresets';
import { type FilterFromUrl, filterQuery, filterQueryKey, readFilterQuery } from '../../shared/filterQuery';
import {
  type Account,
  type AccountChange,
  applyAccountChange,
  hasTooManyAccounts,
  hasTooManySites,
  isApplyDisabled,
  restoreAccountIds,
  restoreSiteIds,
  type Selection,
  type Site,
  siteIdsToSend,
  sitesOfAccounts,
  TOO_MANY_ACCOUNTS_MESSAGE,
  TOO_MANY_SITES_MESSAGE,
} from '../../shared/filterRules';
import { showMessage } from '../messages/messageBus';
import { changeQuery, parseQuery } from '../routes/urlQuery';
import { keepsViewInUrl } from '../routes/viewInUrl';
import { useSession } from '../session/useSession';
import { AppliedFilterContext, type AppliedFilterState } from './appliedFilter';
import { useFilterBarConfig } from './filterBarConfig';
import { readStoredFilter, writeStoredFilter } from './filterStorage';
import { GlobalFilterContext, type GlobalFilterState } from './globalFilterState';
import { noteLeftOut } from './leftOutNotice';
import { useReferenceData } from './useReferenceData';

/** How often a deferred apply checks whether sites and accounts have loaded (SPEC.md section 9). */
export const APPLY_RETRY_MS = 250;
/** Seconds a selection warning stays up (SPEC.md section 9). */
export const SELECTION_WARNING_SECONDS = 5;

function warn(text: string): void {
  showMessage({ type: 'warning', text, autoCloseSeconds: SELECTION_WARNING_SECONDS });
}

/**
 * The selection a link gives: its accounts and sites that the user may see (every one when it names
 * none of them), and how many it named that the user may not.
 */
function selectionFromUrl(
  u: FilterFromUrl,
  sites: readonly Site[],
  accounts: readonly Account[],
  showAccounts: boolean,
): { selection: Selection; foreignSites: number; foreignAccounts: number } {
  const allAccountIds = accounts.map((a) => a.accountId);
  const knownSites = new Set(sites.map((s) => s.id));
  const knownAccounts = new Set(allAccountIds);
  const foreignAccounts = (u.accountIds ?? []).filter((id) => !knownAccounts.has(id)).length;
  const foreignSites = (u.siteIds ?? []).filter((id) => !knownSites.has(id)).length;
  const accountIds = showAccounts ? restoreAccountIds(u.accountIds, allAccountIds) : allAccountIds;
  const offered = sitesOfAccounts(sites, accountIds).map((s) => s.id);
  return {
    selection: { accountIds, siteIds: restoreSiteIds(u.siteIds, offered) },
    foreignSites,
    foreignAccounts,
  };
}

/**
 * Owns the global filter: restores it on first view (from the URL, else from session storage),
 * keeps the bar's selection, publishes the applied filter (AppliedFilterContext) when the user
 * applies or resets, and keeps it in the URL of the dashboard pages: applying pushes a history
 * entry, and Back or Forward to an entry with another filter applies that one.
 */
export function FilterProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { flags } = useFilterBarConfig();
  const { sites, accounts } = useReferenceData();
  const showAccounts = Boolean(user?.allAccountAccess);
  const location = useLocation();
  const navigate = useNavigate();
  const inUrl = keepsViewInUrl(location.pathname);
  const query = useMemo(() => parseQuery(location.search), [location.search]);
  const urlKey = filterQueryKey(query);
  const urlFilter = useMemo(() => (inUrl ? readFilterQuery(query) : undefined), [inUrl, query]);

  const [range, setRange] = useState<DateRange>(
    () => urlFilter?.range ?? restoreRange(readStoredFilter().dateRange) ?? defaultRange(),
  );
  const [selection, setSelection] = useState<Selection | undefined>();
  const [unsavedChanges, setUnsavedChanges] = useState(false);
  const [pendingApply, setPendingApply] = useState(true);
  const [applied, setApplied] = useState<AppliedFilterState>({ filter: undefined, appliedCount: 0 });
  /** The filter part of the URL as last applied or written; another one in the URL is applied. */
  const [seenUrlKey, setSeenUrlKey] = useState<string>();
  /** The filter query to write into the URL after the render that applied it (until written). */
  const [urlWrite, setUrlWrite] = useState<Record<string, string | undefined>>();
  const [leftOut, setLeftOut] = useState<{ sites: number; accounts: number }>();

  // First view: once sites and accounts are in, the URL's selection, else the stored one (or
  // everything) is restored.
  const restoredSelection = useCallback((): Selection | undefined => {
    if (!sites || !accounts) return undefined;
    if (urlFilter) {
      const fromUrl = selectionFromUrl(urlFilter, sites, accounts, showAccounts);
      if (fromUrl.foreignSites || fromUrl.foreignAccounts)
        setLeftOut({ sites: fromUrl.foreignSites, accounts: fromUrl.foreignAccounts });
      return fromUrl.selection;
    }
    const stored = readStoredFilter();
    const allAccountIds = accounts.map((a) => a.accountId);
    const accountIds = showAccounts ? restoreAccountIds(stored.accountIds, allAccountIds) : allAccountIds;
    const offered = sitesOfAccounts(sites, accountIds).map((s) => s.id);
    return { accountIds, siteIds: restoreSiteIds(stored.siteIds, offered) };
  }, [sites, accounts, showAccounts, urlFilter]);

  const offeredSites = useMemo(
    () => (sites && selection ? sitesOfAccounts(sites, selection.accountIds) : []),
    [sites, selection],
  );
  const siteCount = selection?.siteIds.length ?? 0;
  const accountCount = selection?.accountIds.length ?? 0;
  const tooManySites = hasTooManySites(siteCount, offeredSites.length);
  const tooManyAccounts = showAccounts && hasTooManyAccounts(accountCount, accounts?.length ?? 0);

  const latest = useRef({ sites, accounts, selection, range, flags, restoredSelection });
  latest.current = { sites, accounts, selection, range, flags, restoredSelection };

  /**
   * Applies a selection (the restored one on first view): stores it, publishes it to the page and
   * has it written into the URL.
   */
  function applyNow(s: typeof latest.current, selected: Selection): void {
    if (!s.sites) return;
    if (!s.selection) setSelection(selected);
    const q = filterQuery(
      { range: s.range, siteIds: selected.siteIds, accountIds: selected.accountIds },
      { siteCount: s.sites.length, accountCount: s.accounts?.length ?? 0 },
    );
    setSeenUrlKey(filterQueryKey(q as Record<string, string>));
    setUrlWrite(q);
    writeStoredFilter({
      siteIds: s.flags.isSitesVisible ? selected.siteIds : undefined,
      accountIds: s.flags.isAccountsVisible || s.flags.isSitesVisible ? selected.accountIds : undefined,
      dateRange: s.flags.isPeriodVisible ? s.range : undefined,
    });
    const filter = {
      siteIds: siteIdsToSend(selected.siteIds, s.sites.length),
      accountIds: [...selected.accountIds],
      dateRange: s.range,
    };
    setApplied((prev) => ({ filter, appliedCount: prev.appliedCount + 1 }));
    setUnsavedChanges(false);
    setPendingApply(false);
  }

  // A pending apply happens in the render that finds sites and accounts loaded (the stored
  // selection restored in the same render), so on a page load the page's first render already has
  // the applied filter and sends its requests at once, rather than rendering, applying in an effect
  // and rendering everything again.
  if (pendingApply && sites && accounts) {
    const selected = selection ?? restoredSelection();
    if (selected) applyNow(latest.current, selected);
  } else if (
    !pendingApply &&
    !urlWrite &&
    inUrl &&
    sites &&
    accounts &&
    urlKey !== seenUrlKey &&
    // The router's location lags behind the window's for a moment after a navigation (its update
    // is a transition): act only on what the window still shows, or a write this provider has just
    // made, or a redirect away from the page, would be answered again and again.
    keepsViewInUrl(window.location.pathname) &&
    filterQueryKey(parseQuery(window.location.search)) !== seenUrlKey
  ) {
    // The URL's filter changed without this provider: Back, Forward, an opened link, or the Apply
    // button's new history entry. A URL without a filter (a menu link) gets the applied one.
    if (urlFilter) {
      const fromUrl = selectionFromUrl(urlFilter, sites, accounts, showAccounts);
      if (fromUrl.foreignSites || fromUrl.foreignAccounts)
        setLeftOut({ sites: fromUrl.foreignSites, accounts: fromUrl.foreignAccounts });
      setRange(urlFilter.range);
      setSelection(fromUrl.selection);
      applyNow(
        { ...latest.current, range: urlFilter.range, selection: fromUrl.selection },
        fromUrl.selection,
      );
    } else if (applied.filter && selection) {
      const q = filterQuery(
        { range, siteIds: selection.siteIds, accountIds: selection.accountIds },
        { siteCount: sites.length, accountCount: accounts.length },
      );
      setSeenUrlKey(filterQueryKey(q as Record<string, string>));
      setUrlWrite(q);
    }
  }

  // The applied filter goes into the URL of a dashboard page, in place of the current entry's.
  useEffect(() => {
    if (!urlWrite) return;
    setUrlWrite(undefined);
    if (!keepsViewInUrl(window.location.pathname)) return;
    const search = changeQuery(window.location.search, urlWrite);
    if (search !== window.location.search)
      navigate(
        { pathname: window.location.pathname, search },
        { replace: true, state: window.history.state?.usr },
      );
  }, [urlWrite, navigate]);

  useEffect(() => {
    if (leftOut) noteLeftOut(leftOut);
  }, [leftOut]);
  // Until they have loaded, applying is retried every 250 ms (SPEC.md section 9).
  // biome-ignore lint/correctness/useExhaustiveDependencies: applyNow only calls stable setters
  useEffect(() => {
    if (!pendingApply) return;
    const timer = setInterval(() => {
      const s = latest.current;
      const selected = s.selection ?? s.restoredSelection();
      if (!s.sites || !selected) return;
      clearInterval(timer);
      applyNow(s, selected);
    }, APPLY_RETRY_MS);
    return () => clearInterval(timer);
  }, [pendingApply]);

  const changeAccounts = useCallback(
    (change: AccountChange) => {
      if (!sites || !accounts || !selection) return;
      const next = applyAccountChange(selection, change, accounts, sites);
      setSelection(next);
      setUnsavedChanges(next.siteIds.length > 0);
      if (showAccounts && hasTooManyAccounts(next.accountIds.length, accounts.length) && !tooManyAccounts)
        warn(TOO_MANY_ACCOUNTS_MESSAGE);
    },
    [sites, accounts, selection, showAccounts, tooManyAccounts],
  );

  const changeSites = useCallback(
    (siteIds: number[]) => {
      if (!selection) return;
      setSelection({ ...selection, siteIds });
      setUnsavedChanges(siteIds.length > 0);
      if (hasTooManySites(siteIds.length, offeredSites.length) && !tooManySites) warn(TOO_MANY_SITES_MESSAGE);
    },
    [selection, offeredSites, tooManySites],
  );

  const changeRange = useCallback((next: DateRange) => {
    setRange(next);
    setUnsavedChanges(true);
  }, []);

  /**
   * Applies `next` as the user asked (Apply, Reset): on a dashboard page as a new history entry
   * whose URL carries it (the render that sees the URL applies it), elsewhere at once.
   */
  const applyByUser = useCallback(
    (next: { range: DateRange; selection: Selection | undefined }) => {
      const s = latest.current;
      if (!next.selection || !s.sites || !s.accounts || !keepsViewInUrl(window.location.pathname)) {
        setPendingApply(true);
        return;
      }
      const q = filterQuery(
        { range: next.range, siteIds: next.selection.siteIds, accountIds: next.selection.accountIds },
        { siteCount: s.sites.length, accountCount: s.accounts.length },
      );
      const search = changeQuery(window.location.search, q);
      // The same filter again: nothing to add to the history, but the page refetches.
      if (filterQueryKey(parseQuery(search)) === filterQueryKey(parseQuery(window.location.search)))
        setPendingApply(true);
      else navigate({ pathname: window.location.pathname, search });
    },
    [navigate],
  );

  const apply = useCallback(
    () => applyByUser({ range: latest.current.range, selection: latest.current.selection }),
    [applyByUser],
  );

  const reset = useCallback(() => {
    const next = defaultRange();
    setRange(next);
    const all =
      sites && accounts
        ? { accountIds: accounts.map((a) => a.accountId), siteIds: sites.map((s) => s.id) }
        : undefined;
    if (all) setSelection(all);
    applyByUser({ range: next, selection: all });
  }, [sites, accounts, applyByUser]);

  // One object while nothing in it changes: the provider renders again at every URL change (it
  // follows the URL), and each new object would draw the whole filter bar again.
  const state = useMemo<GlobalFilterState>(
    () => ({
      sites: sites ?? [],
      accounts: accounts ?? [],
      sitesLoaded: Boolean(sites),
      accountsLoaded: Boolean(accounts),
      showAccounts,
      offeredSites,
      selectedSiteIds: selection?.siteIds ?? [],
      selectedAccountIds: selection?.accountIds ?? [],
      range,
      unsavedChanges,
      tooManySites,
      tooManyAccounts,
      applyDisabled: isApplyDisabled({
        hasError: tooManySites || tooManyAccounts,
        unsavedChanges,
        selectedAccountCount: accountCount,
        totalAccountCount: accounts?.length ?? 0,
      }),
      changeAccounts,
      changeSites,
      changeRange,
      apply,
      reset,
    }),
    [
      sites,
      accounts,
      showAccounts,
      offeredSites,
      selection,
      range,
      unsavedChanges,
      tooManySites,
      tooManyAccounts,
      accountCount,
      changeAccounts,
      changeSites,
      changeRange,
      apply,
      reset,
    ],
  );

  return (
    <AppliedFilterContext.Provider value={applied}>
      <GlobalFilterContext.Provider value={state}>{children}</GlobalFilterContext.Provider>
    </AppliedFilterContext.Provider>
  );
}
