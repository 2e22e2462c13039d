import { describe, expect, it } from 'vitest';
import { periodAt } from '../../src/server/deliveries/period';
import { isTimeZone, zonedClock } from '../../src/shared/timeZones';

const CHICAGO = 'America/Chicago';

// A digest's period is counted on its recipient's calendar: what day 'yesterday' is depends on the
// zone's offset at that instant, which changes at the clock changes.
describe('a digest period in the recipient time zone', () => {
  it("is Chicago's yesterday at 00:30 in Chicago the night after the spring clock change (2026-03-08)", () => {
    // 05:30 UTC on March 9 is 00:30 CDT (UTC-5); at the winter offset it would still be March 8.
    const range = periodAt('Yesterday', new Date('2026-03-09T05:30:00Z'), CHICAGO);
    expect(range.currentPeriod).toEqual({ start: '2026-03-08', end: '2026-03-08' });
    expect(range.previousPeriod).toEqual({ start: '2026-03-07', end: '2026-03-07' });
  });

  it('is still March 8 at 23:30 CDT that day, one UTC hour earlier', () => {
    const range = periodAt('Yesterday', new Date('2026-03-09T04:30:00Z'), CHICAGO);
    expect(range.currentPeriod).toEqual({ start: '2026-03-07', end: '2026-03-07' });
  });

  it('is October 31 at 23:30 CST on November 1 (the fall clock change), though UTC says November 2', () => {
    // 05:30 UTC on November 2 is 23:30 CST (UTC-6) on November 1; at the summer offset it would be
    // 00:30 on November 2 and 'yesterday' November 1.
    const range = periodAt('Yesterday', new Date('2026-11-02T05:30:00Z'), CHICAGO);
    expect(range.currentPeriod).toEqual({ start: '2026-10-31', end: '2026-10-31' });
  });

  it('is November 1 at 00:30 CST on November 2', () => {
    const range = periodAt('Yesterday', new Date('2026-11-02T06:30:00Z'), CHICAGO);
    expect(range.currentPeriod).toEqual({ start: '2026-11-01', end: '2026-11-01' });
  });

  it('differs between zones at one instant', () => {
    const at = new Date('2026-11-23T07:30:00Z'); // 01:30 Monday in Chicago, 23:30 Sunday in Los Angeles
    expect(periodAt('Prior Week', at, CHICAGO).currentPeriod).toEqual({
      start: '2026-11-16',
      end: '2026-11-22',
    });
    expect(periodAt('Prior Week', at, 'America/Los_Angeles').currentPeriod).toEqual({
      start: '2026-11-09',
      end: '2026-11-15',
    });
  });

  it("gives manager's weekly digest on Monday 2026-11-23 08:00 in Chicago the week of November 16 to 22", () => {
    const range = periodAt('Prior Week', new Date('2026-11-23T14:00:00Z'), CHICAGO);
    expect(range.currentPeriod).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(range.previousPeriod).toEqual({ start: '2026-11-09', end: '2026-11-15' });
  });

  it('gives the calendar month before for Prior Month, across a year end', () => {
    const range = periodAt('Prior Month', new Date('2027-01-01T07:00:00Z'), CHICAGO);
    expect(range.currentPeriod).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(range.previousPeriod).toEqual({ start: '2026-11-01', end: '2026-11-30' });
  });
});

describe('time zone names', () => {
  it('takes IANA names and UTC, and refuses abbreviations and unknown places', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('CST')).toBe(false);
    expect(isTimeZone('America/Atlantis')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it("reads an instant's wall clock in a zone across the spring change", () => {
    expect(zonedClock(new Date('2026-03-08T07:59:00Z'), CHICAGO).text).toBe('2026-03-08T01:59:00');
    expect(zonedClock(new Date('2026-03-08T08:00:00Z'), CHICAGO).text).toBe('2026-03-08T03:00:00');
  });
});
