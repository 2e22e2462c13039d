import { createContext, useContext } from 'react';
import type { DateRange } from '../../shared/datePresets';
import type { Account, AccountChange, Site } from '../../shared/filterRules';

/** The filter bar's working state and actions (the bar's own; pages read useAppliedFilter). */
export interface GlobalFilterState {
  /** Every site of the user, sorted by name. */
  sites: Site[];
  accounts: Account[];
  sitesLoaded: boolean;
  accountsLoaded: boolean;
  /** True for all-account users: the Accounts filter shows. */
  showAccounts: boolean;
  /** The sites of the selected accounts, which the Sites list offers. */
  offeredSites: Site[];
  selectedSiteIds: number[];
  selectedAccountIds: number[];
  range: DateRange;
  unsavedChanges: boolean;
  tooManySites: boolean;
  tooManyAccounts: boolean;
  applyDisabled: boolean;
  changeAccounts: (change: AccountChange) => void;
  changeSites: (siteIds: number[]) => void;
  changeRange: (range: DateRange) => void;
  apply: () => void;
  reset: () => void;
}

export const GlobalFilterContext = createContext<GlobalFilterState | undefined>(undefined);

/** The filter bar's state; throws outside the shell's FilterProvider. */
export function useGlobalFilter(): GlobalFilterState {
  const s = useContext(GlobalFilterContext);
  if (!s) throw new Error('useGlobalFilter needs a <FilterProvider> above it (the shell provides one)');
  return s;
}
