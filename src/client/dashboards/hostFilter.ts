import type { AppliedFilter } from '../filter/appliedFilter';

/**
 * The applied global filter as the keys page definitions read with {"$filter": key}: the site and
 * account lists and the current and comparison periods' dates.
 */
export function hostFilter(filter: AppliedFilter | undefined): Record<string, unknown> {
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
