import { menuEntries, type NormalizedPage } from '../../../engine';
import type { MenuEntry } from '../shell/menu';

/** The side menu drawn from the page definitions' menu entries, in their order. */
export function dashboardMenu(pages: readonly NormalizedPage[]): MenuEntry[] {
  return menuEntries(pages).flatMap((e) =>
    e.type === 'item'
      ? [{ label: e.label, path: e.route }]
      : e.items.map((i) => ({ label: i.label, path: i.route, section: e.label })),
  );
}
