import type { JsonValue } from '../jsonValue';

/**
 * One changed property, in the spirit of a JSON Patch operation: `pointer` is in the new
 * definition (for `remove`, in the old one); `from` is the old pointer when it differs (the
 * property's container moved, or a list item was moved).
 */
export interface PropertyChange {
  op: 'add' | 'remove' | 'replace' | 'move';
  pointer: string;
  from?: string;
  old?: JsonValue;
  new?: JsonValue;
  /** The list item or widget the property belongs to, by name: "field 'inbound' (\"Inbound\")". */
  item?: string;
}

/** A widget added, removed or moved; `widget` names it (its id, else its kind and binding). */
export interface WidgetChange {
  op: 'add' | 'remove' | 'move';
  widget: string;
  /** In the new definition (for `remove`, in the old one). */
  pointer: string;
  /** For `move`: where it was. */
  from?: string;
}

/** A panel's place in /layout: 1-based row and column. */
export interface LayoutPlace {
  row: number;
  column: number;
}

/** A panel added, removed or moved to another place in the layout. */
export interface PanelChange {
  op: 'add' | 'remove' | 'move';
  panel: string;
  /** Its place in the new layout (for `remove`, in the old one). */
  place?: LayoutPlace;
  /** For `move`: its place in the old layout. */
  fromPlace?: LayoutPlace;
  /** For `add`: the new panel as defined. */
  content?: JsonValue;
}

/** The differences of one page, matched by page id across both sides. */
export interface PageDiff {
  page: string;
  status: 'added' | 'removed' | 'changed' | 'equal';
  /** The file (or git revision:path) on each side. */
  old?: string;
  new?: string;
  panels: PanelChange[];
  widgets: WidgetChange[];
  properties: PropertyChange[];
}

/** The differences of two sets of definitions. */
export interface DiffReport {
  equal: boolean;
  pages: PageDiff[];
}
