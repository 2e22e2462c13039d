import {
  CUSTOM_LABEL,
  customRange,
  type DateRange,
  defaultRange,
  isIsoDate,
  PRESET_LABELS,
  presetRange,
} from './datePresets';

/** A URL's query parameters by name (the client's parseQuery, src/client/routes/urlQuery.ts). */
type UrlQuery = Readonly<Record<string, string>>;

/**
 * The global filter's names in a page URL: '?period=last-30-days&accounts=1&sites=12,14', or a
 * custom range '?period=custom&from=2026-10-01&to=2026-10-31', with its comparison period when that
 * is not the same-length span before it ('&compare-from=2026-09-01&compare-to=2026-09-30': a
 * digest's 'Prior Month' against the calendar month before). Page definitions may not share a param
 * under these names (schemas/dashboard/page.schema.json refuses them).
 */
export const FILTER_QUERY_NAMES = [
  'period',
  'from',
  'to',
  'compare-from',
  'compare-to',
  'accounts',
  'sites',
] as const;

/** The global filter as a URL gives it; a part it leaves out is undefined (all sites, all accounts). */
export interface FilterFromUrl {
  range: DateRange;
  siteIds?: number[];
  accountIds?: number[];
}

/** 'Last 30 Days' ↔ 'last-30-days'. */
const slug = (label: string) => label.toLowerCase().replace(/\s+/g, '-');

function ids(text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const list = text
    .split(',')
    .filter((t) => t.trim() !== '')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return list.length ? list : undefined;
}

/**
 * The global filter a URL carries, or undefined when it carries none of its names (then the stored
 * filter applies, SPEC.md section 3). A range it cannot read is the default range.
 */
export function readFilterQuery(query: UrlQuery, today: Date = new Date()): FilterFromUrl | undefined {
  if (!FILTER_QUERY_NAMES.some((name) => query[name] !== undefined)) return undefined;
  const { period, from, to } = query;
  let range: DateRange | undefined;
  if (
    (period === undefined || period === slug(CUSTOM_LABEL)) &&
    from &&
    to &&
    isIsoDate(from) &&
    isIsoDate(to)
  ) {
    const [a, b] = [query['compare-from'], query['compare-to']];
    const compare =
      a && b && isIsoDate(a) && isIsoDate(b)
        ? a <= b
          ? { start: a, end: b }
          : { start: b, end: a }
        : undefined;
    range = from <= to ? customRange(from, to, compare) : customRange(to, from, compare);
  } else {
    const label = PRESET_LABELS.find((l) => slug(l) === period);
    range = label ? presetRange(label, today) : undefined;
  }
  return { range: range ?? defaultRange(today), siteIds: ids(query.sites), accountIds: ids(query.accounts) };
}

/**
 * The URL names of an applied filter: the period always, a custom range's comparison period only
 * when it is not the same-length span before it, accounts and sites only when not all of them are
 * selected (the shortest link that means the same).
 */
export function filterQuery(
  f: { range: DateRange; siteIds: readonly number[]; accountIds: readonly number[] },
  all: { siteCount: number; accountCount: number },
): Record<(typeof FILTER_QUERY_NAMES)[number], string | undefined> {
  const custom = f.range.label === CUSTOM_LABEL;
  const { currentPeriod, previousPeriod } = f.range;
  const usual = customRange(currentPeriod.start, currentPeriod.end).previousPeriod;
  const compared = custom && (previousPeriod.start !== usual.start || previousPeriod.end !== usual.end);
  const every = (list: readonly number[], count: number) => list.length === 0 || list.length >= count;
  return {
    period: slug(f.range.label),
    from: custom ? currentPeriod.start : undefined,
    to: custom ? currentPeriod.end : undefined,
    'compare-from': compared ? previousPeriod.start : undefined,
    'compare-to': compared ? previousPeriod.end : undefined,
    accounts: every(f.accountIds, all.accountCount) ? undefined : f.accountIds.join(','),
    sites: every(f.siteIds, all.siteCount) ? undefined : f.siteIds.join(','),
  };
}

/** A text that is equal for two queries exactly when they carry the same filter. */
export function filterQueryKey(query: UrlQuery): string {
  return JSON.stringify(FILTER_QUERY_NAMES.map((name) => query[name] ?? null));
}
