import { type ReactNode, useMemo } from 'react';
import { MenuEntriesProvider } from '../shell/menuEntries';
import { dashboardMenu } from './dashboardMenu';
import { useDashboardDefinitions } from './useDashboardDefinitions';

/** Supplies the side menu from the dashboard definitions, so a new page file shows in the menu. */
export function DashboardMenuProvider({ children }: { children: ReactNode }) {
  const { data } = useDashboardDefinitions();
  const entries = useMemo(() => dashboardMenu(data ?? []), [data]);
  return <MenuEntriesProvider entries={entries}>{children}</MenuEntriesProvider>;
}
