import { BadRequestError } from './errors';

/** A half-open span of site-local clock time: start inclusive, end exclusive, as SQL timestamp text. */
export interface Span {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?Z?)?$/;

/** Parses a body date into epoch ms of its clock fields; undefined when malformed or impossible. */
export function parseClock(text: string): { ms: number; dateOnly: boolean } | undefined {
  const m = DATE_RE.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h = '0', mi = '0', s = '0', frac = '0'] = m.slice(1);
  const ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, Math.floor(Number(`0.${frac}`) * 1000));
  const back = new Date(ms);
  // Date.UTC rolls 2026-02-31 over to March: refuse dates that do not exist.
  if (back.getUTCFullYear() !== +y || back.getUTCMonth() !== +mo - 1 || back.getUTCDate() !== +d)
    return undefined;
  if (+h > 23 || +mi > 59 || +s > 59) return undefined;
  return { ms, dateOnly: m[4] === undefined };
}

/** SQL timestamp text of epoch ms ('YYYY-MM-DD HH:mm:ss.SSS'). */
export function sqlTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}

/** The dates a body may name: first moment, and the moment after the last. */
export const EARLIEST_DATE = '2000-01-01';
export const LATEST_DATE = '2100-12-31';
const EARLIEST_MS = Date.UTC(2000, 0, 1);
const AFTER_LATEST_MS = Date.UTC(2101, 0, 1);

function clock(field: string, text: string) {
  const c = parseClock(text);
  if (!c) throw new BadRequestError(`/${field}`, 'is not a valid date');
  // Far dates mean a mistake, and near the calendar's end a period's bounds would overflow.
  if (c.ms < EARLIEST_MS || c.ms >= AFTER_LATEST_MS)
    throw new BadRequestError(`/${field}`, `must be between ${EARLIEST_DATE} and ${LATEST_DATE}`);
  return c;
}

/** Start and exclusive end of a period; a bare end date covers its whole day, a time is inclusive. */
export function spanOf(startField: string, start: string, endField: string, end: string): Span {
  const s = clock(startField, start);
  const e = clock(endField, end);
  const endExclusive = e.ms + (e.dateOnly ? DAY_MS : 1);
  if (e.ms < s.ms) throw new BadRequestError(`/${endField}`, `must not be before ${startField}`);
  return { start: sqlTimestamp(s.ms), end: sqlTimestamp(endExclusive) };
}

/** The comparison period: the one sent, else the same-length span immediately before the current one. */
export function previousSpan(current: Span, prevStart?: string, prevEnd?: string): Span {
  if (prevStart !== undefined || prevEnd !== undefined) {
    if (prevStart === undefined)
      throw new BadRequestError('/previousStartDate', 'is required with previousEndDate');
    if (prevEnd === undefined)
      throw new BadRequestError('/previousEndDate', 'is required with previousStartDate');
    return spanOf('previousStartDate', prevStart, 'previousEndDate', prevEnd);
  }
  const s = Date.parse(`${current.start.replace(' ', 'T')}Z`);
  const e = Date.parse(`${current.end.replace(' ', 'T')}Z`);
  return { start: sqlTimestamp(s - (e - s)), end: sqlTimestamp(s) };
}
