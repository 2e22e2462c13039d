/** How much demo data a seed makes. */
export interface Scale {
  accounts: number;
  sites: number;
  employeesPerSite: number;
  months: number;
  /** Average communications per site per day before season and weekday factors. */
  commsPerSiteDay: number;
}

export const SCALES = {
  /** For tests: a few seconds of work, enough rows for stable proportions. */
  small: { accounts: 3, sites: 9, employeesPerSite: 6, months: 6, commsPerSiteDay: 30 },
  /** The demo of `npm start`: about 60 sites, 400 employees, 1 million communications over 18 months. */
  demo: { accounts: 3, sites: 60, employeesPerSite: 6.7, months: 18, commsPerSiteDay: 30.5 },
  /** For benchmarks: about 10 million communications. */
  large: { accounts: 10, sites: 600, employeesPerSite: 6.7, months: 18, commsPerSiteDay: 30.5 },
} as const satisfies Record<string, Scale>;

export type ScaleName = keyof typeof SCALES;

export function isScaleName(s: string): s is ScaleName {
  return s in SCALES;
}
