import { createContext, useContext } from 'react';

/** Actions the top bar and the side menu share. */
export interface ShellActions {
  openImpersonation: () => void;
}

export const ShellActionsContext = createContext<ShellActions>({ openImpersonation: () => undefined });

export function useShellActions(): ShellActions {
  return useContext(ShellActionsContext);
}
