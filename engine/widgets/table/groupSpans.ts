/**
 * Row spans for a grouped column: consecutive rows with the same value form a group; the first row
 * of a group gets the group's size and the others 0 (their cell is not rendered).
 */
export function groupSpans(rows: readonly Record<string, unknown>[], field: string): number[] {
  const spans = rows.map(() => 0);
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (i === rows.length || rows[i][field] !== rows[start][field]) {
      spans[start] = i - start;
      start = i;
    }
  }
  return spans;
}
