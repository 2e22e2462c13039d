import { createContext, useContext } from 'react';
import type { DateRange } from '../../shared/datePresets';

/**
 * The global filter as last applied: what every data request of a dashboard page is scoped by.
 * siteIds is empty when all sites (or 300 and more) are selected.
 */
export interface AppliedFilter {
  siteIds: number[];
  accountIds: number[];
  dateRange: DateRange;
}

/** The applied filter and a counter that increases on every apply (a page refetches when it changes). */
export interface AppliedFilterState {
  /** Undefined until the first apply (sites and accounts still loading). */
  filter: AppliedFilter | undefined;
  appliedCount: number;
}

export const AppliedFilterContext = createContext<AppliedFilterState>({ filter: undefined, appliedCount: 0 });

/** The applied global filter; dashboard pages read it and refetch when appliedCount changes. */
export function useAppliedFilter(): AppliedFilterState {
  return useContext(AppliedFilterContext);
}
