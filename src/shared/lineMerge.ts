import { lineDiff } from './lineDiff';

/** One side's change of the base text: base lines [start, end) (0-based) replaced by `lines`. */
export interface LineChange {
  start: number;
  end: number;
  lines: string[];
}

/** Where both sides changed the same base lines differently: the base lines and each side's. */
export interface MergeConflict {
  /** 1-based first line of the base text the two edits touch (the line after, for an insertion). */
  baseLine: number;
  base: string[];
  mine: string[];
  theirs: string[];
}

/** A three-way merge: the merged text, or the places where the two edits overlap. */
export type MergeResult = { merged: true; text: string } | { merged: false; conflicts: MergeConflict[] };

/** The changes that turn `base` into `other`, in base order. */
export function lineChanges(base: string, other: string): LineChange[] {
  const changes: LineChange[] = [];
  let at = 0;
  let current: LineChange | undefined;
  for (const line of lineDiff(base, other)) {
    if (line.kind === 'same') {
      current = undefined;
      at++;
      continue;
    }
    if (!current) {
      current = { start: at, end: at, lines: [] };
      changes.push(current);
    }
    if (line.kind === 'removed') {
      current.end++;
      at++;
    } else current.lines.push(line.text);
  }
  return changes;
}

/**
 * True when two changes touch the same base lines, or both insert at one place (their order cannot
 * be chosen). An insertion just before or after the other's lines keeps its place.
 */
function overlap(a: LineChange, b: LineChange): boolean {
  if (a.start < b.end && b.start < a.end) return true;
  return a.start === a.end && b.start === b.end && a.start === b.start;
}

const sameChange = (a: LineChange, b: LineChange) =>
  a.start === b.start && a.end === b.end && a.lines.join('\n') === b.lines.join('\n');

/**
 * Merges two texts edited from one base, line by line: the changes of each side apply where the
 * other side left the base lines alone (or made the very same change). Where both changed the
 * same lines differently, nothing is merged and every such place is returned.
 */
export function threeWayMerge(base: string, mine: string, theirs: string): MergeResult {
  const baseLines = base.split('\n');
  const tagged = [
    ...lineChanges(base, mine).map((change) => ({ change, side: 'mine' as const })),
    ...lineChanges(base, theirs).map((change) => ({ change, side: 'theirs' as const })),
  ].sort((a, b) => a.change.start - b.change.start || a.change.end - b.change.end);

  const out: string[] = [];
  const conflicts: MergeConflict[] = [];
  let at = 0;
  let i = 0;
  while (i < tagged.length) {
    // A group: changes chained by overlap, each side's changes kept apart.
    const group = [tagged[i]];
    let end = tagged[i].change.end;
    i++;
    while (i < tagged.length && group.some((g) => overlap(g.change, tagged[i].change))) {
      group.push(tagged[i]);
      end = Math.max(end, tagged[i].change.end);
      i++;
    }
    const start = group[0].change.start;
    out.push(...baseLines.slice(at, start));
    const mineOnes = group.filter((g) => g.side === 'mine').map((g) => g.change);
    const theirOnes = group.filter((g) => g.side === 'theirs').map((g) => g.change);
    const apply = (changes: LineChange[]): string[] => {
      const lines: string[] = [];
      let k = start;
      for (const c of changes) {
        lines.push(...baseLines.slice(k, c.start), ...c.lines);
        k = c.end;
      }
      return [...lines, ...baseLines.slice(k, end)];
    };
    if (!mineOnes.length) out.push(...apply(theirOnes));
    else if (!theirOnes.length) out.push(...apply(mineOnes));
    else if (mineOnes.length === theirOnes.length && mineOnes.every((c, k) => sameChange(c, theirOnes[k])))
      out.push(...apply(mineOnes));
    else
      conflicts.push({
        baseLine: start + 1,
        base: baseLines.slice(start, end),
        mine: apply(mineOnes),
        theirs: apply(theirOnes),
      });
    at = end;
  }
  if (conflicts.length) return { merged: false, conflicts };
  out.push(...baseLines.slice(at));
  return { merged: true, text: out.join('\n') };
}
