import type { Action, DrillValue } from '../types/dashboard';

/** Where an action's `from` reads: the clicked row and the widget's emitted value. */
export interface ActionEvent {
  row?: Readonly<Record<string, unknown>>;
  value?: unknown;
  /** The field of the clicked table column. */
  field?: string;
}

/** A page to open and the params it opens with (a drill action, resolved). */
export interface DrillTarget {
  page: string;
  params: Record<string, unknown>;
}

/** The value a `from` text names: 'row.<field>', 'event.value', 'event.field' or 'param.<name>'. */
function valueFrom(from: string, event: ActionEvent, params: Readonly<Record<string, unknown>>): unknown {
  if (from === 'event.value') return event.value;
  if (from === 'event.field') return event.field;
  if (from.startsWith('row.')) return event.row?.[from.slice(4)];
  if (from.startsWith('param.')) return params[from.slice(6)];
  return undefined;
}

/**
 * The param changes a list of actions makes, in order: name to new value, with `undefined` to mean
 * "back to the default". Later actions on the same param win. Drill actions change nothing here.
 */
export function resolveActions(
  actions: readonly Action[] | undefined,
  event: ActionEvent,
  params: Readonly<Record<string, unknown>> = {},
): Map<string, unknown> {
  const changes = new Map<string, unknown>();
  for (const a of actions ?? []) {
    if (a.drill !== undefined) continue;
    if (a.reset !== undefined) changes.set(a.reset, undefined);
    else if (a.set !== undefined && a.from !== undefined)
      changes.set(a.set, valueFrom(a.from, event, params));
    else if (a.set !== undefined) changes.set(a.set, a.value);
  }
  return changes;
}

function drillValue(v: DrillValue, event: ActionEvent, params: Readonly<Record<string, unknown>>): unknown {
  if (v.from === undefined) return v.value;
  const value = valueFrom(v.from, event, params);
  return v.map && value !== undefined && value !== null && Object.hasOwn(v.map, String(value))
    ? v.map[String(value)]
    : value;
}

/** The page the last drill action of a list opens, with its params' values; undefined without one. */
export function resolveDrill(
  actions: readonly Action[] | undefined,
  event: ActionEvent,
  params: Readonly<Record<string, unknown>>,
): DrillTarget | undefined {
  const drill = [...(actions ?? [])].reverse().find((a) => a.drill !== undefined)?.drill;
  if (!drill) return undefined;
  const values: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(drill.params)) {
    const value = drillValue(v, event, params);
    if (value !== undefined) values[name] = value;
  }
  return { page: drill.page, params: values };
}
