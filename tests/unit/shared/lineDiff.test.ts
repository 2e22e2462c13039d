import { describe, expect, it } from 'vitest';
import { diffHunks, lineDiff } from '../../../src/shared/lineDiff';

describe('lineDiff', () => {
  it('aligns the common lines and marks the rest, removed before added', () => {
    const diff = lineDiff('a\nb\nc\nd', 'a\nB\nc\nd\ne');
    expect(diff.map((l) => `${l.kind[0]}${l.text}`)).toEqual(['sa', 'rb', 'aB', 'sc', 'sd', 'ae']);
    expect(diff.find((l) => l.text === 'e')).toMatchObject({ kind: 'added', after: 5, before: undefined });
    expect(diff.find((l) => l.text === 'd')).toMatchObject({ before: 4, after: 4 });
  });

  it('groups changes with their context into hunks; none for equal texts', () => {
    const a = Array.from({ length: 40 }, (_, i) => `line ${i}`);
    const b = [...a];
    b[2] = 'changed';
    b[30] = 'changed too';
    const hunks = diffHunks(lineDiff(a.join('\n'), b.join('\n')), 2);
    expect(hunks.length).toBe(2);
    expect(hunks[0].lines.map((l) => l.text)).toEqual([
      'line 0',
      'line 1',
      'line 2',
      'changed',
      'line 3',
      'line 4',
    ]);
    expect(diffHunks(lineDiff('x\ny', 'x\ny'))).toEqual([]);
  });
});
