import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareNames } from '../../../../engine/format/compareNames';

afterEach(() => vi.restoreAllMocks());

describe('compareNames: the order a user expects of site and label names', () => {
  it('ignores case and accents, puts a name after its prefix', () => {
    expect(compareNames('Oak Ridge', 'oak ridge')).toBe(0);
    expect(compareNames('Café', 'cafe')).toBe(0);
    expect(compareNames('Oak', 'Oak Ridge')).toBe(-1);
    expect(compareNames('Oak Ridge', 'Oak')).toBe(1);
    expect(compareNames('Straße', 'Strasse')).toBe(0);
  });

  it('sorts site names: digits before letters, accents beside their letter, not by code unit', () => {
    const names = [
      'The Willows',
      'oak ridge',
      'Élan Place',
      'Oak Ridge East',
      'elm court 2',
      '12 Main St',
      'Elm Court',
      'Zephyr',
    ];
    expect([...names].sort(compareNames)).toEqual([
      '12 Main St',
      'Élan Place',
      'Elm Court',
      'elm court 2',
      'oak ridge',
      'Oak Ridge East',
      'The Willows',
      'Zephyr',
    ]);
  });

  it('makes one Intl.Collator and reuses it', () => {
    compareNames('a', 'b');
    const made = vi.spyOn(Intl, 'Collator');
    for (let i = 0; i < 100; i++) compareNames(`Site ${i}`, `site ${i + 1}`);
    expect(made).not.toHaveBeenCalled();
  });
});
