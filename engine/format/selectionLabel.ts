/** How a multi-select names its choice, and an inactive option (SPEC.md section 3's display rules, generic to any list). */

/**
 * A multi-select's closed label: 'None' when empty, the option's label when one is selected, 'All'
 * when every option is, otherwise 'Multiple N'.
 */
export function multiSelectLabel(selectedCount: number, totalCount: number, singleLabel?: string): string {
  if (selectedCount <= 0) return 'None';
  if (selectedCount === 1) return singleLabel ?? 'Multiple 1';
  if (selectedCount >= totalCount) return 'All';
  return `Multiple ${selectedCount}`;
}

/** An option label with the ' (Inactive)' suffix when inactive. */
export function withInactiveSuffix(label: string, active: boolean | undefined): string {
  return active === false ? `${label} (Inactive)` : label;
}
