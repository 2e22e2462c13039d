import { displayText } from './displayText';

/** A finite number from a value, or undefined for missing and non-numeric values. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

/** Intl's en-US number formats, one per pair of fraction digits, made on first use and kept. */
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number as Intl.NumberFormat('en-US') writes it with these fraction digits (thousands grouped,
 * rounded half away from zero). Intl throws a RangeError for digits it does not take.
 */
function formatDecimal(value: number, minDecimals: number, maxDecimals: number): string {
  const key = `${minDecimals}-${maxDecimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: minDecimals,
      maximumFractionDigits: maxDecimals,
    });
    numberFormats.set(key, format);
  }
  return format.format(value);
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
