import { describe, expect, it } from 'vitest';
import { threeWayMerge } from '../../../src/shared/lineMerge';

const base = [
  '{',
  '  "id": "volume",',
  '  "title": "Volume",',
  '  "route": "/v",',
  '  "a": 1,',
  '  "b": 2',
  '}',
].join('\n');
const edit = (text: string, from: string, to: string) => {
  expect(text).toContain(from);
  return text.replace(from, to);
};

describe('threeWayMerge', () => {
  it('merges two edits of different lines, each applied once', () => {
    const mine = edit(base, '"title": "Volume"', '"title": "Volume (mine)"');
    const theirs = edit(base, '"b": 2', '"b": 3');
    const result = threeWayMerge(base, mine, theirs);
    expect(result).toEqual({ merged: true, text: edit(mine, '"b": 2', '"b": 3') });
  });

  it('merges a removal beside the other side, and the same change made on both sides', () => {
    const id = (text: string) => edit(text, '"id": "volume"', '"id": "vol"');
    const mine = id(edit(base, '  "a": 1,\n', ''));
    const theirs = id(edit(base, '"b": 2', '"b": 3'));
    expect(threeWayMerge(base, mine, theirs)).toEqual({
      merged: true,
      text: edit(theirs, '  "a": 1,\n', ''),
    });
    const inserted = edit(base, '{\n', '{\n  "x": true,\n');
    expect(threeWayMerge(base, inserted, theirs)).toEqual({
      merged: true,
      text: id(edit(inserted, '"b": 2', '"b": 3')),
    });
  });

  it('reports edits of the same lines as conflicts, with the base and both sides, and merges nothing', () => {
    const mine = edit(base, '"title": "Volume"', '"title": "Mine"');
    const theirs = edit(base, '"title": "Volume"', '"title": "Theirs"');
    expect(threeWayMerge(base, mine, theirs)).toEqual({
      merged: false,
      conflicts: [
        {
          baseLine: 3,
          base: ['  "title": "Volume",'],
          mine: ['  "title": "Mine",'],
          theirs: ['  "title": "Theirs",'],
        },
      ],
    });
  });

  it('reports two insertions at one place as a conflict (their order cannot be chosen)', () => {
    const mine = edit(base, '  "b": 2\n', '  "b": 2,\n  "c": 3\n');
    const theirs = edit(base, '  "b": 2\n', '  "b": 2,\n  "d": 4\n');
    const result = threeWayMerge(base, mine, theirs);
    expect(result.merged).toBe(false);
  });
});
