import { describe, expect, it } from 'vitest';
import {
  ALERT_EVALUATION_PATTERN,
  cronPattern,
  inQuietHours,
  instantOfWallClock,
  latestOccurrence,
  nextOccurrence,
  nextSend,
} from '../../src/server/deliveries/schedule';

const CHICAGO = 'America/Chicago';
const at = (iso: string) => new Date(iso);
const latest = (pattern: string, when: string, from?: string) =>
  latestOccurrence(pattern, CHICAGO, at(when), from ? at(from) : undefined)?.toISOString();

describe('digest schedules in the recipient’s time zone', () => {
  it('writes each frequency as a cron pattern (weekday 7 is Sunday)', () => {
    expect(cronPattern({ frequency: 'daily', hour: 7 })).toBe('0 7 * * *');
    expect(cronPattern({ frequency: 'weekly', hour: 8, weekday: 1 })).toBe('0 8 * * 1');
    expect(cronPattern({ frequency: 'weekly', hour: 8, weekday: 7 })).toBe('0 8 * * 0');
    expect(cronPattern({ frequency: 'monthly', hour: 6, monthday: 28 })).toBe('0 6 28 * *');
  });

  it('finds Monday 08:00 in Chicago as the latest weekly occurrence, the run at that minute included', () => {
    const weekly = cronPattern({ frequency: 'weekly', hour: 8, weekday: 1 });
    expect(latest(weekly, '2026-11-23T14:00:00Z')).toBe('2026-11-23T14:00:00.000Z');
    expect(latest(weekly, '2026-11-23T13:59:59Z')).toBe('2026-11-16T14:00:00.000Z');
    // After downtime only the latest occurrence is due.
    expect(latest(weekly, '2026-12-09T00:00:00Z')).toBe('2026-12-07T14:00:00.000Z');
    // Nothing before the subscription started.
    expect(latest(weekly, '2026-11-23T13:00:00Z', '2026-11-20T19:00:00Z')).toBeUndefined();
  });

  it('keeps 08:00 local across the 2026-03-08 spring-forward: 14:00 UTC before, 13:00 UTC after', () => {
    const daily = cronPattern({ frequency: 'daily', hour: 8 });
    expect(latest(daily, '2026-03-07T20:00:00Z')).toBe('2026-03-07T14:00:00.000Z');
    expect(latest(daily, '2026-03-08T20:00:00Z')).toBe('2026-03-08T13:00:00.000Z');
    expect(nextOccurrence(daily, CHICAGO, at('2026-03-07T14:00:00Z'))?.toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
  });

  it('sends a digest set for the skipped 02:00 on 2026-03-08 at 03:00 that day, once', () => {
    const daily2 = cronPattern({ frequency: 'daily', hour: 2 });
    expect(nextOccurrence(daily2, CHICAGO, at('2026-03-07T09:00:00Z'))?.toISOString()).toBe(
      '2026-03-08T08:00:00.000Z',
    );
    expect(nextOccurrence(daily2, CHICAGO, at('2026-03-08T08:00:00Z'))?.toISOString()).toBe(
      '2026-03-09T07:00:00.000Z',
    );
  });

  it('sends a digest set for the repeated 01:00 on 2026-11-01 once, at its first occurrence', () => {
    const daily1 = cronPattern({ frequency: 'daily', hour: 1 });
    expect(latest(daily1, '2026-11-01T06:30:00Z')).toBe('2026-11-01T06:00:00.000Z');
    // The second 01:00 (07:00 UTC) is not another occurrence.
    expect(latest(daily1, '2026-11-01T07:30:00Z')).toBe('2026-11-01T06:00:00.000Z');
    expect(nextOccurrence(daily1, CHICAGO, at('2026-11-01T06:00:00Z'))?.toISOString()).toBe(
      '2026-11-02T07:00:00.000Z',
    );
    const daily8 = cronPattern({ frequency: 'daily', hour: 8 });
    expect(latest(daily8, '2026-11-01T20:00:00Z')).toBe('2026-11-01T14:00:00.000Z');
    expect(latest(daily8, '2026-10-31T20:00:00Z')).toBe('2026-10-31T13:00:00.000Z');
  });

  it('evaluates alerts on the hour, and the fall-back hour twice (two distinct hours)', () => {
    expect(latest(ALERT_EVALUATION_PATTERN, '2026-11-01T06:59:00Z')).toBe('2026-11-01T06:00:00.000Z');
    expect(latest(ALERT_EVALUATION_PATTERN, '2026-11-01T07:59:00Z')).toBe('2026-11-01T07:00:00.000Z');
  });
});

describe('wall-clock times and quiet hours', () => {
  it('reads a wall-clock --at in the subscriber’s zone, a skipped time as the same time after the gap', () => {
    const wall = (iso: string) => instantOfWallClock(at(`${iso}Z`), CHICAGO).toISOString();
    expect(wall('2026-11-23T08:00:00')).toBe('2026-11-23T14:00:00.000Z');
    expect(wall('2026-07-01T08:00:00')).toBe('2026-07-01T13:00:00.000Z');
    expect(wall('2026-03-08T02:30:00')).toBe('2026-03-08T08:30:00.000Z');
    expect(instantOfWallClock(at('2026-11-23T08:00:00Z'), 'Europe/London').toISOString()).toBe(
      '2026-11-23T08:00:00.000Z',
    );
  });

  it('holds quiet hours in the user’s zone, across midnight, end excluded', () => {
    const quiet = { start: '22:00', end: '07:00' };
    expect(inQuietHours(quiet, at('2026-11-24T04:30:00Z'), CHICAGO)).toBe(true); // 22:30
    expect(inQuietHours(quiet, at('2026-11-24T12:59:00Z'), CHICAGO)).toBe(true); // 06:59
    expect(inQuietHours(quiet, at('2026-11-24T13:00:00Z'), CHICAGO)).toBe(false); // 07:00
    expect(inQuietHours(quiet, at('2026-11-24T20:00:00Z'), CHICAGO)).toBe(false); // 14:00
    expect(inQuietHours({ start: '12:00', end: '13:00' }, at('2026-11-24T18:30:00Z'), CHICAGO)).toBe(true);
    expect(inQuietHours(null, at('2026-11-24T04:30:00Z'), CHICAGO)).toBe(false);
  });
});

describe('when a subscription sends next', () => {
  const weekly = {
    kind: 'digest' as const,
    schedule: { frequency: 'weekly' as const, hour: 8, weekday: 1 },
    quietHours: null,
    paused: false,
  };
  const next = (s: Parameters<typeof nextSend>[0], now: string, startsAt?: string) =>
    nextSend(s, CHICAGO, at(now), startsAt ? at(startsAt) : undefined)?.toISOString() ?? null;

  it('is the next Monday 08:00 in Chicago, across the autumn clock change, and null when paused', () => {
    // Wednesday, Oct 28 (CDT, UTC-5): the next Monday is after Nov 1, in CST (UTC-6).
    expect(next(weekly, '2026-10-28T17:00:00Z')).toBe('2026-11-02T14:00:00.000Z');
    expect(next(weekly, '2026-10-20T17:00:00Z')).toBe('2026-10-26T13:00:00.000Z');
    // At the very minute it is due, the next is a week on.
    expect(next(weekly, '2026-11-23T14:00:00Z')).toBe('2026-11-30T14:00:00.000Z');
    expect(next({ ...weekly, paused: true }, '2026-10-28T17:00:00Z')).toBeNull();
  });

  it('is not before the subscription starts', () => {
    expect(next(weekly, '2026-10-28T17:00:00Z', '2026-11-20T19:00:00Z')).toBe('2026-11-23T14:00:00.000Z');
    expect(next(weekly, '2026-10-28T17:00:00Z', '2026-11-23T14:00:00Z')).toBe('2026-11-23T14:00:00.000Z');
  });

  it('is an alert’s next hourly evaluation', () => {
    const alert = { kind: 'alert' as const, schedule: null, quietHours: null, paused: false };
    expect(next(alert, '2026-11-24T15:20:00Z')).toBe('2026-11-24T16:00:00.000Z');
  });

  it('waits for the end of quiet hours, as the runner defers', () => {
    const quiet = { ...weekly, quietHours: { start: '07:00', end: '09:30' } };
    // Monday 08:00 falls in 07:00-09:30: it goes at 09:30 (15:30Z).
    expect(next(quiet, '2026-11-20T19:00:00Z')).toBe('2026-11-23T15:30:00.000Z');
    // During the quiet hours after 08:00, the held digest still goes at 09:30.
    expect(next(quiet, '2026-11-23T14:30:00Z')).toBe('2026-11-23T15:30:00.000Z');
    // Quiet hours across midnight, an occurrence outside them: as scheduled.
    expect(next({ ...weekly, quietHours: { start: '22:00', end: '07:00' } }, '2026-11-20T19:00:00Z')).toBe(
      '2026-11-23T14:00:00.000Z',
    );
    // An alert's evaluations in quiet hours tell nothing: the first one at or after their end.
    const alert = { kind: 'alert' as const, schedule: null, paused: false };
    expect(next({ ...alert, quietHours: { start: '22:00', end: '07:00' } }, '2026-11-24T04:10:00Z')).toBe(
      '2026-11-24T13:00:00.000Z',
    );
    expect(next({ ...alert, quietHours: { start: '22:00', end: '07:30' } }, '2026-11-24T04:10:00Z')).toBe(
      '2026-11-24T14:00:00.000Z',
    );
  });
});
