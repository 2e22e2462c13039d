import { Cron, CronDate } from 'croner';
import type { QuietHours, Schedule, Subscription } from './subscriptionStore';

/**
 * When occurrences fall: croner's schedules in the recipient's IANA time zone. A clock change is
 * croner's (as Vixie cron): an hour skipped in spring runs at the first time after the gap, the same
 * day; an hour that occurs twice in autumn runs once, at its first occurrence.
 */

/** How often an alert subscription is evaluated on its own (besides each new data version): hourly. */
export const ALERT_EVALUATION_PATTERN = '0 * * * *';

/** The cron pattern of a digest's schedule: minute 0 of its hour, daily, on a weekday (1 = Monday .. 7 = Sunday) or a day of the month. */
export function cronPattern(s: Schedule): string {
  if (s.frequency === 'weekly') return `0 ${s.hour} * * ${(s.weekday ?? 1) % 7}`;
  if (s.frequency === 'monthly') return `0 ${s.hour} ${s.monthday ?? 1} * *`;
  return `0 ${s.hour} * * *`;
}

function cron(pattern: string, timeZone: string): Cron {
  return new Cron(pattern, { timezone: timeZone, paused: true });
}

/** The latest time of `pattern` in `timeZone` at or before `at`, not before `from`; undefined when none. */
export function latestOccurrence(pattern: string, timeZone: string, at: Date, from?: Date): Date | undefined {
  // previousRuns looks strictly before its reference, and runs fall on whole seconds: a run at
  // `at` itself counts as due.
  const [latest] = cron(pattern, timeZone).previousRuns(
    1,
    new Date(Math.floor(at.getTime() / 1000) * 1000 + 1000),
  );
  if (!latest || (from && latest.getTime() < from.getTime())) return undefined;
  return latest;
}

/** The next time of `pattern` in `timeZone` after `after`. */
export function nextOccurrence(pattern: string, timeZone: string, after: Date): Date | undefined {
  return cron(pattern, timeZone).nextRun(after) ?? undefined;
}

const DAY_MS = 86_400_000;

/** The first instant after `after` whose clock in `timeZone` reads `hhmm` ('HH:MM'). */
function nextClockTime(hhmm: string, timeZone: string, after: Date): Date | undefined {
  const [hour, minute] = hhmm.split(':').map(Number);
  return nextOccurrence(`${minute} ${hour} * * *`, timeZone, after);
}

/**
 * When a subscription next sends, as the runner (runner.ts) does it: a digest at its next scheduled
 * time, an alert at its next hourly evaluation (it also evaluates on new data, which no clock
 * foretells), neither before `startsAt` (the subscription's start); null when paused. One due in its
 * quiet hours waits for them: a digest goes when they end (the scheduler's first run after them),
 * an alert at its first evaluation from then on. A digest whose occurrence fell in the quiet hours
 * under way goes when they end.
 */
export function nextSend(
  s: Pick<Subscription, 'kind' | 'schedule' | 'quietHours' | 'paused'>,
  timeZone: string,
  now: Date,
  startsAt?: Date,
): Date | null {
  if (s.paused) return null;
  const pattern = s.kind === 'alert' ? ALERT_EVALUATION_PATTERN : s.schedule && cronPattern(s.schedule);
  if (!pattern) return null;
  const quiet = s.quietHours;
  if (quiet && s.kind === 'digest' && inQuietHours(quiet, now, timeZone)) {
    const end = nextClockTime(quiet.end, timeZone, now);
    const waiting = latestOccurrence(pattern, timeZone, now, startsAt);
    // An occurrence since these quiet hours began is held until they end.
    if (
      end &&
      waiting &&
      inQuietHours(quiet, waiting, timeZone) &&
      waiting.getTime() > end.getTime() - DAY_MS
    )
      return end;
  }
  // Runs fall on whole seconds: one at `startsAt` itself is its first.
  const from = startsAt && startsAt.getTime() > now.getTime() ? new Date(startsAt.getTime() - 1) : now;
  const next = nextOccurrence(pattern, timeZone, from);
  if (!next || !quiet || !inQuietHours(quiet, next, timeZone)) return next ?? null;
  const end = nextClockTime(quiet.end, timeZone, next);
  if (!end || s.kind === 'digest') return end ?? null;
  return nextOccurrence(pattern, timeZone, new Date(end.getTime() - 1)) ?? null;
}

/**
 * The instant a wall-clock time of `timeZone` stands for: `clock` holds the clock fields as UTC
 * (as `--at 2026-11-23T08:00` and the store's local times are read). A time skipped by a clock
 * change is read as the same clock time after it; a repeated one as its first occurrence.
 */
export function instantOfWallClock(clock: Date, timeZone: string): Date {
  const iso = clock.toISOString().slice(0, 19);
  return new CronDate(iso, timeZone).getDate(false);
}

/** 'HH:MM' of `at` in `timeZone`. */
export function clockTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** Whether `at` falls in the quiet hours (start inclusive, end exclusive; across midnight when end < start). */
export function inQuietHours(quiet: QuietHours | null, at: Date, timeZone: string): boolean {
  if (!quiet) return false;
  const now = clockTime(at, timeZone);
  return quiet.start < quiet.end
    ? now >= quiet.start && now < quiet.end
    : now >= quiet.start || now < quiet.end;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
