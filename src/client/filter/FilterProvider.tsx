import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type DateRange, defaultRange, restoreRange } from '../../shared/datePresets';
import {
  type AccountChange,
  applyAccountChange,
  hasTooManyAccounts,
  hasTooManySites,
  isApplyDisabled,
  restoreAccountIds,
  restoreSiteIds,
  type Selection,
  siteIdsToSend,
  sitesOfAccounts,
  TOO_MANY_ACCOUNTS_MESSAGE,
  TOO_MANY_SITES_MESSAGE,
} from '../../shared/filterRules';
import { showMessage } from '../messages/messageBus';
import { useSession } from '../session/useSession';
import { AppliedFilterContext, type AppliedFilterState } from './appliedFilter';
import { useFilterBarConfig } from './filterBarConfig';
import { readStoredFilter, writeStoredFilter } from './filterStorage';
import { GlobalFilterContext, type GlobalFilterState } from './globalFilterState';
import { useReferenceData } from './useReferenceData';

/** How often a deferred apply checks whether sites and accounts have loaded (SPEC.md section 9). */
export const APPLY_RETRY_MS = 250;
/** Seconds a selection warning stays up (SPEC.md section 9). */
export const SELECTION_WARNING_SECONDS = 5;

function warn(text: string): void {
  showMessage({ type: 'warning', text, autoCloseSeconds: SELECTION_WARNING_SECONDS });
}

/**
 * Owns the global filter: restores it on first view, keeps the bar's selection, and publishes the
 * applied filter (AppliedFilterContext) when the user applies or resets.
 */
export function FilterProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { flags } = useFilterBarConfig();
  const { sites, accounts } = useReferenceData();
  const showAccounts = Boolean(user?.allAccountAccess);

  const [range, setRange] = useState<DateRange>(
    () => restoreRange(readStoredFilter().dateRange) ?? defaultRange(),
  );
  const [selection, setSelection] = useState<Selection | undefined>();
  const [unsavedChanges, setUnsavedChanges] = useState(false);
  const [pendingApply, setPendingApply] = useState(true);
  const [applied, setApplied] = useState<AppliedFilterState>({ filter: undefined, appliedCount: 0 });

  // First view: once sites and accounts are in, the stored selection (or everything) is restored.
  const restoredSelection = useCallback((): Selection | undefined => {
    if (!sites || !accounts) return undefined;
    const stored = readStoredFilter();
    const allAccountIds = accounts.map((a) => a.accountId);
    const accountIds = showAccounts ? restoreAccountIds(stored.accountIds, allAccountIds) : allAccountIds;
    const offered = sitesOfAccounts(sites, accountIds).map((s) => s.id);
    return { accountIds, siteIds: restoreSiteIds(stored.siteIds, offered) };
  }, [sites, accounts, showAccounts]);

  const offeredSites = useMemo(
    () => (sites && selection ? sitesOfAccounts(sites, selection.accountIds) : []),
    [sites, selection],
  );
  const siteCount = selection?.siteIds.length ?? 0;
  const accountCount = selection?.accountIds.length ?? 0;
  const tooManySites = hasTooManySites(siteCount, offeredSites.length);
  const tooManyAccounts = showAccounts && hasTooManyAccounts(accountCount, accounts?.length ?? 0);

  const latest = useRef({ sites, selection, range, flags, restoredSelection });
  latest.current = { sites, selection, range, flags, restoredSelection };

  /** Applies a selection (the restored one on first view): stores it and publishes it to the page. */
  function applyNow(s: typeof latest.current, selected: Selection): void {
    if (!s.sites) return;
    if (!s.selection) setSelection(selected);
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
  }
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

  const apply = useCallback(() => setPendingApply(true), []);

  const reset = useCallback(() => {
    setRange(defaultRange());
    if (sites && accounts)
      setSelection({ accountIds: accounts.map((a) => a.accountId), siteIds: sites.map((s) => s.id) });
    setPendingApply(true);
  }, [sites, accounts]);

  const state: GlobalFilterState = {
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
  };

  return (
    <AppliedFilterContext.Provider value={applied}>
      <GlobalFilterContext.Provider value={state}>{children}</GlobalFilterContext.Provider>
    </AppliedFilterContext.Provider>
  );
}
