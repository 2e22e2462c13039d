import { compareNames } from '../../format/compareNames';
import { displayText } from '../../format/displayText';
import { toNumber } from '../../format/formatNumber';

/** One slice: its label, value and share of the whole in percent. */
export interface PieSlice {
  label: string;
  value: number;
  percent: number;
}

/** The 10 fixed slice colours (given to labels by `pieColoursFor`). */
export const pieColors = [
  '#1C97FC',
  '#545A68',
  '#F7CF68',
  '#8179AF',
  '#57C059',
  '#F13B44',
  '#3FC1C9',
  '#F79256',
  '#A1C349',
  '#B5B5B5',
] as const;

/** Per pie (by its key), the colour each label has been given: a label keeps its colour. */
const labelColours = new Map<string, Map<string, number>>();

/**
 * The colours of a pie's labels, in the labels' order. A label keeps the colour it was first given
 * in this pie for the page's lifetime, so 'Undetermined' stays the same colour when a filter
 * changes which slices show; a new label takes the first colour no label shown beside it has,
 * preferring one no other label has had. The first view is coloured in slice order.
 */
export function pieColoursFor(pieKey: string, labels: readonly string[]): string[] {
  const known = labelColours.get(pieKey) ?? new Map<string, number>();
  labelColours.set(pieKey, known);
  const used = new Set<number>();
  const indexes = labels.map((label) => {
    const i = known.get(label);
    if (i === undefined || used.has(i)) return undefined;
    used.add(i);
    return i;
  });
  const everGiven = new Set(known.values());
  const all = pieColors.map((_, i) => i);
  labels.forEach((label, k) => {
    if (indexes[k] !== undefined) return;
    const i =
      all.find((c) => !used.has(c) && !everGiven.has(c)) ??
      all.find((c) => !used.has(c)) ??
      k % pieColors.length;
    used.add(i);
    known.set(label, i);
    indexes[k] = i;
  });
  return indexes.map((i) => pieColors[i as number]);
}

/**
 * The slices of a pie: rows with the same label summed into one slice, the largest `max` by
 * value kept, the rest summed into 'Misc.', then sorted by label case-insensitively. Rows with no
 * numeric value are left out. The label is a row field, or built from the row.
 */
export function pieSlices(
  rows: readonly Record<string, unknown>[],
  label: string | ((row: Record<string, unknown>) => string),
  valueField: string,
  max = 9,
): PieSlice[] {
  const labelOf = typeof label === 'string' ? (r: Record<string, unknown>) => String(r[label] ?? '') : label;
  const byLabel = new Map<string, number>();
  for (const r of rows) {
    const value = toNumber(r[valueField]);
    if (value === undefined || !Number.isFinite(value) || value <= 0) continue;
    const l = labelOf(r);
    byLabel.set(l, (byLabel.get(l) ?? 0) + value);
  }
  const items = [...byLabel].map(([l, value]) => ({ label: l, value })).sort((a, b) => b.value - a.value);
  const kept = items.slice(0, max);
  const rest = items.slice(max).reduce((sum, s) => sum + s.value, 0);
  if (rest > 0) kept.push({ label: displayText.misc, value: rest });
  const total = kept.reduce((sum, s) => sum + s.value, 0);
  return (
    kept
      .map((s) => ({ ...s, percent: total ? (s.value / total) * 100 : 0 }))
      // By label as the sites are sorted (case and accents aside, whatever the browser's language);
      // labels equal so (Cafe, Café) in code-unit order, so the order never hangs on the values'.
      .sort(
        (a, b) =>
          compareNames(a.label, b.label) || codeUnitOrder(a.label.toLowerCase(), b.label.toLowerCase()),
      )
  );
}

/** The smallest share that gets a percentage label: smaller pies need bigger slices (1, 2, 4, 8 or 14 %). */
export function labelThreshold(size: number): number {
  if (size >= 1000) return 1;
  if (size >= 800) return 2;
  if (size >= 600) return 4;
  if (size >= 400) return 8;
  return 14;
}

/** Plain code-unit order, for names the collator holds equal. */
function codeUnitOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
