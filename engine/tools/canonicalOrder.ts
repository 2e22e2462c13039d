import { isJsonObject, type JsonObject, type JsonValue } from './jsonValue';
import {
  itemSchema,
  memberSchema,
  propertyNames,
  type SchemaAt,
  type SchemaSet,
  schemaForValue,
} from './schemaSet';

/**
 * A copy of a definition with every object's keys in canonical order: `$schema` first, then the
 * properties in the order the schema declares them, then any other keys (map entries such as
 * param names, or keys the schema does not know) in their original order. Values are unchanged.
 */
export function canonicalOrder(
  value: JsonValue,
  set: SchemaSet,
  at: SchemaAt | undefined = set.root,
): JsonValue {
  if (Array.isArray(value)) {
    const items = itemSchema(set, schemaForValue(set, at, value));
    return value.map((item) => canonicalOrder(item, set, items));
  }
  if (!isJsonObject(value)) return value;
  const schema = schemaForValue(set, at, value);
  const declared = propertyNames(schema).filter((k) => k !== '$schema' && k in value);
  const rest = Object.keys(value).filter((k) => k !== '$schema' && !declared.includes(k));
  const out: JsonObject = {};
  for (const key of ['$schema', ...declared, ...rest]) {
    if (key in value) out[key] = canonicalOrder(value[key], set, memberSchema(schema, key));
  }
  return out;
}
