import { describe, expect, it } from 'vitest';
import {
  customRange,
  defaultRange,
  formatPeriod,
  PRESET_LABELS,
  presetRange,
  rangeFromDates,
  restoreRange,
} from '../../src/shared/datePresets';

function periods(label: string, today: string) {
  const r = presetRange(label, today);
  if (!r) throw new Error(`no preset ${label}`);
  return [r.currentPeriod.start, r.currentPeriod.end, r.previousPeriod.start, r.previousPeriod.end];
}

describe('date presets', () => {
  it('lists the presets in menu order', () => {
    expect(PRESET_LABELS).toEqual([
      'Yesterday',
      'Prior Week',
      'Last 30 Days',
      'Last 60 Days',
      'Last 90 Days',
      'Prior Month',
      'Prior Quarter',
      'Prior Year',
      'Year To Date',
    ]);
  });

  it('Yesterday compares with the day before, across a leap day and a year end', () => {
    expect(periods('Yesterday', '2024-03-01')).toEqual([
      '2024-02-29',
      '2024-02-29',
      '2024-02-28',
      '2024-02-28',
    ]);
    expect(periods('Yesterday', '2025-01-01')).toEqual([
      '2024-12-31',
      '2024-12-31',
      '2024-12-30',
      '2024-12-30',
    ]);
  });

  it('Prior Week is the previous ISO week (Monday to Sunday) compared with the week before', () => {
    // 2024-01-01 is a Monday: the prior week is the last week of 2023.
    expect(periods('Prior Week', '2024-01-01')).toEqual([
      '2023-12-25',
      '2023-12-31',
      '2023-12-18',
      '2023-12-24',
    ]);
    // A Sunday still belongs to the ISO week that began on the Monday before.
    expect(periods('Prior Week', '2023-12-31')).toEqual([
      '2023-12-18',
      '2023-12-24',
      '2023-12-11',
      '2023-12-17',
    ]);
    // ISO week 1 of 2021 starts on 2021-01-04; a Wednesday in it.
    expect(periods('Prior Week', '2021-01-06')).toEqual([
      '2020-12-28',
      '2021-01-03',
      '2020-12-21',
      '2020-12-27',
    ]);
  });

  it('Last 30, 60 and 90 Days end today and compare with the same number of days before', () => {
    expect(periods('Last 30 Days', '2024-03-01')).toEqual([
      '2024-02-01',
      '2024-03-01',
      '2024-01-02',
      '2024-01-31',
    ]);
    expect(periods('Last 60 Days', '2024-03-01')).toEqual([
      '2024-01-02',
      '2024-03-01',
      '2023-11-03',
      '2024-01-01',
    ]);
    expect(periods('Last 90 Days', '2023-03-31')).toEqual([
      '2023-01-01',
      '2023-03-31',
      '2022-10-03',
      '2022-12-31',
    ]);
  });

  it('Prior Month is the whole previous month, including February in leap and common years', () => {
    expect(periods('Prior Month', '2024-03-31')).toEqual([
      '2024-02-01',
      '2024-02-29',
      '2024-01-01',
      '2024-01-31',
    ]);
    expect(periods('Prior Month', '2023-03-15')).toEqual([
      '2023-02-01',
      '2023-02-28',
      '2023-01-01',
      '2023-01-31',
    ]);
    expect(periods('Prior Month', '2024-01-31')).toEqual([
      '2023-12-01',
      '2023-12-31',
      '2023-11-01',
      '2023-11-30',
    ]);
    expect(periods('Prior Month', '2024-04-30')).toEqual([
      '2024-03-01',
      '2024-03-31',
      '2024-02-01',
      '2024-02-29',
    ]);
  });

  it('Prior Quarter is the previous calendar quarter compared with the one before', () => {
    expect(periods('Prior Quarter', '2024-05-15')).toEqual([
      '2024-01-01',
      '2024-03-31',
      '2023-10-01',
      '2023-12-31',
    ]);
    expect(periods('Prior Quarter', '2024-01-10')).toEqual([
      '2023-10-01',
      '2023-12-31',
      '2023-07-01',
      '2023-09-30',
    ]);
    expect(periods('Prior Quarter', '2024-07-01')).toEqual([
      '2024-04-01',
      '2024-06-30',
      '2024-01-01',
      '2024-03-31',
    ]);
  });

  it('Prior Year is the previous calendar year compared with the one before', () => {
    expect(periods('Prior Year', '2024-06-15')).toEqual([
      '2023-01-01',
      '2023-12-31',
      '2022-01-01',
      '2022-12-31',
    ]);
    expect(periods('Prior Year', '2021-01-01')).toEqual([
      '2020-01-01',
      '2020-12-31',
      '2019-01-01',
      '2019-12-31',
    ]);
  });

  it('Year To Date runs from January 1 to today and compares with the whole prior year', () => {
    expect(periods('Year To Date', '2024-02-29')).toEqual([
      '2024-01-01',
      '2024-02-29',
      '2023-01-01',
      '2023-12-31',
    ]);
    expect(periods('Year To Date', '2024-01-01')).toEqual([
      '2024-01-01',
      '2024-01-01',
      '2023-01-01',
      '2023-12-31',
    ]);
  });

  it('the default range is Last 30 Days', () => {
    expect(defaultRange('2024-03-01')).toEqual(presetRange('Last 30 Days', '2024-03-01'));
  });

  it('an unknown calendar range becomes Custom compared with the same-length span before it', () => {
    expect(customRange('2024-02-27', '2024-03-01')).toEqual({
      label: 'Custom',
      currentPeriod: { start: '2024-02-27', end: '2024-03-01' },
      previousPeriod: { start: '2024-02-23', end: '2024-02-26' },
    });
    expect(customRange('2024-03-01', '2024-03-01').previousPeriod).toEqual({
      start: '2024-02-29',
      end: '2024-02-29',
    });
    expect(rangeFromDates('2024-03-05', '2024-03-01', '2024-03-10').currentPeriod).toEqual({
      start: '2024-03-01',
      end: '2024-03-05',
    });
  });

  it('a calendar range equal to a preset takes the preset label', () => {
    expect(rangeFromDates('2024-02-01', '2024-02-29', '2024-03-10').label).toBe('Prior Month');
  });

  it('restores Custom from its dates and presets by label for today', () => {
    const stored = {
      label: 'Last 30 Days',
      currentPeriod: { start: '2000-01-01', end: '2000-01-30' },
      previousPeriod: { start: '1999-12-02', end: '1999-12-31' },
    };
    expect(restoreRange(stored, '2024-03-01')).toEqual(presetRange('Last 30 Days', '2024-03-01'));
    expect(
      restoreRange({ label: 'Custom', currentPeriod: { start: '2024-01-01', end: '2024-01-10' } }),
    ).toEqual(customRange('2024-01-01', '2024-01-10'));
    expect(
      restoreRange({ label: 'Custom', currentPeriod: { start: 'x', end: '2024-01-10' } }),
    ).toBeUndefined();
    expect(restoreRange({ label: 'Next Century' })).toBeUndefined();
    expect(restoreRange(null)).toBeUndefined();
  });

  it('formats periods as MM/DD/YYYY', () => {
    expect(formatPeriod({ start: '2024-02-01', end: '2024-02-29' })).toBe('02/01/2024 - 02/29/2024');
  });
});
