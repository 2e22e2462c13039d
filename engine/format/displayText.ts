/** Texts of the display rules (SPEC.md section 5), in one place. */
export const displayText = {
  noData: 'No Data',
  emDash: '\u2014',
  dash: '-',
  million: 'Million',
  millionShort: 'M',
  loading: 'Loading...',
  inactiveSuffix: ' (Inactive)',
  misc: 'Misc.',
} as const;
