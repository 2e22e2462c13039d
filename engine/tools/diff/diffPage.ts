import { childPointer, isJsonObject, type JsonObject, type JsonValue } from '../jsonValue';
import type { LayoutPlace, PageDiff, PanelChange, PropertyChange, WidgetChange } from './diffReport';
import { diffValues } from './diffValues';
import { matchWidgets } from './matchWidgets';
import { widgetsOfPage } from './widgetsOfPage';

/** What diffPage finds: the structural changes and every changed property. */
export type PageChanges = Pick<PageDiff, 'panels' | 'widgets' | 'properties'>;

/**
 * Compares two normalized versions of one page. Panels are matched by name and placed by /layout
 * (a panel in another row or column moved; /layout itself is not reported as a property). Blocks
 * are matched by position. Widgets are matched by identity (see matchWidgets) and reported as
 * added, removed or moved; every other difference is a property change (see diffValues).
 */
export function diffPage(a: JsonObject, b: JsonObject): PageChanges {
  const properties: PropertyChange[] = [];
  diffValues(without(a, 'panels', 'layout'), without(b, 'panels', 'layout'), '', '', properties);

  const panelsA = objectAt(a, 'panels');
  const panelsB = objectAt(b, 'panels');
  const placesA = layoutPlaces(a.layout);
  const placesB = layoutPlaces(b.layout);
  const panels: PanelChange[] = [];
  for (const name of Object.keys(panelsA)) {
    if (!(name in panelsB)) panels.push({ op: 'remove', panel: name, place: placesA.get(name) });
  }
  const common = Object.keys(panelsB).filter((name) => name in panelsA);
  // A panel moved when its place among the panels on both sides changed, not when one above it
  // was added or removed.
  const keptA = layoutPlaces(a.layout, new Set(common));
  const keptB = layoutPlaces(b.layout, new Set(common));
  for (const name of Object.keys(panelsB)) {
    if (!(name in panelsA)) {
      panels.push({ op: 'add', panel: name, place: placesB.get(name), content: panelsB[name] });
      continue;
    }
    const from = keptA.get(name);
    const to = keptB.get(name);
    if (from && to && (from.row !== to.row || from.column !== to.column))
      panels.push({ op: 'move', panel: name, place: to, fromPlace: from });
    diffPanel(name, objectAt(panelsA, name), objectAt(panelsB, name), properties);
  }

  const match = matchWidgets(widgetsOfPage(a, common), widgetsOfPage(b, common));
  const widgets: WidgetChange[] = [
    ...match.removed.map((w): WidgetChange => ({ op: 'remove', widget: w.label, pointer: w.pointer })),
    ...match.added.map((w): WidgetChange => ({ op: 'add', widget: w.label, pointer: w.pointer })),
    ...match.pairs
      .filter((p) => p.moved)
      .map((p): WidgetChange => ({ op: 'move', widget: p.b.label, pointer: p.b.pointer, from: p.a.pointer })),
  ];
  for (const p of match.pairs)
    diffValues(p.a.value, p.b.value, p.a.pointer, p.b.pointer, properties, `widget ${p.b.label}`);
  return { panels, widgets, properties };
}

/** A panel's own properties, then its blocks' (by position), leaving widgets to the widget match. */
function diffPanel(name: string, a: JsonObject, b: JsonObject, out: PropertyChange[]): void {
  const pointer = childPointer('/panels', name);
  diffValues(without(a, 'blocks'), without(b, 'blocks'), pointer, pointer, out);
  const blocksA = Array.isArray(a.blocks) ? a.blocks : [];
  const blocksB = Array.isArray(b.blocks) ? b.blocks : [];
  for (let i = 0; i < Math.max(blocksA.length, blocksB.length); i++) {
    const at = `${pointer}/blocks/${i}`;
    const blockA = isJsonObject(blocksA[i]) ? without(blocksA[i] as JsonObject, 'widgets') : undefined;
    const blockB = isJsonObject(blocksB[i]) ? without(blocksB[i] as JsonObject, 'widgets') : undefined;
    if (blockA && blockB) diffValues(blockA, blockB, at, at, out);
    else if (blockA) out.push({ op: 'remove', pointer: at, old: blockA });
    else if (blockB) out.push({ op: 'add', pointer: at, new: blockB });
  }
}

function without(value: JsonObject, ...keys: string[]): JsonObject {
  return Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));
}

function objectAt(value: JsonObject, key: string): JsonObject {
  const v = value[key];
  return isJsonObject(v) ? v : {};
}

/** Each panel's 1-based row and column in /layout, counting only the panels in `only` if given. */
function layoutPlaces(layout: JsonValue | undefined, only?: Set<string>): Map<string, LayoutPlace> {
  const places = new Map<string, LayoutPlace>();
  const rows = (Array.isArray(layout) ? layout : [])
    .map((row) => (Array.isArray(row) ? row : []).filter((n): n is string => typeof n === 'string'))
    .map((row) => (only ? row.filter((n) => only.has(n)) : row))
    .filter((row) => row.length > 0);
  rows.forEach((row, r) => {
    row.forEach((name, c) => {
      places.set(name, { row: r + 1, column: c + 1 });
    });
  });
  return places;
}
