import type { DateRange } from '../../shared/datePresets';
import { readSessionJson, STORAGE_KEYS, writeSessionJson } from '../session/storageKeys';

/** What the last apply stored, raw (validated on restore). */
export interface StoredFilter {
  siteIds: unknown;
  accountIds: unknown;
  dateRange: unknown;
}

/** Reads the stored-applied-* keys. */
export function readStoredFilter(): StoredFilter {
  return {
    siteIds: readSessionJson(STORAGE_KEYS.appliedSites),
    accountIds: readSessionJson(STORAGE_KEYS.appliedAccounts),
    dateRange: readSessionJson(STORAGE_KEYS.appliedDateRange),
  };
}

/** Writes the applied selection; a part whose control is hidden is left as stored. */
export function writeStoredFilter(
  parts: Partial<{ siteIds: number[]; accountIds: number[]; dateRange: DateRange }>,
): void {
  if (parts.siteIds) writeSessionJson(STORAGE_KEYS.appliedSites, parts.siteIds);
  if (parts.accountIds) writeSessionJson(STORAGE_KEYS.appliedAccounts, parts.accountIds);
  if (parts.dateRange) writeSessionJson(STORAGE_KEYS.appliedDateRange, parts.dateRange);
}
