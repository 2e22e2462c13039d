/** One line of a line diff: in both texts, only in the first (removed) or only in the second (added). */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
  /** 1-based line numbers in the first and the second text, where the line is in them. */
  before?: number;
  after?: number;
}

/** A run of changed lines with the unchanged lines around it. */
export interface DiffHunk {
  lines: DiffLine[];
}

/** Above this many cells the middle is not aligned line by line: shown as removed, then added. */
const MAX_TABLE_CELLS = 4_000_000;

/**
 * The lines of `before` and `after` aligned by a longest common subsequence, after the common head
 * and tail are set aside (an edit of a definition usually touches a few lines of a long file).
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const out: DiffLine[] = [];
  for (let i = 0; i < head; i++) out.push({ kind: 'same', text: a[i], before: i + 1, after: i + 1 });
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  for (const line of alignMiddle(midA, midB)) {
    out.push({
      ...line,
      before: line.before === undefined ? undefined : line.before + head,
      after: line.after === undefined ? undefined : line.after + head,
    });
  }
  for (let t = tail; t > 0; t--) {
    out.push({ kind: 'same', text: a[a.length - t], before: a.length - t + 1, after: b.length - t + 1 });
  }
  return out;
}

function alignMiddle(a: string[], b: string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_TABLE_CELLS) {
    return [
      ...a.map((text, i): DiffLine => ({ kind: 'removed', text, before: i + 1 })),
      ...b.map((text, j): DiffLine => ({ kind: 'added', text, after: j + 1 })),
    ];
  }
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..], in one flat table.
  const width = m + 1;
  const lcs = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * width + j] =
        a[i] === b[j]
          ? lcs[(i + 1) * width + j + 1] + 1
          : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i], before: i + 1, after: j + 1 });
      i++;
      j++;
    } else if (i < n && (j === m || lcs[(i + 1) * width + j] >= lcs[i * width + j + 1])) {
      out.push({ kind: 'removed', text: a[i], before: i + 1 });
      i++;
    } else {
      out.push({ kind: 'added', text: b[j], after: j + 1 });
      j++;
    }
  }
  return out;
}

/** The changed lines with `context` unchanged lines either side, in runs; none when nothing changed. */
export function diffHunks(lines: readonly DiffLine[], context = 3): DiffHunk[] {
  const keep = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, i) => {
    if (line.kind === 'same') return;
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) keep[k] = true;
  });
  const hunks: DiffHunk[] = [];
  let current: DiffLine[] | undefined;
  lines.forEach((line, i) => {
    if (!keep[i]) {
      current = undefined;
      return;
    }
    if (!current) {
      current = [];
      hunks.push({ lines: current });
    }
    current.push(line);
  });
  return hunks;
}
