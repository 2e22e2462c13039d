import { childPointer, isJsonObject, type JsonValue, jsonEqual } from '../jsonValue';
import type { PropertyChange } from './diffReport';
import { identityMember, occurrenceKeys } from './itemIdentity';
import { longestIncreasing } from './longestIncreasing';

/**
 * Compares two JSON values and appends each difference: members added, removed or replaced, by
 * pointer. Lists of objects with an identity member (see itemIdentity) are matched by it, so an
 * inserted column is one `add` rather than a change of every later column, and a reordered item
 * is one `move`; other lists of objects are compared item by item; a list of plain values that
 * differs is one `replace`. `pointerA` and `pointerB` are where the values sit on each side.
 */
export function diffValues(
  a: JsonValue,
  b: JsonValue,
  pointerA: string,
  pointerB: string,
  out: PropertyChange[],
  item?: string,
): void {
  if (jsonEqual(a, b)) return;
  const push = (change: PropertyChange) => out.push(item ? { ...change, item } : change);
  if (isJsonObject(a) && isJsonObject(b)) {
    for (const key of Object.keys(a)) {
      if (!(key in b)) push({ op: 'remove', pointer: childPointer(pointerA, key), old: a[key] });
    }
    for (const key of Object.keys(b)) {
      if (!(key in a)) push({ op: 'add', pointer: childPointer(pointerB, key), new: b[key] });
      else diffValues(a[key], b[key], childPointer(pointerA, key), childPointer(pointerB, key), out, item);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && [...a, ...b].some(isJsonObject)) {
    diffLists(a, b, pointerA, pointerB, out, item);
    return;
  }
  push(replace(a, b, pointerA, pointerB));
}

function replace(a: JsonValue, b: JsonValue, pointerA: string, pointerB: string): PropertyChange {
  const change: PropertyChange = { op: 'replace', pointer: pointerB, old: a, new: b };
  if (pointerA !== pointerB) change.from = pointerA;
  return change;
}

/** How a list item is named in a report: its identity member, and its header or title if any. */
export function itemName(member: string, value: JsonValue): string {
  const obj = isJsonObject(value) ? value : {};
  const title = ['header', 'title', 'label'].map((k) => obj[k]).find((v) => typeof v === 'string');
  return `${member} '${String(obj[member])}'${title !== undefined ? ` (${JSON.stringify(title)})` : ''}`;
}

function diffLists(
  a: JsonValue[],
  b: JsonValue[],
  pointerA: string,
  pointerB: string,
  out: PropertyChange[],
  item: string | undefined,
) {
  const member = identityMember(a, b);
  if (!member) {
    const push = (change: PropertyChange) => out.push(item ? { ...change, item } : change);
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (i >= b.length) push({ op: 'remove', pointer: childPointer(pointerA, i), old: a[i] });
      else if (i >= a.length) push({ op: 'add', pointer: childPointer(pointerB, i), new: b[i] });
      else diffValues(a[i], b[i], childPointer(pointerA, i), childPointer(pointerB, i), out, item);
    }
    return;
  }
  const keyOf = (list: JsonValue[]) =>
    occurrenceKeys(list.map((item) => (isJsonObject(item) ? String(item[member]) : '')));
  const keysA = keyOf(a);
  const keysB = keyOf(b);
  const indexA = new Map(keysA.map((k, i) => [k, i]));
  keysA.forEach((k, i) => {
    if (!keysB.includes(k))
      out.push({
        op: 'remove',
        pointer: childPointer(pointerA, i),
        old: a[i],
        item: itemName(member, a[i] ?? null),
      });
  });
  const matched = keysB.flatMap((k, j) => (indexA.has(k) ? [{ i: indexA.get(k)!, j }] : []));
  const kept = longestIncreasing(matched.map((m) => m.i));
  keysB.forEach((k, j) => {
    if (!indexA.has(k))
      out.push({
        op: 'add',
        pointer: childPointer(pointerB, j),
        new: b[j],
        item: itemName(member, b[j] ?? null),
      });
  });
  matched.forEach(({ i, j }, n) => {
    const from = childPointer(pointerA, i);
    const to = childPointer(pointerB, j);
    const name = itemName(member, b[j] ?? null);
    if (!kept.has(n)) out.push({ op: 'move', pointer: to, from, item: name });
    diffValues(a[i], b[j], from, to, out, name);
  });
}
