import { describe, expect, it } from 'vitest';
import { legendRoom, pieLegendOrient } from '../pie/pieSpec';

describe('pie legend placement', () => {
  it('goes beside the pie when its longest label fits, below otherwise', () => {
    const short = ['Lead', 'Resident'];
    expect(legendRoom(short)).toBe(40 + 7 * 8);
    expect(pieLegendOrient(300 + legendRoom(short), 300, short)).toBe('right');
    expect(pieLegendOrient(343, 300, short)).toBe('bottom');
    const long = ['Undetermined - Automated Assistant - Undetermined'];
    expect(pieLegendOrient(500, 300, long)).toBe('bottom');
  });
});
