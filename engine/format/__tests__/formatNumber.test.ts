import { describe, expect, it } from 'vitest';
import { Random } from '../../../src/server/seed/random';
import { formatDecimal, formatFixed, formatNumber } from '../formatNumber';

/*
 * formatDecimal writes numbers as Intl.NumberFormat('en-US') does, without loading ICU in the page.
 * Intl is the oracle here: every case is formatted both ways.
 */
const intl = (value: number, min: number, max: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max }).format(value);

const EDGES = [
  0,
  -0,
  1,
  -1,
  0.5,
  1.5,
  2.5,
  -2.5,
  1.005,
  1.255,
  8.345,
  0.045,
  0.125,
  1.45,
  0.995,
  9.995,
  99.5,
  999.5,
  999_999.995,
  1234.5,
  -0.001,
  -0.004,
  0.0049,
  1e-7,
  5e-324,
  1.0000000000000002,
  123456789.125,
  2 ** 53,
  2 ** 53 + 2,
  1e20,
  1e21,
  1.7976931348623157e308,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  0.1 + 0.2,
  33.333333333333336,
  66.66666666666667,
  14.285714285714286,
];

describe('formatDecimal writes what Intl.NumberFormat en-US writes', () => {
  it('on edge values: halves, shortest decimals (1.005), carries (9.995), -0, tiny and huge numbers', () => {
    for (const value of EDGES)
      for (const [min, max] of [
        [0, 0],
        [0, 1],
        [0, 2],
        [1, 1],
        [2, 2],
        [0, 6],
        [3, 3],
      ])
        expect(`${value} ${min}-${max}: ${formatDecimal(value, min, max)}`).toBe(
          `${value} ${min}-${max}: ${intl(value, min, max)}`,
        );
  });

  it('on 30,000 random values of every size, signs and decimals (seeded)', () => {
    const random = new Random(20261129);
    const next = () => random.next();
    const wrong: string[] = [];
    for (let i = 0; i < 30_000; i++) {
      const kind = i % 3;
      // Any magnitude; a count with a rounding half; a percentage as the API computes them.
      const value =
        kind === 0
          ? (next() - 0.5) * 10 ** Math.floor(next() * 30 - 8)
          : kind === 1
            ? (Math.floor(next() * 1e6) + 0.5) / 10 ** Math.floor(next() * 4)
            : (Math.floor(next() * 5000) / Math.max(1, Math.floor(next() * 5000))) * 100;
      // Mostly the app's 0 to 4 digits, a fifth up to 20 (Node's Intl stops there).
      const max = Math.floor(next() * (next() < 0.8 ? 5 : 21));
      const min = next() < 0.5 ? 0 : max;
      const got = formatDecimal(value, min, max);
      const want = intl(value, min, max);
      if (got !== want) wrong.push(`${value} ${min}-${max}: ${got} ≠ ${want}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('reads a digits count as Intl does: rounded down, and a RangeError when not from 0 to 100', () => {
    // Node's Intl stops at 20 digits where Chromium's goes to 100: the counts here are in both ranges.
    const outcome = (f: () => string) => {
      try {
        return f();
      } catch (e) {
        return `${(e as Error).name}: ${(e as Error).message}`;
      }
    };
    for (const digits of [2.5, 2.9, 0.5, Number.NaN, -1, -0.5, 101, 100.5, Number.POSITIVE_INFINITY])
      for (const min of [0, digits])
        expect(`${min}-${digits}: ${outcome(() => formatDecimal(1.23556789, min, digits))}`).toBe(
          `${min}-${digits}: ${outcome(() => intl(1.23556789, min, digits))}`,
        );
    expect(formatDecimal(1 / 3, 0, 100)).toBe(`0.${'3'.repeat(16)}`);
  });

  it('formatNumber drops trailing zeros and formatFixed keeps them', () => {
    expect(formatNumber(1234567.5)).toBe('1,234,567.5');
    expect(formatNumber(12.3456, 1)).toBe('12.3');
    expect(formatFixed(12, 2)).toBe('12.00');
    expect(formatFixed(0.005, 2)).toBe('0.01');
  });
});
