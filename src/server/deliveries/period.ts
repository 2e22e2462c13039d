import { type DateRange, type IsoDate, presetRange } from '../../shared/datePresets';
import { zonedClock } from '../../shared/timeZones';

/**
 * The range of a period preset ('Yesterday', 'Prior Week', 'Prior Month'...) for an instant, counted
 * on the calendar of a time zone: at 00:30 on a Monday in Chicago, 'Yesterday' is Sunday there,
 * whatever day it is in UTC or on the server. The comparison period is the preset's own (the day,
 * week or month before).
 */
export function periodAt(preset: string, at: Date, timeZone: string): DateRange {
  return periodOn(preset, zonedClock(at, timeZone).date);
}

/** The range of a period preset for a calendar day taken as today. */
export function periodOn(preset: string, today: IsoDate): DateRange {
  const range = presetRange(preset, today);
  if (!range) throw new Error(`unknown period '${preset}'`);
  return range;
}
