/** A table's server-side sort. */
export type Sort = { field: string; direction: 'asc' | 'desc' } | null;

/**
 * The sort after clicking a header: a header not sorted yet sorts ascending (clearing any other
 * column's sort); ascending becomes descending; descending becomes ascending again.
 */
export function nextSort(current: Sort, field: string): Sort {
  if (!current || current.field !== field) return { field, direction: 'asc' };
  return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}
