import type { Action } from '../types/dashboard';

/** Where an action's `from` reads: the clicked row and the widget's emitted value. */
export interface ActionEvent {
  row?: Readonly<Record<string, unknown>>;
  value?: unknown;
}

/**
 * The param changes a list of actions makes, in order: name to new value, with `undefined` to mean
 * "back to the default". Later actions on the same param win.
 */
export function resolveActions(
  actions: readonly Action[] | undefined,
  event: ActionEvent,
): Map<string, unknown> {
  const changes = new Map<string, unknown>();
  for (const a of actions ?? []) {
    if (a.reset !== undefined) changes.set(a.reset, undefined);
    else if (a.set !== undefined && a.from !== undefined) {
      changes.set(a.set, a.from === 'event.value' ? event.value : event.row?.[a.from.slice(4)]);
    } else if (a.set !== undefined) changes.set(a.set, a.value);
  }
  return changes;
}
