import { Alert, Box, Loader, Stack } from '@mantine/core';
import { Navigate } from 'react-router-dom';
import { DashboardPage } from '../../../engine';
import { useDashboardDefinitions } from '../dashboards/useDashboardDefinitions';
import { useHostServices } from '../dashboards/useHostServices';
import { useAppliedFilter } from '../filter/appliedFilter';
import { ALL_FILTER_BAR_FLAGS, useFilterBarFlags } from '../filter/filterBarConfig';
import { servedFilterBar } from '../filter/servedFilterBars';
import { usePathname } from '../routes/pathname';
import { normalizePath } from './menu';

/**
 * The dashboard pages under /dashboard/*: the definition whose route equals the URL, drawn by the
 * engine with the applied global filter, and the filter-bar flags it asks for. The data attributes
 * expose the applied filter to the end-to-end tests.
 */
export function DashboardOutlet() {
  const pathname = usePathname();
  const { data: pages, isLoading, error } = useDashboardDefinitions();
  const page = pages?.find((p) => normalizePath(p.route) === normalizePath(pathname));
  useFilterBarFlags(
    page?.filterBar ?? (isLoading ? servedFilterBar(pathname) : undefined) ?? ALL_FILTER_BAR_FLAGS,
  );
  const { filter } = useAppliedFilter();
  const host = useHostServices({ url: true });
  const appliedCount = host.applyCount;

  let content: React.ReactNode;
  // A page fetches nothing before the filter bar's first apply (when the user's sites and accounts
  // are in, about when the definitions are): it mounts then, once, with its requests on their way,
  // rather than mounting empty and rendering every panel again on the apply.
  if (isLoading || (page && appliedCount === 0 && !error)) {
    content = (
      <Stack align="center" py="xl">
        <Loader size="sm" />
      </Stack>
    );
  } else if (error) {
    content = (
      <Alert color="red" title="The dashboards could not be loaded">
        Reload the page to try again.
      </Alert>
    );
  } else if (!page) {
    // SPEC.md section 2: an unknown path redirects to /login, which sends a signed-in user on to
    // /dashboard. A page the user may not see (the ILS page without its claim) is unknown to them.
    content = <Navigate to="/login" replace />;
  } else {
    content = <DashboardPage key={page.id} definition={page} host={host} />;
  }
  return (
    <Box
      data-testid="dashboard-content"
      data-applied-count={appliedCount}
      data-applied-filter={filter ? JSON.stringify(filter) : undefined}
      // At least a screen high: the footer starts below the fold, so a page drawing in does not
      // push it down through the screen (a layout shift the reader sees).
      mih="100vh"
    >
      {content}
    </Box>
  );
}
