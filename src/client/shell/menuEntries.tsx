import { createContext, type ReactNode, useContext } from 'react';
import type { MenuEntry } from './menu';

const MenuEntriesContext = createContext<readonly MenuEntry[]>([]);

/** Supplies the side menu's entries (the shell passes the dashboard definitions' menu entries). */
export function MenuEntriesProvider({
  entries,
  children,
}: {
  entries: readonly MenuEntry[];
  children: ReactNode;
}) {
  return <MenuEntriesContext.Provider value={entries}>{children}</MenuEntriesContext.Provider>;
}

/** The side menu's entries. */
export function useMenuEntries(): readonly MenuEntry[] {
  return useContext(MenuEntriesContext);
}
