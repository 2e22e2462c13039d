import dayjs from 'dayjs';
import type { FilterSpanRule } from '../types/dashboard';

/**
 * The value a fromFilterSpan rule gives for the applied filter: the range length in days (both
 * ends counted) picks the first step it is below, else `otherwise`. Undefined when either end is
 * missing or not a date, so the param keeps its value.
 */
export function filterSpanValue(rule: FilterSpanRule, filter: Readonly<Record<string, unknown>>): unknown {
  const start = dayjs(filter[rule.start] as string | undefined);
  const end = dayjs(filter[rule.end] as string | undefined);
  if (!filter[rule.start] || !filter[rule.end] || !start.isValid() || !end.isValid()) return undefined;
  const days = end.startOf('day').diff(start.startOf('day'), 'day') + 1;
  return rule.steps.find((s) => days < s.below)?.value ?? rule.otherwise;
}
