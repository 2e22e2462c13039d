import { displayText } from './displayText';
import { formatNumber, toNumber } from './formatNumber';

/** Minutes with up to 2 decimals ('No Data' when missing). */
export function formatMinutes(value: unknown): string {
  const n = toNumber(value);
  return n === undefined ? displayText.noData : formatNumber(n, 2);
}

/**
 * Seconds as 'D days, H hrs, M min' (leading zero parts dropped; '0 min' for zero), in the
 * singular for one: '1 day, 1 hr, 49 min'.
 */
export function formatDaysHoursMinutes(seconds: unknown): string {
  const n = toNumber(seconds);
  if (n === undefined) return displayText.dash;
  const totalMinutes = Math.round(n / 60);
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  const parts: string[] = [];
  if (days) parts.push(`${days} ${days === 1 ? 'day' : 'days'}`);
  if (days || hours) parts.push(`${hours} ${hours === 1 ? 'hr' : 'hrs'}`);
  parts.push(`${minutes} min`);
  return parts.join(', ');
}

/** Whole seconds as a stopwatch shows them: 'M:SS' under an hour, 'H:MM:SS' from an hour. */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Seconds as hours, rounded up to 2 decimals. */
export function secondsToHours(seconds: number): number {
  return Math.ceil((seconds / 3600) * 100) / 100;
}
