/** Pipes and display rules (SPEC.md section 5). */
export { applyPipe } from './applyPipe';
export { compareNames } from './compareNames';
export { displayText } from './displayText';
export { formatDaysHoursMinutes, formatMinutes, secondsToHours } from './formatDuration';
export {
  formatFixed,
  formatNumber,
  formatPercent,
  formatTileNumber,
  formatTotal,
  toNumber,
} from './formatNumber';
