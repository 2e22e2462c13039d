import { isTimeZone } from '../../shared/timeZones';
import { EARLIEST_DATE, LATEST_DATE } from '../analytics/period';
import type { BulkColumn } from '../store';

const CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?$/;
const FIRST_YEAR = Number(EARLIEST_DATE.slice(0, 4));
const LAST_YEAR = Number(LATEST_DATE.slice(0, 4));

/** The largest value of each integer column type the importer writes (JavaScript numbers are exact to 2^53). */
const INTEGER_MAX: Partial<Record<BulkColumn['type'], number>> = {
  integer: 2_147_483_647,
  bigint: Number.MAX_SAFE_INTEGER,
};

/**
 * Milliseconds of a local clock time or date text ('YYYY-MM-DD[THH:mm[:ss[.ffffff]]]'), read as UTC
 * clock fields (how the store keeps times), or the reason it is not a real one in the API's range.
 */
export function parseClock(text: string): { ms: number } | { problem: string } {
  const m = CLOCK.exec(text);
  if (!m) return { problem: `is not a date and time like 2026-11-20T19:00:00: '${text}'` };
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((v) => Number(v ?? 0));
  const fraction = Number(`0.${m[7] ?? '0'}`);
  if (month < 1 || month > 12) return { problem: `has no month ${m[2]}: '${text}'` };
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days)
    return { problem: `is not a calendar date (day ${m[3]} of a ${days}-day month): '${text}'` };
  if (hour > 23 || minute > 59 || second > 59) return { problem: `is not a clock time: '${text}'` };
  if (year < FIRST_YEAR || year > LAST_YEAR)
    return { problem: `must be between ${EARLIEST_DATE} and ${LATEST_DATE}: '${text}'` };
  const ms = Date.UTC(year, month - 1, day, hour, minute, second) + Math.round(fraction * 1000);
  return { ms };
}

/**
 * What a schema cannot say about a valid record: real dates and clock times in the API's range,
 * integers within their column's type, a time zone that exists, a reply not before its communication. Each problem is
 * "field '<name>' ..." text; `row` receives the record's values in column order (times as ms).
 */
export function checkValues(
  value: Record<string, unknown>,
  columns: readonly BulkColumn[],
  row: unknown[],
): string[] {
  const problems: string[] = [];
  for (const c of columns) {
    let v: unknown = value[c.name];
    if ((c.type === 'timestamp' || c.type === 'date') && typeof v === 'string') {
      const parsed = parseClock(v);
      if ('problem' in parsed) problems.push(`field '${c.name}' ${parsed.problem}`);
      else if (c.type === 'timestamp') v = parsed.ms;
    } else if (c.name === 'time_zone' && typeof v === 'string' && !isTimeZone(v)) {
      problems.push(`field 'time_zone' is not an IANA time zone such as America/Chicago: '${v}'`);
    } else if (
      typeof v === 'number' &&
      INTEGER_MAX[c.type] !== undefined &&
      Math.abs(v) > INTEGER_MAX[c.type]!
    ) {
      problems.push(
        `field '${c.name}' must be at most ${INTEGER_MAX[c.type]!.toLocaleString('en-US')}: ${v}`,
      );
    }
    row.push(v ?? null);
  }
  return problems;
}

/** Pairs of time fields where the second may not come before the first. */
export const TIME_ORDER: Record<string, readonly [before: string, after: string][]> = {
  communications: [['occurred_at', 'responded_at']],
};
