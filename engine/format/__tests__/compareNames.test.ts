import { describe, expect, it } from 'vitest';
import { compareNames } from '../compareNames';

/*
 * compareNames orders names as Intl.Collator('en', { sensitivity: 'base' }) does, without loading
 * ICU in the page for ASCII names. Intl is the oracle: every pair is compared both ways.
 */
const intl = new Intl.Collator('en', { sensitivity: 'base' });

/** A small seeded generator (mulberry32), so a failure can be run again. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

describe('compareNames orders names as the en collator at base strength does', () => {
  it('every printable ASCII character against every other, and each against itself in the other case', () => {
    for (const x of ASCII)
      for (const y of ASCII) expect(`${x}${y} ${compareNames(x, y)}`).toBe(`${x}${y} ${intl.compare(x, y)}`);
  });

  it('on 30,000 random pairs of names built from few characters, so most share a prefix (seeded)', () => {
    const next = random(20261129);
    // Letters in both cases, digits, spaces and the punctuation site names carry; now and then an
    // accented letter, a combining accent or a dotless i, which go to Intl.
    const pool = "aAbBzZ09 -_.,#&'()/".split('').concat(['é', 'É', 'e\u0301', 'ı', 'ß', 'ø']);
    const name = () =>
      Array.from(
        { length: Math.floor(next() * 6) },
        () => pool[Math.floor(next() * (next() < 0.9 ? 19 : pool.length))],
      ).join('');
    const wrong: string[] = [];
    for (let i = 0; i < 30_000; i++) {
      const [a, b] = [name(), name()];
      if (compareNames(a, b) !== intl.compare(a, b)) wrong.push(`${JSON.stringify(a)} ${JSON.stringify(b)}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
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
