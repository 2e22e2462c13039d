import type { BodyValue, ValueReference } from '../types/dashboard';
import { type NormalizedSource, resolvedObject } from '../definitions/normalizedPage';
import { type TableState, tableStatePart } from './tableState';

/** Everything a body template can read. */
export interface BodyContext {
  filter: Readonly<Record<string, unknown>>;
  params: Readonly<Record<string, unknown>>;
  tables: Readonly<Record<string, TableState>>;
}

const isReference = (v: BodyValue): v is ValueReference => !!v && typeof v === 'object' && !Array.isArray(v);
/** An empty value: an `omitWhenEmpty` reference leaves its key out of the body. */
export const isEmpty = (v: unknown): boolean => v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length);

/** The value a reference sends for a value through its value map (a list: each item, lists flattened). */
export function mapValue(value: unknown, map: Record<string, unknown> | undefined): unknown {
  if (!map) return value;
  if (Array.isArray(value)) return value.flatMap((v) => (Array.isArray(map[String(v)]) ? (map[String(v)] as unknown[]) : [map[String(v)] ?? v]));
  return String(value) in map ? map[String(value)] : value;
}

/** The request body of a data source: literals as written, references replaced by current values. */
export function buildRequestBody(sourceName: string, source: NormalizedSource, ctx: BodyContext): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, template] of Object.entries(source.body)) {
    if (!isReference(template)) {
      body[key] = template;
      continue;
    }
    let value: unknown;
    if (template.$filter !== undefined) value = mapValue(ctx.filter[template.$filter], resolvedObject(template.map));
    else if (template.$param !== undefined) value = mapValue(ctx.params[template.$param], resolvedObject(template.map));
    else if (template.$table !== undefined) value = tableStatePart(ctx.tables[template.state ?? sourceName], template.$table);
    if (template.omitWhenEmpty && isEmpty(value)) continue;
    body[key] = value ?? null;
  }
  return body;
}
