import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/api/ApiError';
import {
  clockWords,
  lastWords,
  nextWords,
  occurrenceWords,
  ordinal,
  quietWords,
  scheduleWords,
  testRefusedWords,
  thresholdWords,
  whenWords,
  zoneWords,
} from '../../src/client/deliveries/deliveryWords';

describe("the 'Email & alerts' page's words", () => {
  it('says a schedule on the subscriber’s clock, naming their time zone', () => {
    expect(scheduleWords({ frequency: 'weekly', weekday: 1, hour: 8 }, 'America/Chicago')).toBe(
      'Every Monday at 8:00 AM Central Time',
    );
    expect(scheduleWords({ frequency: 'daily', hour: 0 }, 'America/New_York')).toBe(
      'Every day at 12:00 AM Eastern Time',
    );
    expect(scheduleWords({ frequency: 'monthly', monthday: 22, hour: 13 }, 'America/Chicago')).toBe(
      'On the 22nd of every month at 1:00 PM Central Time',
    );
    expect(scheduleWords({ frequency: 'weekly', weekday: 7, hour: 12 }, 'UTC')).toMatch(
      /^Every Sunday at 12:00 PM /,
    );
  });

  it('counts days and hours as people do', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 28].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '28th',
    ]);
    expect([0, 1, 11, 12, 23].map((h) => clockWords(h))).toEqual([
      '12:00 AM',
      '1:00 AM',
      '11:00 AM',
      '12:00 PM',
      '11:00 PM',
    ]);
    expect(quietWords({ start: '22:30', end: '07:00' })).toBe('Quiet from 10:30 PM to 7:00 AM');
  });

  it('tells when a delivery happened on the subscriber’s clock, across the clock change', () => {
    expect(whenWords('2026-11-23T14:00:00Z', 'America/Chicago')).toBe('Mon, Nov 23, 8:00 AM CST');
    expect(whenWords('2026-10-26T13:00:00Z', 'America/Chicago')).toBe('Mon, Oct 26, 8:00 AM CDT');
    expect(whenWords('not a date', 'America/Chicago')).toBe('not a date');
  });

  it('names an unknown time zone by its own name rather than failing', () => {
    expect(zoneWords('Not/AZone')).toBe('Not/AZone');
  });

  it('says why a test send was not made: the wait for too many, else to try again', () => {
    const message = 'Too many test sends. Please wait 42 seconds and try again.';
    expect(testRefusedWords(new ApiError(429, { error: 'Too Many Requests', message }, false, 42))).toEqual({
      color: 'yellow',
      text: message,
    });
    expect(testRefusedWords(new ApiError(429, 'busy', false, 30)).text).toBe(
      'Too many test sends. Please wait 30 seconds and try again.',
    );
    expect(testRefusedWords(new ApiError(503, {}, true))).toEqual({
      color: 'red',
      text: 'The test could not be sent just now. Try again in a moment.',
    });
  });

  it('says when a delivery sent late was due, and nothing more when it went on time or was a test', () => {
    const zone = 'America/Chicago';
    // Caught up six days late (the server was down, or `deliveries run --at`): the history says which one.
    expect(occurrenceWords('digest:2026-11-23T14:00:00.000Z', '2026-11-29T12:07:31.000Z', zone)).toBe(
      '(due Mon, Nov 23, 8:00 AM CST)',
    );
    expect(occurrenceWords('eval:2026-03-08T09:00:00.000Z', '2026-03-08T10:30:00.000Z', zone)).toBe(
      '(due Sun, Mar 8, 4:00 AM CDT)',
    );
    expect(
      occurrenceWords('digest:2026-11-23T14:00:00.000Z', '2026-11-23T14:00:04.000Z', zone),
    ).toBeUndefined();
    expect(occurrenceWords('data:42', '2026-11-23T14:00:04.000Z', zone)).toBe('(on new data)');
    expect(
      occurrenceWords('test:2026-11-29T12:08:13.848Z', '2026-11-29T12:08:14.000Z', zone),
    ).toBeUndefined();
  });

  it("says an alert's thresholds as phrases, the unit after the value", () => {
    expect(thresholdWords('Missed calls above (%)', 25)).toBe('Missed calls above 25%');
    expect(thresholdWords('Only sites with at least (inbound calls)', 10)).toBe(
      'Only sites with at least 10 inbound calls',
    );
    expect(thresholdWords('Average response above (hours)', 4)).toBe('Average response above 4 hours');
    expect(thresholdWords('Items older than 48 hours above', 0)).toBe('Items older than 48 hours above 0');
  });

  it('says when a card sends next and how its last delivery went, on the subscriber’s clock', () => {
    const chicago = 'America/Chicago';
    expect(nextWords({ paused: false, nextAt: '2026-11-30T14:00:00.000Z' }, chicago)).toBe(
      'Next: Mon, Nov 30, 8:00 AM CST',
    );
    // Across the clock change: 8:00 AM is 13:00Z in October, 14:00Z in November.
    expect(nextWords({ paused: false, nextAt: '2026-10-26T13:00:00.000Z' }, chicago)).toBe(
      'Next: Mon, Oct 26, 8:00 AM CDT',
    );
    expect(nextWords({ paused: true, nextAt: null }, chicago)).toBe('Paused');
    expect(nextWords({ paused: false, nextAt: null }, chicago)).toBeUndefined();
    expect(lastWords({ status: 'sent', at: '2026-11-23T14:00:00.000Z' }, chicago)).toBe(
      'Last: sent Mon, Nov 23, 8:00 AM',
    );
    expect(
      lastWords({ status: 'failed', at: '2026-11-23T14:02:00.000Z', reason: 'Connection refused' }, chicago),
    ).toBe('Last: failed Mon, Nov 23, 8:02 AM: Connection refused');
    expect(
      lastWords(
        {
          status: 'skipped',
          at: '2026-11-24T04:00:00.000Z',
          reason: 'Quiet hours (22:00-07:00): told after them',
        },
        chicago,
      ),
    ).toBe('Last: skipped Mon, Nov 23, 10:00 PM: Quiet hours (22:00-07:00): told after them');
    expect(lastWords(null, chicago)).toBe('Last: none yet');
  });
});
