import { createContext, type ReactNode, useContext, useLayoutEffect, useMemo, useState } from 'react';

/** Which parts of the filter bar a page shows (SPEC.md section 2, Filter bar). */
export interface FilterBarFlags {
  isTitleLabelVisible: boolean;
  isAccountsVisible: boolean;
  isApplyVisible: boolean;
  isPeriodVisible: boolean;
  isResetVisible: boolean;
  isSitesVisible: boolean;
}

/** Every part visible: the dashboard home's set, and the default for dashboard routes. */
export const ALL_FILTER_BAR_FLAGS: FilterBarFlags = {
  isTitleLabelVisible: true,
  isAccountsVisible: true,
  isApplyVisible: true,
  isPeriodVisible: true,
  isResetVisible: true,
  isSitesVisible: true,
};

/** Nothing visible: the filter bar is hidden (static and form pages). */
export const HIDDEN_FILTER_BAR_FLAGS: FilterBarFlags = {
  isTitleLabelVisible: false,
  isAccountsVisible: false,
  isApplyVisible: false,
  isPeriodVisible: false,
  isResetVisible: false,
  isSitesVisible: false,
};

interface FilterBarConfigValue {
  flags: FilterBarFlags;
  setFlags: (flags: FilterBarFlags | ((prev: FilterBarFlags) => FilterBarFlags)) => void;
}

const FilterBarConfigContext = createContext<FilterBarConfigValue>({
  flags: ALL_FILTER_BAR_FLAGS,
  setFlags: () => undefined,
});

/** Holds the current page's filter-bar flags for the shell. */
export function FilterBarConfigProvider({ children }: { children: ReactNode }) {
  const [flags, setFlags] = useState<FilterBarFlags>(ALL_FILTER_BAR_FLAGS);
  const value = useMemo(() => ({ flags, setFlags }), [flags]);
  return <FilterBarConfigContext.Provider value={value}>{children}</FilterBarConfigContext.Provider>;
}

/** The current page's flags. */
export function useFilterBarConfig(): FilterBarConfigValue {
  return useContext(FilterBarConfigContext);
}

/**
 * Declares the filter-bar parts the calling page shows (before paint, so the bar never flashes).
 * Pass a partial set: missing flags are true. Call it in every page component rendered in the shell.
 */
export function useFilterBarFlags(flags: Partial<FilterBarFlags>): void {
  const { setFlags } = useContext(FilterBarConfigContext);
  const {
    isTitleLabelVisible = true,
    isAccountsVisible = true,
    isApplyVisible = true,
    isPeriodVisible = true,
    isResetVisible = true,
    isSitesVisible = true,
  } = flags;
  useLayoutEffect(() => {
    const next: FilterBarFlags = {
      isTitleLabelVisible,
      isAccountsVisible,
      isApplyVisible,
      isPeriodVisible,
      isResetVisible,
      isSitesVisible,
    };
    // The same flags again (every dashboard page shows the whole bar) leave the shell as it is.
    setFlags((prev) => (sameFlags(prev, next) ? prev : next));
  }, [
    setFlags,
    isTitleLabelVisible,
    isAccountsVisible,
    isApplyVisible,
    isPeriodVisible,
    isResetVisible,
    isSitesVisible,
  ]);
}

function sameFlags(a: FilterBarFlags, b: FilterBarFlags): boolean {
  return (Object.keys(a) as (keyof FilterBarFlags)[]).every((k) => a[k] === b[k]);
}

/** True when at least one part of the bar shows. */
export function isFilterBarVisible(f: FilterBarFlags): boolean {
  return Object.values(f).some(Boolean);
}
