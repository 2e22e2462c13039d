import { describe, expect, it } from 'vitest';
import {
  type Account,
  applyAccountChange,
  hasTooManyAccounts,
  hasTooManySites,
  isApplyDisabled,
  multiSelectLabel,
  restoreAccountIds,
  restoreSiteIds,
  type Site,
  siteIdsToSend,
  sitesOfAccounts,
  sortSites,
  withInactiveSuffix,
} from '../../src/shared/filterRules';

const accounts: Account[] = [
  { accountId: 1, accountName: 'One', isActive: true },
  { accountId: 2, accountName: 'Two', isActive: true },
  { accountId: 3, accountName: 'Three', isActive: false },
];
const sites: Site[] = [
  { id: 10, name: 'beta Court', accountId: 1, siteIsActive: true },
  { id: 11, name: 'Alpha Place', accountId: 1, siteIsActive: true },
  { id: 20, name: 'alpha Gardens', accountId: 2, siteIsActive: false },
  { id: 30, name: 'Cedar', accountId: 3, siteIsActive: true },
];
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('site and account selection', () => {
  it('sorts sites by name case-insensitively', () => {
    expect(sortSites(sites).map((s) => s.name)).toEqual([
      'alpha Gardens',
      'Alpha Place',
      'beta Court',
      'Cedar',
    ]);
  });

  it('offers only the sites of the selected accounts', () => {
    expect(sitesOfAccounts(sites, [1]).map((s) => s.id)).toEqual([11, 10]);
    expect(sitesOfAccounts(sites, [])).toEqual([]);
  });

  it("'ALL' selects every account and site, 'NONE' clears both", () => {
    const all = applyAccountChange({ accountIds: [], siteIds: [] }, { kind: 'all' }, accounts, sites);
    expect(all.accountIds).toEqual([1, 2, 3]);
    expect([...all.siteIds].sort()).toEqual([10, 11, 20, 30]);
    expect(applyAccountChange(all, { kind: 'none' }, accounts, sites)).toEqual({
      accountIds: [],
      siteIds: [],
    });
  });

  it('toggling one account adds or removes its sites', () => {
    const one = applyAccountChange(
      { accountIds: [], siteIds: [] },
      { kind: 'toggle', accountId: 1 },
      accounts,
      sites,
    );
    expect(one).toEqual({ accountIds: [1], siteIds: [10, 11] });
    const two = applyAccountChange(one, { kind: 'toggle', accountId: 2 }, accounts, sites);
    expect(two).toEqual({ accountIds: [1, 2], siteIds: [10, 11, 20] });
    expect(applyAccountChange(two, { kind: 'toggle', accountId: 1 }, accounts, sites)).toEqual({
      accountIds: [2],
      siteIds: [20],
    });
  });

  it('more than 300 sites is an error unless it is all of them', () => {
    expect(hasTooManySites(300, 1000)).toBe(false);
    expect(hasTooManySites(301, 1000)).toBe(true);
    expect(hasTooManySites(1000, 1000)).toBe(false);
  });

  it('more than one account is an error unless it is all of them', () => {
    expect(hasTooManyAccounts(1, 3)).toBe(false);
    expect(hasTooManyAccounts(2, 3)).toBe(true);
    expect(hasTooManyAccounts(3, 3)).toBe(false);
    expect(hasTooManyAccounts(0, 3)).toBe(false);
  });

  it('sends an empty site list for all sites or 300 and more', () => {
    expect(siteIdsToSend([1, 2], 5)).toEqual([1, 2]);
    expect(siteIdsToSend(range(5), 5)).toEqual([]);
    expect(siteIdsToSend(range(299), 1000)).toHaveLength(299);
    expect(siteIdsToSend(range(300), 1000)).toEqual([]);
    expect(siteIdsToSend(range(301), 1000)).toEqual([]);
  });

  it('restores stored sites, or all of them when the stored list is missing or longer than 300', () => {
    const all = range(400);
    expect(restoreSiteIds([3, 4, 999], all)).toEqual([3, 4]);
    expect(restoreSiteIds(range(301), all)).toEqual(all);
    expect(restoreSiteIds(range(300), all)).toHaveLength(300);
    expect(restoreSiteIds(undefined, all)).toEqual(all);
    expect(restoreSiteIds([], all)).toEqual(all);
    expect(restoreSiteIds([999], all)).toEqual(all);
  });

  it('restores stored accounts that still exist, else all', () => {
    expect(restoreAccountIds([2, 9], [1, 2, 3])).toEqual([2]);
    expect(restoreAccountIds('x', [1, 2, 3])).toEqual([1, 2, 3]);
    expect(restoreAccountIds([9], [1, 2, 3])).toEqual([1, 2, 3]);
  });
});

describe('Apply button', () => {
  const ok = { hasError: false, unsavedChanges: true, selectedAccountCount: 1, totalAccountCount: 3 };
  it('is enabled with unsaved changes, no error and one or all accounts', () => {
    expect(isApplyDisabled(ok)).toBe(false);
    expect(isApplyDisabled({ ...ok, selectedAccountCount: 3 })).toBe(false);
  });
  it('is disabled on error, without changes, without accounts or with several non-all accounts', () => {
    expect(isApplyDisabled({ ...ok, hasError: true })).toBe(true);
    expect(isApplyDisabled({ ...ok, unsavedChanges: false })).toBe(true);
    expect(isApplyDisabled({ ...ok, selectedAccountCount: 0 })).toBe(true);
    expect(isApplyDisabled({ ...ok, selectedAccountCount: 2 })).toBe(true);
  });
});

describe('multi-select label', () => {
  it("reads 'None', the option label, 'All' or 'Multiple N'", () => {
    expect(multiSelectLabel(0, 5)).toBe('None');
    expect(multiSelectLabel(1, 5, 'Alpha Place')).toBe('Alpha Place');
    expect(multiSelectLabel(5, 5)).toBe('All');
    expect(multiSelectLabel(3, 5)).toBe('Multiple 3');
  });
  it('adds (Inactive) to inactive options only', () => {
    expect(withInactiveSuffix('Cedar', false)).toBe('Cedar (Inactive)');
    expect(withInactiveSuffix('Cedar', true)).toBe('Cedar');
    expect(withInactiveSuffix('Cedar', undefined)).toBe('Cedar');
  });
});
