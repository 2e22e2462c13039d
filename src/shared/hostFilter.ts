import type { DateRange } from './datePresets';

/** A global filter: the sites (none: every site) and accounts it is limited to, and its period. */
export interface GlobalFilter {
  siteIds: readonly number[];
  accountIds: readonly number[];
  dateRange: DateRange;
}

/**
 * The applied global filter as the keys page definitions read with {"$filter": key}: the site and
 * account lists and the current and comparison periods' dates.
 */
export function hostFilter(filter: GlobalFilter | undefined): Record<string, unknown> {
  if (!filter) return {};
  const { currentPeriod, previousPeriod, label } = filter.dateRange;
  return {
    siteIds: filter.siteIds,
    accountIds: filter.accountIds,
    startDate: currentPeriod.start,
    endDate: currentPeriod.end,
    previousStartDate: previousPeriod.start,
    previousEndDate: previousPeriod.end,
    periodLabel: label,
  };
}
