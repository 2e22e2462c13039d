/** The applied filter's period as a file name says it: its label and its dates ('Custom 2026-10-01 to 2026-10-31'). */
export function periodText(filter: Readonly<Record<string, unknown>>): string {
  return [filter.periodLabel, filter.startDate && `${filter.startDate} to ${filter.endDate}`]
    .filter(Boolean)
    .join(' ');
}
