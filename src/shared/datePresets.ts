import dayjs, { type Dayjs } from 'dayjs';

/** A calendar date as 'YYYY-MM-DD' (no time, no zone): the form Mantine dates and the stored filter use. */
export type IsoDate = string;

/** An inclusive span of whole days. */
export interface Period {
  start: IsoDate;
  end: IsoDate;
}

/** A period with its comparison period (SPEC.md section 3, 'Date range'). */
export interface DateRange {
  label: string;
  currentPeriod: Period;
  previousPeriod: Period;
}

/** The label of a range picked from the calendar rather than from the preset list. */
export const CUSTOM_LABEL = 'Custom';

/** The default period (SPEC.md section 9). */
export const DEFAULT_PRESET_LABEL = 'Last 30 Days';

/** Display format of dates in the filter bar (SPEC.md section 9). */
export const DISPLAY_DATE_FORMAT = 'MM/DD/YYYY';

const ISO = 'YYYY-MM-DD';

function iso(d: Dayjs): IsoDate {
  return d.format(ISO);
}

function period(start: Dayjs, end: Dayjs): Period {
  return { start: iso(start), end: iso(end) };
}

/** The last `days` days ending today, compared with the `days` days before them. */
function lastDays(today: Dayjs, days: number): [Period, Period] {
  const start = today.subtract(days - 1, 'day');
  return [period(start, today), period(start.subtract(days, 'day'), start.subtract(1, 'day'))];
}

/** Monday of the ISO week holding `d`. */
function isoWeekStart(d: Dayjs): Dayjs {
  return d.subtract((d.day() + 6) % 7, 'day');
}

function quarterStart(d: Dayjs): Dayjs {
  return d.startOf('month').month(Math.floor(d.month() / 3) * 3);
}

type PresetRule = (today: Dayjs) => [Period, Period];

/** Every preset, in menu order, with how its current and comparison periods follow from today. */
const PRESET_RULES: ReadonlyArray<readonly [string, PresetRule]> = [
  [
    'Yesterday',
    (t) => {
      const y = t.subtract(1, 'day');
      return [period(y, y), period(y.subtract(1, 'day'), y.subtract(1, 'day'))];
    },
  ],
  [
    'Prior Week',
    (t) => {
      const start = isoWeekStart(t).subtract(1, 'week');
      const prev = start.subtract(1, 'week');
      return [period(start, start.add(6, 'day')), period(prev, prev.add(6, 'day'))];
    },
  ],
  ['Last 30 Days', (t) => lastDays(t, 30)],
  ['Last 60 Days', (t) => lastDays(t, 60)],
  ['Last 90 Days', (t) => lastDays(t, 90)],
  [
    'Prior Month',
    (t) => {
      const start = t.startOf('month').subtract(1, 'month');
      const prev = start.subtract(1, 'month');
      return [period(start, start.endOf('month')), period(prev, prev.endOf('month'))];
    },
  ],
  [
    'Prior Quarter',
    (t) => {
      const start = quarterStart(t).subtract(3, 'month');
      const prev = start.subtract(3, 'month');
      return [
        period(start, start.add(2, 'month').endOf('month')),
        period(prev, prev.add(2, 'month').endOf('month')),
      ];
    },
  ],
  [
    'Prior Year',
    (t) => {
      const start = t.startOf('year').subtract(1, 'year');
      const prev = start.subtract(1, 'year');
      return [period(start, start.endOf('year')), period(prev, prev.endOf('year'))];
    },
  ],
  [
    'Year To Date',
    (t) => {
      const prev = t.startOf('year').subtract(1, 'year');
      return [period(t.startOf('year'), t), period(prev, prev.endOf('year'))];
    },
  ],
];

/** The preset labels in menu order. */
export const PRESET_LABELS: readonly string[] = PRESET_RULES.map(([label]) => label);

function toDay(today: Date | IsoDate): Dayjs {
  return dayjs(today).startOf('day');
}

/** Every preset evaluated for `today` (a Date in local time, or an ISO date). */
export function presetRanges(today: Date | IsoDate = new Date()): DateRange[] {
  const t = toDay(today);
  return PRESET_RULES.map(([label, rule]) => {
    const [currentPeriod, previousPeriod] = rule(t);
    return { label, currentPeriod, previousPeriod };
  });
}

/** The preset called `label` for `today`, or undefined for an unknown label. */
export function presetRange(label: string, today: Date | IsoDate = new Date()): DateRange | undefined {
  return presetRanges(today).find((r) => r.label === label);
}

/** The default range ('Last 30 Days') for `today`. */
export function defaultRange(today: Date | IsoDate = new Date()): DateRange {
  return presetRange(DEFAULT_PRESET_LABEL, today)!;
}

/**
 * A range picked on the calendar: the preset whose current period it equals, otherwise 'Custom'
 * compared with the same-length span immediately before its start.
 */
export function rangeFromDates(start: IsoDate, end: IsoDate, today: Date | IsoDate = new Date()): DateRange {
  const [a, b] = start <= end ? [start, end] : [end, start];
  const preset = presetRanges(today).find((r) => r.currentPeriod.start === a && r.currentPeriod.end === b);
  return preset ?? customRange(a, b);
}

/**
 * A 'Custom' range compared with `compare` when given (a preset's comparison kept with its dates:
 * a month against the calendar month before), otherwise with the same-length span immediately before
 * its start.
 */
export function customRange(start: IsoDate, end: IsoDate, compare?: Period): DateRange {
  const s = dayjs(start);
  const e = dayjs(end);
  const days = e.diff(s, 'day') + 1;
  return {
    label: CUSTOM_LABEL,
    currentPeriod: period(s, e),
    previousPeriod: compare
      ? period(dayjs(compare.start), dayjs(compare.end))
      : period(s.subtract(days, 'day'), s.subtract(1, 'day')),
  };
}

/**
 * Rebuilds a stored range for today: 'Custom' from its stored start and end (and its comparison
 * period, when that is two dates), a preset by its label (so 'Last 30 Days' moves with the
 * calendar); undefined when the stored value is unusable.
 */
export function restoreRange(stored: unknown, today: Date | IsoDate = new Date()): DateRange | undefined {
  if (!stored || typeof stored !== 'object') return undefined;
  const r = stored as Partial<DateRange>;
  if (r.label === CUSTOM_LABEL) {
    const { currentPeriod: current, previousPeriod: compare } = r;
    if (!isPeriod(current)) return undefined;
    return customRange(
      current.start,
      current.end,
      isPeriod(compare) && compare.start <= compare.end ? compare : undefined,
    );
  }
  return typeof r.label === 'string' ? presetRange(r.label, today) : undefined;
}

/** Whether a stored value is a period: a start and an end that are valid dates. */
function isPeriod(p: unknown): p is Period {
  const { start, end } = (p ?? {}) as Partial<Record<keyof Period, unknown>>;
  return typeof start === 'string' && typeof end === 'string' && isIsoDate(start) && isIsoDate(end);
}

/** True for a valid 'YYYY-MM-DD' date. */
export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).format(ISO) === value;
}

/** 'MM/DD/YYYY' for an ISO date. */
export function formatDisplayDate(value: IsoDate): string {
  return dayjs(value).format(DISPLAY_DATE_FORMAT);
}

/** 'MM/DD/YYYY - MM/DD/YYYY' for a period. */
export function formatPeriod(p: Period): string {
  return `${formatDisplayDate(p.start)} - ${formatDisplayDate(p.end)}`;
}
