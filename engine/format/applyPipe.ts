import dayjs from 'dayjs';
import type { Pipe } from '../types/dashboard';
import { displayText } from './displayText';
import { formatClock, formatDaysHoursMinutes, formatMinutes } from './formatDuration';
import { formatFixed, formatPercent, toNumber } from './formatNumber';
import { MAX_PIPE_DIGITS } from './pipeSignatures';

/**
 * Applies a column or template pipe. Numbers: decimal [digits=0], percent [digits=1, ratio=false]
 * (table percentages have 1 decimal), currency [digits=2]; date [format='MM/DD/YYYY'];
 * lowercase; uppercase; minutes; duration (seconds as 'days, hrs, min'); clock (seconds as 'M:SS',
 * 'H:MM:SS' from an hour); boolean [trueText='Yes', falseText='No']. Missing values show an
 * em dash in tables; texts pass through unchanged when not numeric (e.g. '12% (3)').
 */
export function applyPipe(value: unknown, pipe: Pipe | undefined): string {
  if (value === null || value === undefined || value === '') return displayText.emDash;
  if (!pipe)
    return typeof value === 'number' ? formatFixed(value, Number.isInteger(value) ? 0 : 2) : String(value);
  const args = pipe.args ?? [];
  const n = toNumber(value);
  switch (pipe.name) {
    case 'decimal':
      return n === undefined ? String(value) : formatFixed(n, digitsOf(pipe, 0));
    case 'percent': {
      if (n === undefined) return String(value);
      const scaled = args[1] === true || args[1] === 'ratio' ? n * 100 : n;
      return formatPercent(scaled, digitsOf(pipe, 1));
    }
    case 'currency':
      return n === undefined ? String(value) : `$${formatFixed(n, digitsOf(pipe, 2))}`;
    case 'date': {
      // Times are clock fields end to end (a site's local time, sent 'in UTC keeping the local clock
      // fields'): shown as they are, never converted to the browser's time zone.
      const d = dayjs(typeof value === 'string' ? value.replace(/(?:Z|[+-]00:?00)$/, '') : (value as number));
      return d.isValid() ? d.format(String(args[0] ?? 'MM/DD/YYYY')) : String(value);
    }
    case 'lowercase':
      return String(value).toLowerCase();
    case 'uppercase':
      return String(value).toUpperCase();
    case 'minutes':
      return formatMinutes(value);
    case 'duration':
      return formatDaysHoursMinutes(value);
    case 'clock':
      return n === undefined ? String(value) : formatClock(n);
    case 'boolean':
      return String(value === true || value === 'true' ? (args[0] ?? 'Yes') : (args[1] ?? 'No'));
  }
}

/** Pipes whose first argument is a count of decimals. */
const DIGITS_PIPES: ReadonlySet<Pipe['name']> = new Set(['decimal', 'percent', 'currency']);

/**
 * Why applyPipe cannot run with a pipe's arguments, and the index of the one at fault; undefined
 * when it can. A digits argument (decimal, percent, currency) is a number, or numeric text, from 0
 * to MAX_PIPE_DIGITS. A server check before writing (an export) and applyPipe itself use this rule.
 */
export function pipeArgumentError(pipe: Pipe): { index: number; message: string } | undefined {
  const digits = pipe.args?.[0];
  if (!DIGITS_PIPES.has(pipe.name) || digits === undefined) return undefined;
  const n = Number(digits);
  if (n >= 0 && n <= MAX_PIPE_DIGITS) return undefined;
  return {
    index: 0,
    message: `the ${pipe.name} pipe's first argument is its decimals, a number from 0 to ${MAX_PIPE_DIGITS}, not ${JSON.stringify(digits)}`,
  };
}

/** A digits pipe's decimals: its first argument, or `fallback`; a RangeError when out of range. */
function digitsOf(pipe: Pipe, fallback: number): number {
  const error = pipeArgumentError(pipe);
  if (error) throw new RangeError(error.message);
  return Number(pipe.args?.[0] ?? fallback);
}
