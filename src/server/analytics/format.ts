import { formatFixed, formatPercent } from '../../../engine/tools';

/** Rounds to `digits` decimals; null stays null. */
export function round(v: number | null | undefined, digits = 2): number | null {
  if (v === null || v === undefined || !Number.isFinite(v)) return null;
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

/**
 * A figure the client rounds for display (tiles, rings, table percents and averages): sent exact, so it
 * is rounded once, from the true value. Non-finite values are null.
 */
export function exact(v: number | null | undefined): number | null {
  return v === null || v === undefined || !Number.isFinite(v) ? null : v;
}

/** `count * 100 / total`, null when total is 0. */
export function percentOf(count: number, total: number): number | null {
  return total ? (count * 100) / total : null;
}

/** A count as shown: thousands comma-separated (SPEC.md section 5). */
const thousands = (count: number) => formatFixed(count, 0);

/**
 * A share of `total` as the page's percent pipe writes it (engine/format's formatPercent): one
 * decimal, rounded half away from zero from the shortest decimal (12,860 of 40,000 is 32.2%, where
 * toFixed gave 32.1), and zero as '0%' (SPEC.md section 5), so a text cell and the page agree.
 */
const percentText = (count: number, total: number) => formatPercent(percentOf(count, total) ?? 0, 1);

/** The volume tables' text 'count (percent)', e.g. '120 (60.0%)', '28,927 (66.6%)', '0 (0%)'. */
export function countPercent(count: number, total: number): string {
  return `${thousands(count)} (${percentText(count, total)})`;
}

/** The response-time tables' text 'NN.N% (count)', e.g. '25.0% (12)', '12.2% (1,227)', '0% (0)'. */
export function percentCount(count: number, total: number): string {
  return `${percentText(count, total)} (${thousands(count)})`;
}

/** A cell of a totals row: an em dash when its count is zero (SPEC.md section 5), else `text`. */
export function totalCell(count: number, text: string): string {
  return count === 0 ? '\u2014' : text;
}

/** A number column of a row (drivers return counts as numbers; sums may be null on no rows). */
export function n(v: unknown): number {
  return typeof v === 'number' ? v : v == null ? 0 : Number(v);
}

/** A nullable number column of a row. */
export function nn(v: unknown): number | null {
  return v == null ? null : Number(v);
}
