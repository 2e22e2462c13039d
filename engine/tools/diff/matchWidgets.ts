import { longestIncreasing } from './longestIncreasing';
import type { PlacedWidget } from './widgetsOfPage';

/** A widget found on both sides; `moved` when its block changed or it left its order in the block. */
export interface WidgetPair {
  a: PlacedWidget;
  b: PlacedWidget;
  moved: boolean;
}

/** The outcome of matching the widgets of two versions of a page. */
export interface WidgetMatch {
  pairs: WidgetPair[];
  removed: PlacedWidget[];
  added: PlacedWidget[];
}

/**
 * Matches widgets by identity (see widgetKey): first within the same panel (the n-th widget with
 * a key on one side matches the n-th on the other), then what is left across panels, so a widget
 * taken to another panel is one move. A matched widget moved when it is in another panel or block,
 * or when it is not among the longest run of widgets of its block that kept their order (so
 * inserting a widget does not make every later one 'moved').
 */
export function matchWidgets(a: PlacedWidget[], b: PlacedWidget[]): WidgetMatch {
  const pairs: { a: PlacedWidget; b: PlacedWidget }[] = [];
  const freeA = new Set(a);
  const freeB = new Set(b);
  const pair = (same: (x: PlacedWidget, y: PlacedWidget) => boolean) => {
    for (const y of b) {
      if (!freeB.has(y)) continue;
      const x = a.find((w) => freeA.has(w) && same(w, y));
      if (!x) continue;
      pairs.push({ a: x, b: y });
      freeA.delete(x);
      freeB.delete(y);
    }
  };
  pair((x, y) => x.panel === y.panel && x.panelKey === y.panelKey);
  pair((x, y) => x.key === y.key);

  const moved = new Set<(typeof pairs)[number]>();
  const blocks = new Map<string, typeof pairs>();
  for (const p of pairs) {
    if (p.a.panel !== p.b.panel || p.a.block !== p.b.block) {
      moved.add(p);
      continue;
    }
    const id = `${p.b.panel}\u0000${p.b.block}`;
    blocks.set(id, [...(blocks.get(id) ?? []), p]);
  }
  for (const inBlock of blocks.values()) {
    inBlock.sort((x, y) => x.b.index - y.b.index);
    const kept = longestIncreasing(inBlock.map((p) => p.a.index));
    inBlock.forEach((p, n) => {
      if (!kept.has(n)) moved.add(p);
    });
  }
  return {
    pairs: pairs.map((p) => ({ ...p, moved: moved.has(p) })),
    removed: a.filter((w) => freeA.has(w)),
    added: b.filter((w) => freeB.has(w)),
  };
}
