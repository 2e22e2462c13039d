import { childPointer, isJsonObject, type JsonObject, type JsonValue } from '../jsonValue';
import { occurrenceKeys } from './itemIdentity';

/** A widget and where it sits. */
export interface PlacedWidget {
  panel: string;
  block: number;
  index: number;
  pointer: string;
  value: JsonObject;
  /** Its identity: 'id:<id>' when it has an id, else '<kind>:<data or param>'. */
  key: string;
  /** The key made unique within its panel ('table:rows#2' for the second such widget). */
  panelKey: string;
  /** How messages name it. */
  label: string;
}

/** The widgets of the named panels of a normalized page, in document order. */
export function widgetsOfPage(page: JsonObject, panelNames: string[]): PlacedWidget[] {
  const panels = isJsonObject(page.panels) ? page.panels : {};
  return panelNames.flatMap((panel) => {
    const blocks = asList(isJsonObject(panels[panel]) ? panels[panel].blocks : undefined);
    const placed = blocks.flatMap((block, b) =>
      asList(isJsonObject(block) ? block.widgets : undefined)
        .filter(isJsonObject)
        .map((value, index) => ({
          panel,
          block: b,
          index,
          pointer: `${childPointer('/panels', panel)}/blocks/${b}/widgets/${index}`,
          value,
          key: widgetKey(value),
          label: widgetLabel(value),
        })),
    );
    const keys = occurrenceKeys(placed.map((w) => w.key));
    return placed.map((w, i) => ({ ...w, panelKey: keys[i] }));
  });
}

function asList(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

/** A widget's identity: its id, else its kind and the data source or param it is bound to. */
export function widgetKey(w: JsonObject): string {
  if (typeof w.id === 'string') return `id:${w.id}`;
  return `${String(w.kind)}:${String(w.data ?? w.param ?? '')}`;
}

/** "table 'details'" for a widget with an id, else "table on rows" / "pills for view" / "text". */
export function widgetLabel(w: JsonObject): string {
  const kind = String(w.kind);
  if (typeof w.id === 'string') return `${kind} '${w.id}'`;
  if (typeof w.data === 'string') return `${kind} on ${w.data}`;
  if (typeof w.param === 'string') return `${kind} for ${w.param}`;
  return kind;
}
