import type { NormalizedParam } from '../definitions/normalizedPage';
import { filterSpanValue } from './filterSpanValue';

/**
 * A page's params as the page first shows them for an applied filter: each param's default, or the
 * value its fromFilterSpan rule gives for the filter's range. What a place that draws a page's
 * widgets without the page (a message, a print-out) reads conditions and body references with.
 */
export function paramsForFilter(
  params: Readonly<Record<string, NormalizedParam>>,
  filter: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).map(([name, p]) => [
      name,
      (p.fromFilterSpan ? filterSpanValue(p.fromFilterSpan, filter) : undefined) ?? p.default,
    ]),
  );
}
