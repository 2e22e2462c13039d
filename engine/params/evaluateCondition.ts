import type { Condition } from '../types/dashboard';

const isSet = (v: unknown): boolean =>
  !(v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length));
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Whether a `when` condition holds for the current params (no condition: always). */
export function evaluateCondition(
  when: Condition | undefined,
  params: Readonly<Record<string, unknown>>,
): boolean {
  if (!when) return true;
  const value = params[when.param];
  if ('equals' in when && !same(value, when.equals)) return false;
  if ('notEquals' in when && same(value, when.notEquals)) return false;
  if (when.isSet !== undefined && isSet(value) !== when.isSet) return false;
  return true;
}
