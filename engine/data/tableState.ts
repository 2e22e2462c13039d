/** The server-side paging and sort state of a table. */
export interface TableState {
  pageIndex: number;
  pageSize: number;
  sort: { field: string; direction: 'asc' | 'desc' } | null;
}

/** The values a {"$table": part} reference reads from a table state. */
export function tableStatePart(state: TableState | undefined, part: string): unknown {
  const s = state ?? { pageIndex: 0, pageSize: 10, sort: null };
  // Page size 0 is treated as 1 (SPEC.md section 5).
  const size = Math.max(1, s.pageSize);
  switch (part) {
    case 'limit':
      return size;
    case 'offset':
      return s.pageIndex * size;
    case 'page':
      return s.pageIndex;
    case 'sortField':
      return s.sort?.field ?? null;
    case 'sortDirection':
      return s.sort?.direction ?? null;
    case 'sorts':
      return s.sort ? [{ column: s.sort.field, direction: s.sort.direction }] : [];
    default:
      return undefined;
  }
}
