import { normalizePath } from '../shell/menu';
import type { FilterBarFlags } from './filterBarConfig';

let served: Map<string, Partial<FilterBarFlags>> | undefined;

/**
 * The filter-bar flags the server put in the app's page for the dashboard at `pathname` (the pages
 * open to every user), read once; undefined when the page has none (an unknown path, the dev server).
 * With them the bar has its final shape at the first paint, before the definitions arrive.
 */
export function servedFilterBar(pathname: string): Partial<FilterBarFlags> | undefined {
  if (!served) {
    served = new Map();
    try {
      const text = document.getElementById('filter-bars')?.textContent;
      const bars = text ? (JSON.parse(text) as Record<string, Partial<FilterBarFlags>>) : {};
      for (const [route, flags] of Object.entries(bars)) served.set(normalizePath(route), flags);
    } catch {
      // A page without a readable block: the bar starts whole, as before.
    }
  }
  return served.get(normalizePath(pathname));
}
