import { type JsonValue, jsonEqual, parseJsonTolerant } from '../../../engine/tools';
import { deliveryKindOf } from './definitions';

/** How one digest or alert rule differs between two versions of the definitions. */
export interface DeliveryDiff {
  kind: 'digest' | 'alert rule';
  id: string;
  status: 'added' | 'removed' | 'changed';
  /** The properties that differ ('period', 'items/2', 'thresholds/maxPercent'), for a change. */
  changes: string[];
}

type Texts = readonly { source: string; text: string }[];

/** The definitions of texts by kind and id (texts that do not parse, or name no id, are left out). */
function byKey(
  texts: Texts,
): Map<string, { kind: DeliveryDiff['kind']; id: string; doc: Record<string, JsonValue> }> {
  const out = new Map<string, { kind: DeliveryDiff['kind']; id: string; doc: Record<string, JsonValue> }>();
  for (const { source, text } of texts) {
    const kind = deliveryKindOf(source);
    const doc = parseJsonTolerant(text).value as Record<string, JsonValue> | undefined;
    if (!kind || !doc || typeof doc !== 'object' || typeof doc.id !== 'string') continue;
    const name = kind === 'digest' ? 'digest' : 'alert rule';
    out.set(`${name}\u0000${doc.id}`, { kind: name, id: doc.id, doc });
  }
  return out;
}

/** The pointers of the parts of two values that differ, to `depth` levels (a list item is one level). */
function changedParts(
  a: JsonValue | undefined,
  b: JsonValue | undefined,
  at: string,
  depth: number,
): string[] {
  if (a !== undefined && b !== undefined && jsonEqual(a, b)) return [];
  const container = (v: JsonValue | undefined) => v !== null && typeof v === 'object';
  if (depth === 0 || !container(a) || !container(b) || Array.isArray(a) !== Array.isArray(b))
    return [at.slice(1)];
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  const keys = [...new Set([...ka, ...kb])];
  return keys.flatMap((k) =>
    changedParts(
      (a as Record<string, JsonValue>)[k],
      (b as Record<string, JsonValue>)[k],
      `${at}/${k}`,
      depth - 1,
    ),
  );
}

/**
 * Compares the digests and alert rules of two versions by kind and id: added, removed, or changed
 * with the parts that differ (the editor-only `$schema` ignored), in kind and id order.
 */
export function diffDeliveries(before: Texts, after: Texts): DeliveryDiff[] {
  const a = byKey(before);
  const b = byKey(after);
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort();
  return keys.flatMap((key): DeliveryDiff[] => {
    const old = a.get(key);
    const next = b.get(key);
    const { kind, id } = (old ?? next)!;
    if (!old) return [{ kind, id, status: 'added', changes: [] }];
    if (!next) return [{ kind, id, status: 'removed', changes: [] }];
    const { $schema: _a, ...oldDoc } = old.doc;
    const { $schema: _b, ...nextDoc } = next.doc;
    const changes = changedParts(oldDoc, nextDoc, '', 2);
    return changes.length ? [{ kind, id, status: 'changed', changes }] : [];
  });
}

/** The report's lines: one per digest or rule that differs. */
export function deliveryDiffLines(diffs: readonly DeliveryDiff[]): string[] {
  return diffs.map((d) =>
    d.status === 'changed'
      ? `${d.kind} ${d.id}: changed ${d.changes.join(', ')}`
      : `${d.kind} ${d.id}: ${d.status}`,
  );
}
