import { escapePointerToken } from '../definitions/jsonPointer';

/** A JSON value as JSON.parse returns it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/** A JSON object. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** True for a JSON object (not null, not a list). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Structural equality of two JSON values; key order does not matter. */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  if (isJsonObject(a) && isJsonObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** The JSON pointer of a child: `parent/token`, the token escaped (RFC 6901). */
export function childPointer(parent: string, token: string | number): string {
  return `${parent}/${escapePointerToken(String(token))}`;
}

/** A plain JSON copy: drops undefined members, as writing and reading the value back would. */
export function toJson(value: unknown): JsonValue {
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}
