import { createContext, type ReactNode, useContext } from 'react';
import { DEFAULT_MENU, type MenuEntry } from './menu';

const MenuEntriesContext = createContext<readonly MenuEntry[]>(DEFAULT_MENU);

/** Supplies the side menu's entries (defaults to DEFAULT_MENU). */
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
