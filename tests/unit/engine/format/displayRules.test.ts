import { describe, expect, it } from 'vitest';
import {
  applyPipe,
  formatDaysHoursMinutes,
  formatPercent,
  formatTileNumber,
  formatTotal,
  secondsToHours,
} from '../../../../engine/format/index';

describe('SPEC section 5 display rules', () => {
  it("missing or non-numeric main value shows 'No Data'", () => {
    expect(formatTileNumber(undefined)).toBe('No Data');
    expect(formatTileNumber('abc')).toBe('No Data');
    expect(formatPercent(null, 0)).toBe('No Data');
  });
  it('zero shows 0 or 0%', () => {
    expect(formatTileNumber(0)).toBe('0');
    expect(formatPercent(0, 1)).toBe('0%');
  });
  it('one million or more shows Million (M on the sub value) with one decimal', () => {
    expect(formatTileNumber(1_250_000)).toBe('1.3 Million');
    expect(formatTileNumber(1_000_000, true)).toBe('1.0 M');
  });
  it('thousands are comma-separated and tile values rounded to 2 decimals', () => {
    expect(formatTileNumber(12345.678)).toBe('12,345.68');
  });
  it('table percentages have 1 decimal; totals 1 decimal with %', () => {
    expect(applyPipe(12.345, { name: 'percent', args: [1] })).toBe('12.3%');
    expect(formatTotal(45.67, (n) => applyPipe(n, { name: 'percent', args: [1] }))).toBe('45.7%');
  });
  it('zero totals show an em dash', () => {
    expect(formatTotal(0, String)).toBe('\u2014');
    expect(formatTotal(undefined, String)).toBe('\u2014');
  });
  it("time shows 'days, hrs, min'; seconds to hours round up to 2 decimals", () => {
    expect(formatDaysHoursMinutes(90_000 + 120)).toBe('1 day, 1 hr, 2 min');
    expect(formatDaysHoursMinutes(6_540)).toBe('1 hr, 49 min');
    expect(formatDaysHoursMinutes(2 * 86_400 + 2 * 3_600 + 60)).toBe('2 days, 2 hrs, 1 min');
    expect(formatDaysHoursMinutes(86_400)).toBe('1 day, 0 hrs, 0 min');
    expect(formatDaysHoursMinutes(300)).toBe('5 min');
    expect(secondsToHours(3601)).toBe(1.01);
  });
  it('pipes: decimal, currency, date, lowercase, uppercase, minutes', () => {
    expect(applyPipe(2.34567, { name: 'decimal', args: [2] })).toBe('2.35');
    expect(applyPipe(1234.5, { name: 'currency' })).toBe('$1,234.50');
    expect(applyPipe('2024-03-05T14:07:00', { name: 'date', args: ['M/D/YYYY h:mm A'] })).toBe(
      '3/5/2024 2:07 PM',
    );
    expect(applyPipe('AbC', { name: 'lowercase' })).toBe('abc');
    expect(applyPipe('AbC', { name: 'uppercase' })).toBe('ABC');
    expect(applyPipe(2.5, { name: 'minutes' })).toBe('2.5');
    expect(applyPipe(0.5, { name: 'percent', args: [0, true] })).toBe('50%');
  });
  it('texts pass through; missing table values show an em dash', () => {
    expect(applyPipe('12% (3)', { name: 'percent' })).toBe('12% (3)');
    expect(applyPipe(null, undefined)).toBe('\u2014');
  });
});

describe('the log pipes (issue 17)', () => {
  it('clock shows seconds as a stopwatch does', () => {
    expect(applyPipe(52, { name: 'clock' })).toBe('0:52');
    expect(applyPipe(605, { name: 'clock' })).toBe('10:05');
    expect(applyPipe(3725, { name: 'clock' })).toBe('1:02:05');
    expect(applyPipe(null, { name: 'clock' })).toBe('\u2014');
  });
  it('boolean shows its words, Yes and No by default', () => {
    expect(applyPipe(true, { name: 'boolean' })).toBe('Yes');
    expect(applyPipe(false, { name: 'boolean' })).toBe('No');
    expect(applyPipe(true, { name: 'boolean', args: ['Missed', 'Answered'] })).toBe('Missed');
    expect(applyPipe(false, { name: 'boolean', args: ['Missed', 'Answered'] })).toBe('Answered');
  });
});
