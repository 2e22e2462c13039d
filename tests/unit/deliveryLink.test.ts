import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/client/routes/urlQuery';
import type { Config } from '../../src/server/config';
import { pageLink } from '../../src/server/deliveries/compute';
import { periodAt } from '../../src/server/deliveries/period';
import { customRange, restoreRange } from '../../src/shared/datePresets';
import { filterQuery, readFilterQuery } from '../../src/shared/filterQuery';
import { hostFilter } from '../../src/shared/hostFilter';

const config = { publicUrl: 'https://hawkeye.example.com/' } as Config;
const CHICAGO = 'America/Chicago';
/** Any day the link is opened on: a link's dates do not move with the calendar. */
const opened = new Date('2027-03-15T12:00:00');

/** The global filter the app applies for a link: its query read by the client's own parser. */
function openedFilter(link: string) {
  const url = new URL(link);
  return readFilterQuery(parseQuery(url.search), opened);
}

describe("a digest's link opens the view its figures came from", () => {
  const cases = [
    { preset: 'Yesterday', at: '2026-11-20T14:00:00Z' },
    { preset: 'Prior Week', at: '2026-11-23T14:00:00Z' },
    { preset: 'Prior Month', at: '2026-11-02T14:00:00Z' },
    { preset: 'Prior Month', at: '2027-03-01T14:00:00Z' },
  ];
  for (const { preset, at } of cases)
    it(`${preset} at ${at}: the same current and comparison periods`, () => {
      const range = periodAt(preset, new Date(at), CHICAGO);
      const link = pageLink(config, '/dashboard/caller-behavior', range);
      expect(link.startsWith('https://hawkeye.example.com/dashboard/caller-behavior?')).toBe(true);
      const filter = openedFilter(link);
      expect(filter?.range.currentPeriod).toEqual(range.currentPeriod);
      expect(filter?.range.previousPeriod).toEqual(range.previousPeriod);
      // What the page's sources read ($filter keys), but the period's name, is what the digest asked.
      const { periodLabel: _, ...asked } = hostFilter({ siteIds: [], accountIds: [], dateRange: range });
      const { periodLabel: __, ...shown } = hostFilter({
        siteIds: [],
        accountIds: [],
        dateRange: filter!.range,
      });
      expect(shown).toEqual(asked);
    });

  it("carries October against September, not against the 31 days before, for November's Prior Month", () => {
    const range = periodAt('Prior Month', new Date('2026-11-02T14:00:00Z'), CHICAGO);
    expect(pageLink(config, '/dashboard', range)).toBe(
      'https://hawkeye.example.com/dashboard?period=custom&from=2026-10-01&to=2026-10-31&compare-from=2026-09-01&compare-to=2026-09-30',
    );
  });

  it('keeps the shortest link when the comparison is the span just before (Yesterday, Prior Week)', () => {
    const range = periodAt('Prior Week', new Date('2026-11-23T14:00:00Z'), CHICAGO);
    expect(pageLink(config, '/dashboard', range, [12, 14])).toBe(
      'https://hawkeye.example.com/dashboard?period=custom&from=2026-11-16&to=2026-11-22&sites=12%2C14',
    );
  });
});

describe('a custom range with its own comparison period', () => {
  const range = customRange('2026-02-01', '2026-02-28', { start: '2026-01-01', end: '2026-01-31' });

  it('goes into the URL and back', () => {
    const query = filterQuery({ range, siteIds: [], accountIds: [] }, { siteCount: 9, accountCount: 3 });
    expect(query).toMatchObject({ 'compare-from': '2026-01-01', 'compare-to': '2026-01-31' });
    const search = new URLSearchParams(
      Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
    );
    expect(readFilterQuery(parseQuery(`?${search}`), opened)?.range).toEqual(range);
  });

  it('is kept by the session storage as applied', () => {
    expect(restoreRange(JSON.parse(JSON.stringify(range)), opened)).toEqual(range);
  });

  it('reads a comparison that is not two dates as the span just before', () => {
    expect(
      readFilterQuery(
        parseQuery('?period=custom&from=2026-02-01&to=2026-02-28&compare-from=2026-01-01&compare-to=soon'),
        opened,
      )?.range,
    ).toEqual(customRange('2026-02-01', '2026-02-28'));
  });
});
