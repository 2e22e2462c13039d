import type { HostServices } from '../data/hostServices';
import type { NormalizedParam } from '../definitions/normalizedPage';
import { filterSpanValue } from './filterSpanValue';

type Storage = NonNullable<HostServices['storage']>;

/** The host's storage, else sessionStorage when there is a window, else nothing. */
export function storageOf(host: Pick<HostServices, 'storage'>): Storage | undefined {
  if (host.storage) return host.storage;
  return typeof window !== 'undefined' ? window.sessionStorage : undefined;
}

/**
 * The initial params: each stored value (under its storage key), else the value its
 * fromFilterSpan rule gives for the applied filter, else its default. The params named in
 * `atDefault` start at their default (a URL that names a whole view leaves them out).
 */
export function initialParams(
  params: Record<string, NormalizedParam>,
  storage: Storage | undefined,
  filter?: Readonly<Record<string, unknown>>,
  atDefault?: ReadonlySet<string>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(params)) {
    if (atDefault?.has(name)) {
      values[name] = p.default;
      continue;
    }
    const fromSpan = p.fromFilterSpan && filter ? filterSpanValue(p.fromFilterSpan, filter) : undefined;
    values[name] = fromSpan ?? p.default;
    const stored = p.storageKey ? storage?.getItem(p.storageKey) : null;
    if (stored !== null && stored !== undefined) {
      try {
        values[name] = JSON.parse(stored);
      } catch {
        // A value written by something else is ignored: the default is the safe choice.
      }
    }
  }
  return values;
}

/** Remembers a param under its storage key (removing it when back to the default). */
export function storeParam(param: NormalizedParam, value: unknown, storage: Storage | undefined): void {
  if (!param.storageKey || !storage) return;
  if (value === undefined) storage.removeItem(param.storageKey);
  else storage.setItem(param.storageKey, JSON.stringify(value));
}
