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
  /**
   * The portfolio of a national operator, for benchmarks only: about 100 million communications over
   * 3,000 sites (busier ones: ten times the large scale's rows in any period). Seeded once into a
   * kept DATA_DIR (docs/benchmarks.md), never by the tests.
   */
  xlarge: { accounts: 50, sites: 3000, employeesPerSite: 6.7, months: 18, commsPerSiteDay: 61 },
} as const satisfies Record<string, Scale>;

export type ScaleName = keyof typeof SCALES;

export function isScaleName(s: string): s is ScaleName {
  return Object.hasOwn(SCALES, s);
}

/** The scale names for a usage message: 'small, demo, large or xlarge'. */
export const SCALE_NAMES = (() => {
  const names = Object.keys(SCALES);
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
})();
