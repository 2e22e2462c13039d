import { isJsonObject, type JsonObject } from '../jsonValue';
import { branches, deref, itemSchema, type SchemaAt, type SchemaSet } from '../schemaSet';

/** Turns a titled schema (Condition, Pipe...) into a markdown link when the reference has a section for it. */
export type LinkTitle = (title: string) => string;

/**
 * How the reference writes a property's type: a titled shape by name (linked), a const or enum by
 * its values, a list as 'list of X', a map as 'map of X', several types joined by 'or'.
 */
export function typeText(set: SchemaSet, at: SchemaAt, link: LinkTitle): string {
  const own = at.schema;
  if (own.const !== undefined) return code(own.const);
  if (typeof own.$ref === 'string') {
    const target = deref(set, at);
    if (typeof target.schema.title === 'string') return link(target.schema.title);
    return typeText(set, target, link);
  }
  if (Array.isArray(own.enum)) return own.enum.map(code).join(' | ');
  if (typeof own.title === 'string' && isJsonObject(own.properties)) return link(own.title);
  const options = branches(set, at);
  if (options.length) return options.map((b) => typeText(set, b, link)).join(' or ');
  const types = Array.isArray(own.type)
    ? own.type.map(String)
    : typeof own.type === 'string'
      ? [own.type]
      : [];
  const items = itemSchema(set, at);
  const described = types.map((t) => {
    if (t === 'array' && items) return `list of ${typeText(set, items, link)}`;
    if (t === 'object' && isJsonObject(own.additionalProperties))
      return `map of ${typeText(set, { schema: own.additionalProperties, file: at.file }, link)}`;
    if (t === 'string' && typeof own.pattern === 'string' && !isNamePattern(own))
      return `string matching \`${own.pattern}\``;
    return t;
  });
  return described.join(' or ') || 'any';
}

function isNamePattern(schema: JsonObject): boolean {
  return schema.pattern === '^[A-Za-z][A-Za-z0-9_]*$';
}

function code(value: unknown): string {
  return `\`${JSON.stringify(value)}\``;
}
