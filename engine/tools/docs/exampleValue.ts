import { isJsonObject, type JsonObject, type JsonValue } from '../jsonValue';
import { branches, deref, type SchemaAt, type SchemaSet } from '../schemaSet';

/** Sample names for members that name a param or a data source, so examples read naturally. */
const nameSamples: Record<string, string> = {
  data: 'rows',
  state: 'rows',
  param: 'view',
  set: 'view',
  reset: 'view',
};

/**
 * A minimal value for a schema: its first `examples` entry if it has one, else the const, the
 * first enum value, or for an object its required members only (lists get their minimum number of
 * items). Strings are the member name (or a sample name / route where a pattern asks for one).
 * The result is not guaranteed valid: the reference generator validates every example.
 */
export function exampleValue(set: SchemaSet, at: SchemaAt, hint = 'value'): JsonValue {
  const own = at.schema;
  if (Array.isArray(own.examples) && own.examples.length) return own.examples[0] as JsonValue;
  const node = deref(set, at);
  const s = node.schema;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0] as JsonValue;
  if (s.const !== undefined) return s.const as JsonValue;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0] as JsonValue;
  const options = branches(set, node);
  if (options.length) return exampleValue(set, options[0], hint);
  const type = Array.isArray(s.type)
    ? String(s.type.find((t) => t !== 'null') ?? 'null')
    : String(s.type ?? 'object');
  switch (type) {
    case 'object': {
      const out: JsonObject = {};
      const props = isJsonObject(s.properties) ? s.properties : {};
      for (const key of Array.isArray(s.required) ? s.required.map(String) : []) {
        const member = props[key];
        out[key] = isJsonObject(member) ? exampleValue(set, { schema: member, file: node.file }, key) : {};
      }
      return out;
    }
    case 'array': {
      const count = typeof s.minItems === 'number' ? s.minItems : 0;
      const items = isJsonObject(s.items) ? { schema: s.items, file: node.file } : undefined;
      return Array.from({ length: count }, () => (items ? exampleValue(set, items, hint) : null));
    }
    case 'string':
      if (s.pattern === '^/') return `/${hint}`;
      return nameSamples[hint] ?? hint;
    case 'number':
    case 'integer':
      return typeof s.minimum === 'number' ? Math.max(s.minimum, 1) : 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}
