import type { DeliveryRecord, DigestSchedule, LastDelivery, QuietHours } from '../../shared/api/types';
import { zoneWords } from '../../shared/timeZones';
import { ApiError } from '../api/ApiError';

/** ISO weekdays, 1 Monday to 7 Sunday, as schedules number them. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** 1st, 2nd, 3rd, 4th … 21st, 22nd, 23rd, 28th. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** A time of day on a 12-hour clock: 0 → '12:00 AM', 13 → '1:00 PM'; minutes when given. */
export function clockWords(hour: number, minute = 0): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** 'HH:MM' on a 12-hour clock: '22:30' → '10:30 PM'. */
export function timeOfDayWords(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  return clockWords(h, m);
}

export { zoneWords };

/** A digest's schedule in words, on the subscriber's clock: 'Every Monday at 8:00 AM Central Time'. */
export function scheduleWords(schedule: DigestSchedule, timeZone: string): string {
  const at = `at ${clockWords(schedule.hour)} ${zoneWords(timeZone)}`;
  if (schedule.frequency === 'weekly') return `Every ${WEEKDAYS[(schedule.weekday ?? 1) - 1]} ${at}`;
  if (schedule.frequency === 'monthly')
    return `On the ${ordinal(schedule.monthday ?? 1)} of every month ${at}`;
  return `Every day ${at}`;
}

/**
 * An alert threshold and its value as a phrase: the rule's label reads as the start of one, a unit
 * in brackets at its end going after the value ('Missed calls above (%)', 25 → 'Missed calls above
 * 25%'; 'Only sites with at least (inbound calls)', 10 → 'Only sites with at least 10 inbound calls').
 */
export function thresholdWords(label: string, value: number | string): string {
  const unit = /^(.*\S)\s*\(([^()]+)\)$/.exec(label.trim());
  if (!unit) return `${label} ${value}`;
  return unit[2] === '%' ? `${unit[1]} ${value}%` : `${unit[1]} ${value} ${unit[2]}`;
}

/** Quiet hours in words: 'Quiet from 10:00 PM to 7:00 AM'. */
export function quietWords(quiet: QuietHours): string {
  return `Quiet from ${timeOfDayWords(quiet.start)} to ${timeOfDayWords(quiet.end)}`;
}

/**
 * When a delivery happened, on the subscriber's clock: 'Mon, Nov 23, 8:00 AM CST'; without the
 * zone's name when `zone` is false ('Mon, Nov 23, 8:00 AM').
 */
export function whenWords(iso: string, timeZone: string, zone = true): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(zone ? { timeZoneName: 'short' } : {}),
  };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(at);
  }
}

/**
 * When a subscription sends next, as its card says it: 'Next: Mon, Nov 30, 8:00 AM CST' on the
 * subscriber's clock; 'Paused' when paused; undefined when nothing is to come.
 */
export function nextWords(
  s: { paused: boolean; nextAt?: string | null },
  timeZone: string,
): string | undefined {
  if (s.paused) return 'Paused';
  return s.nextAt ? `Next: ${whenWords(s.nextAt, timeZone)}` : undefined;
}

/**
 * How the last delivery went, as its card says it: 'Last: sent Mon, Nov 23, 8:00 AM', the reason
 * after a skip or a failure ('Last: failed Mon, Nov 23, 8:00 AM: <reason>'); 'Last: none yet'.
 */
export function lastWords(last: LastDelivery | null | undefined, timeZone: string): string {
  if (!last) return 'Last: none yet';
  const reason = last.status !== 'sent' && last.reason ? `: ${last.reason}` : '';
  return `Last: ${last.status} ${whenWords(last.at, timeZone, false)}${reason}`;
}

/**
 * What a delivery was for, from its occurrence key, when the history's time alone does not say it:
 * a digest or a scheduled check sent later than it was due (caught up after downtime) says when
 * it was due ('(due Mon, Nov 23, 8:00 AM CST)'); a check made on new data says so; a test, nothing.
 */
export function occurrenceWords(key: string, at: string, timeZone: string): string | undefined {
  const colon = key.indexOf(':');
  const kind = key.slice(0, colon);
  if (kind === 'data') return '(on new data)';
  if (kind !== 'digest' && kind !== 'eval') return undefined;
  const due = key.slice(colon + 1);
  if (Number.isNaN(new Date(due).getTime())) return undefined;
  const dueWords = whenWords(due, timeZone);
  return dueWords === whenWords(at, timeZone) ? undefined : `(due ${dueWords})`;
}

/** A delivery's outcome as the history says it. */
export const STATUS_WORDS: Record<DeliveryRecord['status'], string> = {
  sent: 'Sent',
  skipped: 'Skipped',
  failed: 'Failed',
  claimed: 'Sending',
};

/**
 * What the card says when a test send was not made: for too many of them (429), the server's own
 * sentence with the wait (or one naming the Retry-After); otherwise to try again later.
 */
export function testRefusedWords(err: unknown): { color: string; text: string } {
  if (err instanceof ApiError && err.status === 429) {
    const message = (err.body as { message?: unknown } | undefined)?.message;
    const wait = err.retryAfterSeconds ? `${err.retryAfterSeconds} seconds` : 'a minute';
    return {
      color: 'yellow',
      text:
        typeof message === 'string' && message
          ? message
          : `Too many test sends. Please wait ${wait} and try again.`,
    };
  }
  return { color: 'red', text: 'The test could not be sent just now. Try again in a moment.' };
}
