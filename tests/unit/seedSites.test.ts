import { describe, expect, it } from 'vitest';
import { generate } from '../../src/server/seed/generate';
import { SITE_FIRST, SITE_PATTERNS, SITE_SECOND } from '../../src/server/seed/names';
import { SCALES } from '../../src/server/seed/scales';

const AS_OF = new Date('2026-11-20T19:00:00Z');

/** The site rows of a scale: the generator is lazy, so nothing past the sites is made. */
function siteNames(sites: number, seed = 1): string[] {
  for (const batch of generate({ scale: { ...SCALES.small, sites }, seed, asOf: AS_OF })) {
    if (batch.table === 'sites') return batch.rows.map((r) => r[2] as string);
  }
  throw new Error('no sites batch');
}

describe('seeded site names', () => {
  const combinations = SITE_PATTERNS.length * SITE_FIRST.length * SITE_SECOND.length;

  it('a portfolio with more sites than name combinations still gets one name per site', () => {
    // The xlarge scale (3,000 sites) has more sites than patterns times words: the generator used to
    // draw forever once every combination was taken.
    const sites = combinations + 300;
    expect(SCALES.xlarge.sites).toBeGreaterThan(combinations);
    const names = siteNames(sites);
    expect(names).toHaveLength(sites);
    expect(new Set(names).size).toBe(sites);
    expect(names.filter((n) => / \d+$/.test(n)).length).toBeGreaterThanOrEqual(300);
  });

  it('a smaller portfolio keeps plain names, the same for the same seed', () => {
    const names = siteNames(SCALES.large.sites);
    expect(names.every((n) => !/ \d+$/.test(n))).toBe(true);
    expect(siteNames(SCALES.large.sites)).toEqual(names);
  });
});
