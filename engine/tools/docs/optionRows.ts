import { isJsonObject } from '../jsonValue';
import type { SchemaAt, SchemaSet } from '../schemaSet';
import { type LinkTitle, typeText } from './typeText';

/** One row of an options table. */
export interface OptionRow {
  /** The member name; nested members are dotted ('rowNumbers.header'), list items add '[]'. */
  name: string;
  type: string;
  /** The schema default as JSON, or '' when there is none. */
  default: string;
  required: boolean;
  description: string;
}

/**
 * The options of an object schema, one row per property in schema order. Inline objects (not
 * titled shapes reached by $ref, which have sections of their own) are expanded into dotted rows,
 * as are the inline object items of a list.
 */
export function optionRows(set: SchemaSet, at: SchemaAt, link: LinkTitle, prefix = ''): OptionRow[] {
  const props = at.schema.properties;
  if (!isJsonObject(props)) return [];
  const required = Array.isArray(at.schema.required) ? at.schema.required.map(String) : [];
  return Object.entries(props).flatMap(([key, schema]) => {
    if (!isJsonObject(schema)) return [];
    const child: SchemaAt = { schema, file: at.file };
    const name = `${prefix}${key}`;
    const row: OptionRow = {
      name,
      type: typeText(set, child, link),
      default: schema.default === undefined ? '' : JSON.stringify(schema.default),
      required: required.includes(key),
      description: typeof schema.description === 'string' ? schema.description : '',
    };
    const items = schema.items;
    const nested =
      typeof schema.$ref !== 'string' && isJsonObject(schema.properties)
        ? optionRows(set, child, link, `${name}.`)
        : isJsonObject(items) && typeof items.$ref !== 'string' && isJsonObject(items.properties)
          ? optionRows(set, { schema: items, file: at.file }, link, `${name}[].`)
          : [];
    return [row, ...nested];
  });
}
