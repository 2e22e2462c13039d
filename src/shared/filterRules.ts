/** Rules of the global filter's site and account selection (SPEC.md sections 4, 5 and 9). */

/** The most sites a non-'ALL' selection may hold; at this many or more all sites are sent. */
export const MAX_SITES = 300;

/** The most accounts a selection may hold unless it is all of them. */
export const MAX_ACCOUNTS = 1;

export const TOO_MANY_SITES_MESSAGE =
  'Too many sites have been selected. Please select up to 300 sites or all sites.';
export const TOO_MANY_ACCOUNTS_MESSAGE =
  'Too many accounts have been selected. Please select one account or all accounts.';

import { compareNames } from '../../engine';
import type { Account, Site } from './api/types';

export type { Account, Site };

/** What the user did in the Accounts list: 'ALL' (Check All), 'NONE' (Uncheck All) or one account. */
export type AccountChange = { kind: 'all' } | { kind: 'none' } | { kind: 'toggle'; accountId: number };

/** The accounts and sites selected together. */
export interface Selection {
  accountIds: number[];
  siteIds: number[];
}

/** Sites sorted by name, case-insensitively (as Intl's en collator at base strength orders them). */
export function sortSites(sites: readonly Site[]): Site[] {
  return [...sites].sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
}

/** The sites the Sites list offers: those of the selected accounts, sorted by name. */
export function sitesOfAccounts(sites: readonly Site[], accountIds: readonly number[]): Site[] {
  const wanted = new Set(accountIds);
  return sortSites(sites.filter((s) => wanted.has(s.accountId)));
}

/**
 * The selection after an Accounts change: 'ALL' selects every account and site, 'NONE' clears both,
 * toggling one account adds or removes it together with its sites.
 */
export function applyAccountChange(
  current: Selection,
  change: AccountChange,
  accounts: readonly Account[],
  sites: readonly Site[],
): Selection {
  if (change.kind === 'all')
    return { accountIds: accounts.map((a) => a.accountId), siteIds: sortSites(sites).map((s) => s.id) };
  if (change.kind === 'none') return { accountIds: [], siteIds: [] };
  const own = sites.filter((s) => s.accountId === change.accountId).map((s) => s.id);
  if (current.accountIds.includes(change.accountId)) {
    const drop = new Set(own);
    return {
      accountIds: current.accountIds.filter((id) => id !== change.accountId),
      siteIds: current.siteIds.filter((id) => !drop.has(id)),
    };
  }
  const siteIds = [...current.siteIds];
  for (const id of own) if (!siteIds.includes(id)) siteIds.push(id);
  return { accountIds: [...current.accountIds, change.accountId], siteIds };
}

/** True when the site selection breaks the limit: more than 300 and not all of them. */
export function hasTooManySites(selectedCount: number, totalCount: number): boolean {
  return selectedCount > MAX_SITES && selectedCount !== totalCount;
}

/** True when the account selection breaks the limit: more than one and not all of them. */
export function hasTooManyAccounts(selectedCount: number, totalCount: number): boolean {
  return selectedCount > MAX_ACCOUNTS && selectedCount !== totalCount;
}

/** The site ids a data request carries: none (meaning all sites) when every site or 300+ are selected. */
export function siteIdsToSend(selected: readonly number[], totalCount: number): number[] {
  if (selected.length >= MAX_SITES || (totalCount > 0 && selected.length === totalCount)) return [];
  return [...selected];
}

/**
 * The site selection restored from storage: every site when nothing usable is stored or when the
 * stored list holds more than 300 ids, otherwise the stored ids that still exist.
 */
export function restoreSiteIds(stored: unknown, allSiteIds: readonly number[]): number[] {
  if (!Array.isArray(stored) || stored.length === 0 || stored.length > MAX_SITES) return [...allSiteIds];
  const known = new Set(allSiteIds);
  const kept = stored.filter((id): id is number => typeof id === 'number' && known.has(id));
  return kept.length > 0 ? kept : [...allSiteIds];
}

/** The account selection restored from storage: the stored ids that still exist, else every account. */
export function restoreAccountIds(stored: unknown, allAccountIds: readonly number[]): number[] {
  if (!Array.isArray(stored)) return [...allAccountIds];
  const known = new Set(allAccountIds);
  const kept = stored.filter((id): id is number => typeof id === 'number' && known.has(id));
  return kept.length > 0 ? kept : [...allAccountIds];
}

/** What decides whether the filter bar's Apply button can be pressed. */
export interface ApplyState {
  hasError: boolean;
  unsavedChanges: boolean;
  selectedAccountCount: number;
  totalAccountCount: number;
}

/**
 * Apply is disabled when there is an error, no unsaved change, no selected account, or several
 * accounts that are not all of them (SPEC.md section 5).
 */
export function isApplyDisabled(s: ApplyState): boolean {
  return (
    s.hasError ||
    !s.unsavedChanges ||
    s.selectedAccountCount === 0 ||
    hasTooManyAccounts(s.selectedAccountCount, s.totalAccountCount)
  );
}

export { multiSelectLabel, withInactiveSuffix } from '../../engine';
