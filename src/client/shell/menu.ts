/** One item of the side menu. */
export interface MenuEntry {
  label: string;
  /** Route path; the item is active when it equals the URL's path. */
  path: string;
  /** Collapsible section heading the item sits under; top level when absent. */
  section?: string;
  /** Icon name from MENU_ICONS (top-level items only). */
  icon?: string;
}

/** A top-level item or a section with its items, in menu order. */
export type MenuNode =
  | { kind: 'item'; entry: MenuEntry }
  | { kind: 'section'; title: string; entries: MenuEntry[] };

/** Groups entries into items and sections; a section sits where its first entry is. */
export function menuTree(entries: readonly MenuEntry[]): MenuNode[] {
  const nodes: MenuNode[] = [];
  const sections = new Map<string, MenuEntry[]>();
  for (const entry of entries) {
    if (!entry.section) {
      nodes.push({ kind: 'item', entry });
      continue;
    }
    let list = sections.get(entry.section);
    if (!list) {
      list = [];
      sections.set(entry.section, list);
      nodes.push({ kind: 'section', title: entry.section, entries: list });
    }
    list.push(entry);
  }
  return nodes;
}

/** The path without a trailing slash, for comparing with entry paths. */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
