import { createContext, type ReactNode, useContext } from 'react';
import { useLocation } from 'react-router-dom';

const PathnameContext = createContext('/');

/**
 * Hands the URL's path to the components that need only the path. The router's location changes
 * with every query write too (the applied filter goes into the URL as a page loads); a component
 * reading useLocation() renders again for each, and with it everything it draws: the shell, the side
 * menu and the filter bar did, about 550 components on a dashboard's load.
 */
export function PathnameProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PathnameContext.Provider value={pathname}>{children}</PathnameContext.Provider>;
}

/** The URL's path; renders again only when the path changes, not the query or the state. */
export function usePathname(): string {
  return useContext(PathnameContext);
}
