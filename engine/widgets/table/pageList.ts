/** A paginator entry: a 1-based page number or an ellipsis. */
export type PageListItem = number | '...';

/**
 * The page numbers a paginator shows: every page when there are fewer than 8; otherwise 5 pages
 * near the start or end (with the first or last page beyond an ellipsis), or the current page
 * and its neighbours between the first and last pages.
 */
export function pageList(pageCount: number, current: number): PageListItem[] {
  if (pageCount < 8) return Array.from({ length: pageCount }, (_, i) => i + 1);
  if (current <= 4) return [1, 2, 3, 4, 5, '...', pageCount];
  if (current >= pageCount - 3) return [1, '...', ...Array.from({ length: 5 }, (_, i) => pageCount - 4 + i)];
  return [1, '...', current - 1, current, current + 1, '...', pageCount];
}

/** The 'Show {n} of {total} Entries' label: n rows on this page out of total. */
export function entriesLabel(shown: number, total: number): string {
  return `Show ${shown} of ${total} Entries`;
}
