import { Box } from '@mantine/core';
import { useAppliedFilter } from '../filter/appliedFilter';
import { ALL_FILTER_BAR_FLAGS, useFilterBarFlags } from '../filter/filterBarConfig';

/**
 * Mount point for the dashboard pages under /dashboard/*: the engine renders the page for the URL
 * here (reading useAppliedFilter and calling useFilterBarFlags with the page's flags). Until then it
 * shows every filter-bar part and an empty content area. The data attributes expose the applied
 * filter to the end-to-end tests.
 */
export function DashboardOutlet() {
  useFilterBarFlags(ALL_FILTER_BAR_FLAGS);
  const { filter, appliedCount } = useAppliedFilter();
  return (
    <Box
      data-testid="dashboard-content"
      data-applied-count={appliedCount}
      data-applied-filter={filter ? JSON.stringify(filter) : undefined}
      mih={320}
    />
  );
}
