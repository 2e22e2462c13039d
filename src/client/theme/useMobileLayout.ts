import { useMediaQuery } from '@mantine/hooks';

/** The widths that get the mobile layout: overlay menu, stacked filter bar, one-month calendar. */
export const MOBILE_QUERY = '(max-width: 767px)';

/**
 * True on a mobile-width screen. Read while rendering (not in an effect), so the first render is
 * already right and the shell is not drawn twice on every page load.
 */
export function useMobileLayout(): boolean {
  return useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
}
