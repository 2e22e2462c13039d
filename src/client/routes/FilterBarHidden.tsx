import { Outlet } from 'react-router-dom';
import { HIDDEN_FILTER_BAR_FLAGS, useFilterBarFlags } from '../filter/filterBarConfig';

/** Layout route for the static and form pages: the filter bar is hidden on every page below it. */
export function FilterBarHidden() {
  useFilterBarFlags(HIDDEN_FILTER_BAR_FLAGS);
  return <Outlet />;
}
