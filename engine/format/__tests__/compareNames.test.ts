import { describe, expect, it } from 'vitest';
import { Random } from '../../../src/server/seed/random';
import { compareNames } from '../compareNames';

/*
 * compareNames orders names as Intl.Collator('en', { sensitivity: 'base' }) does, without loading
 * ICU in the page for ASCII names. Intl is the oracle: every pair is compared both ways.
 */
const intl = new Intl.Collator('en', { sensitivity: 'base' });

const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

describe('compareNames orders names as the en collator at base strength does', () => {
  it('every printable ASCII character against every other, and each against itself in the other case', () => {
    for (const x of ASCII)
      for (const y of ASCII) expect(`${x}${y} ${compareNames(x, y)}`).toBe(`${x}${y} ${intl.compare(x, y)}`);
  });

  it('on 30,000 random pairs of names built from few characters, so most share a prefix (seeded)', () => {
    const random = new Random(20261129);
    const next = () => random.next();
    // Letters in both cases, digits, spaces and the punctuation site names carry.
    const pool = "aAbBzZ09 -_.,#&'()/";
    const name = () =>
      Array.from({ length: Math.floor(next() * 6) }, () => pool[Math.floor(next() * pool.length)]).join('');
    const wrong: string[] = [];
    for (let i = 0; i < 30_000; i++) {
      const [a, b] = [name(), name()];
      if (compareNames(a, b) !== intl.compare(a, b)) wrong.push(`${JSON.stringify(a)} ${JSON.stringify(b)}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('leaves names outside printable ASCII to Intl, where a rank by character would be wrong', () => {
    // An accent at base strength, a combining accent, ß as ss, a tab and a non-breaking space.
    const pairs = [
      ['Café', 'cafe'],
      ['Cafe\u0301', 'Cafe'],
      ['Cafe\u0301s', 'Cafes'],
      ['Straße', 'Strasse'],
      ['Straße', 'Strasze'],
      ['Oak\tRidge', 'Oak Ridge'],
      ['Oak\u00a0Ridge', 'Oak Ridge'],
      ['Ørsted', 'Orsted'],
      ['Élan', 'Elm'],
    ];
    for (const [a, b] of pairs) {
      expect(`${a} ${b} ${compareNames(a, b)}`).toBe(`${a} ${b} ${intl.compare(a, b)}`);
      expect(`${b} ${a} ${compareNames(b, a)}`).toBe(`${b} ${a} ${intl.compare(b, a)}`);
    }
  });

  it('sorts site names case-insensitively, a longer name after its prefix', () => {
    const names = [
      'oak ridge',
      'Oak Ridge East',
      'Elm Court',
      'elm court 2',
      'Élan Place',
      '12 Main St',
      'The Willows',
    ];
    expect([...names].sort(compareNames)).toEqual([...names].sort(intl.compare));
    expect(compareNames('Oak Ridge', 'oak ridge')).toBe(0);
    expect(compareNames('Oak', 'Oak Ridge')).toBe(-1);
  });
});
