import { createContext, useContext } from 'react';
import type { HostServices } from '../data/hostServices';
import type { TableState } from '../data/tableState';
import type { NormalizedPage } from '../definitions/normalizedPage';
import type { ActionEvent } from '../params/resolveActions';
import type { Action } from '../types/dashboard';

/** What every widget of a page can read and do. */
export interface PageRuntime {
  definition: NormalizedPage;
  host: HostServices;
  params: Readonly<Record<string, unknown>>;
  /**
   * Sets params (undefined: back to the default) and returns tables to their first page. A change
   * of a shareable param adds a browser history entry ('push', the user's choice); the page's own
   * adjustments pass 'replace'.
   */
  setParams: (changes: ReadonlyMap<string, unknown>, history?: 'push' | 'replace') => void;
  runActions: (actions: readonly Action[] | undefined, event: ActionEvent) => void;
  tables: Readonly<Record<string, TableState>>;
  setTable: (name: string, state: TableState) => void;
}

export const PageRuntimeContext = createContext<PageRuntime | null>(null);

/** The runtime of the page being rendered; throws outside a DashboardPage. */
export function usePageRuntime(): PageRuntime {
  const runtime = useContext(PageRuntimeContext);
  if (!runtime) throw new Error('usePageRuntime: render widgets inside <DashboardPage>');
  return runtime;
}
