import { displayText } from './displayText';

/** A finite number from a value, or undefined for missing and non-numeric values. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

/**
 * A number as Intl.NumberFormat('en-US') writes it with these fraction digits, without Intl: a
 * page's first NumberFormat costs 35 to 63 ms in a new Chromium renderer (ICU loading its number
 * data; measured on the 2-core machine, docs/benchmarks.md), on the main thread of every cold visit.
 * Like ICU, it rounds the shortest decimal that reads back as the same number (1.005 is 1.01 at two
 * decimals, where toFixed gives 1.00), half away from zero, and keeps the sign of a negative that
 * rounds to zero ('-0'). Checked against Intl on random and edge values (formatNumber.test.ts).
 */
export function formatDecimal(value: number, minDecimals: number, maxDecimals: number): string {
  const min = fractionDigits(minDecimals, 'minimumFractionDigits');
  const max = fractionDigits(maxDecimals, 'maximumFractionDigits');
  if (min > max) throw new RangeError('maximumFractionDigits value is out of range.');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : `${sign}∞`;
  // The shortest round-trip digits and where the decimal point falls among them.
  const [mantissa, exponent] = Math.abs(value).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const point = Number(exponent) + 1;
  let whole: string;
  let fraction: string;
  if (point <= 0) [whole, fraction] = ['0', '0'.repeat(-point) + digits];
  else if (point >= digits.length) [whole, fraction] = [digits + '0'.repeat(point - digits.length), ''];
  else [whole, fraction] = [digits.slice(0, point), digits.slice(point)];
  if (fraction.length > max) {
    const up = fraction[max] >= '5';
    fraction = fraction.slice(0, max);
    if (up) {
      const raised = addOne(whole + fraction);
      whole = raised.slice(0, raised.length - max);
      fraction = raised.slice(raised.length - max);
    }
  }
  fraction = fraction.replace(/0+$/, '').padEnd(min, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A digits option as Intl reads it (a definition's pipe may carry any number): a RangeError with
 * Intl's message when not from 0 to 100 (Chromium's range), else rounded down.
 */
function fractionDigits(value: number, option: string): number {
  if (!(value >= 0 && value <= 100)) throw new RangeError(`${option} value is out of range.`);
  return Math.floor(value);
}

/** A string of decimal digits plus one ('0999' is '1000', '99' is '100'). */
function addOne(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return digits.slice(0, i) + String(Number(digits[i]) + 1) + '0'.repeat(digits.length - i - 1);
}

/** Thousands comma-separated with at most `maxDecimals` decimals (trailing zeros dropped). */
export function formatNumber(value: number, maxDecimals = 2): string {
  return formatDecimal(value, 0, maxDecimals);
}

/** Thousands comma-separated with exactly `decimals` decimals. */
export function formatFixed(value: number, decimals: number): string {
  return formatDecimal(value, decimals, decimals);
}

/**
 * A tile value: 'No Data' when missing or not numeric; one million or more in millions with one
 * decimal and the word Million (or M for a sub value); otherwise rounded to 2 decimals with commas.
 */
export function formatTileNumber(value: unknown, sub = false): string {
  const n = toNumber(value);
  if (n === undefined) return displayText.noData;
  if (Math.abs(n) >= 1_000_000) {
    return `${formatFixed(n / 1_000_000, 1)} ${sub ? displayText.millionShort : displayText.million}`;
  }
  return formatNumber(n, 2);
}

/** A percentage with a fixed number of decimals and '%'; 'No Data' when missing; zero is '0%'. */
export function formatPercent(value: unknown, decimals: number): string {
  const n = toNumber(value);
  if (n === undefined) return displayText.noData;
  if (n === 0) return '0%';
  return `${formatFixed(n, decimals)}%`;
}

/** A total cell: an em dash when the total is zero or missing, else the formatted value. */
export function formatTotal(value: unknown, format: (n: number) => string): string {
  const n = toNumber(value);
  return n === undefined || n === 0 ? displayText.emDash : format(n);
}
