import type { NormalizedPage } from './definitions/normalizedPage';

/** One side-menu item: a page's label and route. */
export interface MenuItem {
  label: string;
  route: string;
  order: number;
}

/** A menu entry: a top-level item, or a collapsible section of items. */
export type MenuEntry =
  | ({ type: 'item' } & MenuItem)
  | { type: 'section'; label: string; order: number; items: MenuItem[] };

/**
 * The side menu from page definitions: pages without a section are items; pages sharing a section
 * form one collapsible section placed at its first item's order. Pages without a menu entry are
 * left out.
 */
export function menuEntries(definitions: readonly NormalizedPage[]): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const sections = new Map<string, Extract<MenuEntry, { type: 'section' }>>();
  const byOrder = [...definitions]
    .filter((d) => d.menu)
    .sort((a, b) => (a.menu!.order ?? 0) - (b.menu!.order ?? 0));
  for (const d of byOrder) {
    const item: MenuItem = { label: d.menu!.label, route: d.route, order: d.menu!.order ?? 0 };
    const sectionName = d.menu!.section;
    if (!sectionName) {
      entries.push({ type: 'item', ...item });
      continue;
    }
    let section = sections.get(sectionName);
    if (!section) {
      section = { type: 'section', label: sectionName, order: item.order, items: [] };
      sections.set(sectionName, section);
      entries.push(section);
    }
    section.items.push(item);
  }
  return entries;
}
