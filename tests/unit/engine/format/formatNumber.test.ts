import { describe, expect, it } from 'vitest';
import {
  formatFixed,
  formatNumber,
  formatPercent,
  formatTileNumber,
} from '../../../../engine/format/formatNumber';

describe('numbers as a user reads them (en-US)', () => {
  it('groups thousands; formatNumber drops trailing zeros, formatFixed keeps them', () => {
    expect(formatNumber(1234567.5)).toBe('1,234,567.5');
    expect(formatNumber(12.3456, 1)).toBe('12.3');
    expect(formatNumber(12.3456)).toBe('12.35');
    expect(formatNumber(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(formatFixed(12, 2)).toBe('12.00');
    expect(formatFixed(999_999.995, 2)).toBe('1,000,000.00');
  });

  it('rounds the decimal as written, half away from zero', () => {
    // toFixed gives 1.00 and 0.00 here: the doubles are a hair under the halves.
    expect(formatFixed(1.005, 2)).toBe('1.01');
    expect(formatFixed(0.005, 2)).toBe('0.01');
    expect(formatFixed(2.5, 0)).toBe('3');
    expect(formatFixed(-2.5, 0)).toBe('-3');
    expect(formatFixed(9.995, 2)).toBe('10.00');
  });

  it('tiles and percentages', () => {
    expect(formatTileNumber(1_234_567)).toBe('1.2 Million');
    expect(formatTileNumber(1_234_567, true)).toBe('1.2 M');
    expect(formatTileNumber(1234.567)).toBe('1,234.57');
    expect(formatPercent(33.333333333333336, 1)).toBe('33.3%');
    expect(formatPercent(0, 2)).toBe('0%');
  });

  it('refuses digits Intl does not take, with its RangeError', () => {
    expect(() => formatFixed(1, -1)).toThrow(RangeError);
    expect(() => formatNumber(1, Number.NaN)).toThrow(RangeError);
  });

  it('makes one Intl.NumberFormat per set of digits and reuses it', () => {
    const Real = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made++;
      }
    } as typeof Intl.NumberFormat;
    try {
      for (let i = 0; i < 50; i++) formatFixed(i / 7, 7);
      expect(formatFixed(1 / 7, 7)).toBe('0.1428571');
      expect(made).toBeLessThanOrEqual(1);
      for (let i = 0; i < 50; i++) formatNumber(i / 7, 9);
      expect(made).toBeLessThanOrEqual(2);
    } finally {
      Intl.NumberFormat = Real;
    }
  });
});
