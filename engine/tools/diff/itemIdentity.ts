import { isJsonObject, type JsonValue } from '../jsonValue';

/**
 * The members that identify an item of a list of objects, tried in order: the first one every
 * item on both sides has (as a string or number) is used. Columns and tiles are matched by
 * field, options and steps by value; lists without such a member (actions, Vega-Lite transforms)
 * are compared by position.
 */
export const identityMembers = ['id', 'name', 'field', 'value'] as const;

/** The identity member shared by every item of both lists, if any. */
export function identityMember(a: JsonValue[], b: JsonValue[]): string | undefined {
  const items = [...a, ...b];
  if (!items.length || !items.every(isJsonObject)) return undefined;
  return identityMembers.find((m) =>
    items.every((item) => {
      const v = isJsonObject(item) ? item[m] : undefined;
      return typeof v === 'string' || typeof v === 'number';
    }),
  );
}

/**
 * Keys for items, made unique by counting repeats: the second item with key 'x' becomes 'x#2', so
 * the n-th repeat on one side matches the n-th on the other.
 */
export function occurrenceKeys(keys: string[]): string[] {
  const seen = new Map<string, number>();
  return keys.map((k) => {
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    return n === 1 ? k : `${k}#${n}`;
  });
}
