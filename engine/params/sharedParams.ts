import type { HostServices } from '../data/hostServices';
import type { NormalizedParam } from '../definitions/normalizedPage';
import type { ParamShare } from '../types/dashboard';

/** How a shared param's text in the URL is read back. */
export type ShareType = NonNullable<ParamShare['type']>;

/** A param marked shareable, with its query name and (after normalization) its type. */
export interface SharedParam {
  name: string;
  as: string;
  type: ShareType;
  within?: string;
}

/** The type a param's default implies; undefined for null (the definition must say). */
export function shareTypeOfDefault(value: unknown): ShareType | undefined {
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string') return 'string';
  if (Array.isArray(value))
    return value.length && value.every((v) => typeof v === 'number') ? 'numbers' : 'strings';
  return undefined;
}

/** The params of a page that a URL carries, in declaration order. */
export function sharedParamsOf(params: Record<string, NormalizedParam>): SharedParam[] {
  return Object.entries(params).flatMap(([name, p]) =>
    p.share ? [{ name, as: p.share.as, type: p.share.type ?? 'string', within: p.share.within }] : [],
  );
}

const isEmpty = (v: unknown) => v === null || v === undefined;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The URL text of a value: lists comma-separated; undefined for the default (left out of the URL). */
export function encodeShared(value: unknown, param: NormalizedParam): string | undefined {
  if (isEmpty(value) || same(value, param.default)) return undefined;
  return Array.isArray(value) ? value.map(String).join(',') : String(value);
}

/** The value of a URL text, or undefined when it does not read as the type (the text is ignored). */
export function decodeShared(text: string, type: ShareType): unknown {
  switch (type) {
    case 'string':
      return text;
    case 'number': {
      const n = Number(text);
      return text.trim() !== '' && Number.isFinite(n) ? n : undefined;
    }
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    case 'strings':
      return text === '' ? [] : text.split(',');
    case 'numbers': {
      if (text === '') return [];
      const items = text.split(',').map((t) => (t.trim() === '' ? Number.NaN : Number(t)));
      return items.every(Number.isFinite) ? items : undefined;
    }
  }
}

/** The URL's texts of the shared params (by query name), the default ones left out. */
export function sharedQuery(
  shared: readonly SharedParam[],
  params: Record<string, NormalizedParam>,
  values: Readonly<Record<string, unknown>>,
): Record<string, string | undefined> {
  return Object.fromEntries(shared.map((s) => [s.as, encodeShared(values[s.name], params[s.name]!)]));
}

/** A text that changes exactly when the URL's shared params change (to tell a Back from our own write). */
export function sharedQueryKey(
  shared: readonly SharedParam[],
  query: Readonly<Record<string, string | undefined>>,
) {
  return JSON.stringify(shared.map((s) => query[s.as] ?? null));
}

/**
 * The values a URL gives the shared params it carries (absent ones are not in the map); values the
 * host's scope refuses (`within`) are left out and named in `dropped`.
 */
export function valuesFromQuery(
  shared: readonly SharedParam[],
  query: Readonly<Record<string, string | undefined>>,
  host: Pick<HostServices, 'allowsFilterValue'>,
): { values: Map<string, unknown>; dropped: string[] } {
  const values = new Map<string, unknown>();
  const dropped: string[] = [];
  for (const s of shared) {
    const text = query[s.as];
    if (text === undefined) continue;
    const value = decodeShared(text, s.type);
    if (value === undefined) continue;
    const items = Array.isArray(value) ? value : [value];
    if (s.within && host.allowsFilterValue && !items.every((v) => host.allowsFilterValue!(s.within!, v))) {
      dropped.push(s.as);
      continue;
    }
    values.set(s.name, value);
  }
  return { values, dropped };
}
