import type { MigrationStep, RawDefinition } from './migrationStep';

/** The filter-bar controls a version 0 definition lists, and the version 1 flag of each. */
const filterBarFlags: Record<string, string> = {
  titleLabel: 'isTitleLabelVisible',
  accounts: 'isAccountsVisible',
  apply: 'isApplyVisible',
  period: 'isPeriodVisible',
  reset: 'isResetVisible',
  sites: 'isSitesVisible',
};

/**
 * Version 0 is the legacy shape: `menu` was the plain label string, and `filterBar` was the list
 * of visible controls (['accounts', 'period', ...]). Version 1 has the `menu` object and one
 * boolean flag per control. Unknown control names are kept as flags of their own, so the schema
 * reports them where the author wrote them.
 */
export const v0ToV1: MigrationStep = {
  from: 0,
  to: 1,
  description: 'menu becomes {label}; filterBar becomes one is...Visible flag per control',
  migrate(doc: RawDefinition): RawDefinition {
    const next: RawDefinition = { ...doc, schemaVersion: 1 };
    if (typeof doc.menu === 'string') next.menu = { label: doc.menu };
    if (Array.isArray(doc.filterBar)) {
      const visible = new Set(doc.filterBar.map(String));
      const flags: Record<string, boolean> = {};
      for (const [control, flag] of Object.entries(filterBarFlags)) flags[flag] = visible.has(control);
      for (const control of visible) if (!(control in filterBarFlags)) flags[control] = true;
      next.filterBar = flags;
    }
    return next;
  },
};
