import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replaceBenchTable } from '../../scripts/lib/benchTable';
import { documentedFiles, repoRoot } from '../../scripts/lib/docsExamples';

/**
 * The docs describe the code as it is: no commit hashes (the history is git's), and each page short
 * enough to read in one sitting.
 */

/** Words that put a commit next to them: 'on 8b2ea90', 'since 18f7717', 'commit abc1234', '(d5ad3ac)'. */
const COMMIT_WORDING =
  /(?:\b(?:commits?|on|since|at|in|of|from|before|after|runs?|revision|rev|sha|hash|build|code|revert|merge|see)\W{1,3}|\()([0-9a-f]{7,40})\b/gi;

/** The commit-hash-like tokens of a text with their line numbers: 7 to 40 lower-case hex digits, both digits and letters, next to commit wording. */
function commitHashes(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const [, token] of line.matchAll(COMMIT_WORDING))
      if (/^[0-9a-f]+$/.test(token) && /[0-9]/.test(token) && /[a-f]/.test(token))
        found.push(`${i + 1}: ${token}`);
  });
  return found;
}

/** Most lines each page may have. */
const LINE_BUDGETS: Record<string, number> = {
  'README.md': 200,
  'docs/benchmarks.md': 300,
  'docs/testing.md': 200,
};

const files = documentedFiles((dir) => readdirSync(dir));
const lines = (text: string) => text.replace(/\n$/, '').split('\n').length;

describe('the docs carry no history', () => {
  it('finds a commit hash next to commit wording, and not hex that is something else', () => {
    expect(commitHashes('the run of 03:51 on 8b2ea90 took 484 s')).toEqual(['1: 8b2ea90']);
    expect(commitHashes('a\nsince 18f7717 the start rebuilds (d5ad3ac)')).toEqual([
      '2: 18f7717',
      '2: d5ad3ac',
    ]);
    expect(commitHashes('commit 0123456789abcdef0123456789abcdef01234567')).toHaveLength(1);
    expect(commitHashes('dimmed text #5c636a; on 2026-11-20; 1234567 rows; in deadbeef; acceded')).toEqual(
      [],
    );
  });

  for (const file of files)
    it(`${file} names no commit`, () => {
      expect(commitHashes(readFileSync(join(repoRoot, file), 'utf8'))).toEqual([]);
    });
});

describe('the README', () => {
  it('names every npm script of package.json', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const named = (name: string) =>
      readme.includes(name === 'start' || name === 'test' ? `npm ${name}` : `npm run ${name}`);
    expect(
      Object.keys(scripts).filter((name) => !named(name)),
      'add a line for each to the Scripts table of README.md',
    ).toEqual([]);
  });
});

describe('the docs stay short', () => {
  for (const [file, budget] of Object.entries(LINE_BUDGETS))
    it(`${file} has at most ${budget} lines`, () => {
      expect(lines(readFileSync(join(repoRoot, file), 'utf8'))).toBeLessThanOrEqual(budget);
    });

  it('counts lines as an editor shows them', () => {
    expect(lines('a\nb\n')).toBe(2);
    expect(lines('a\nb')).toBe(2);
  });
});

describe('each benchmark writes its table into docs/benchmarks.md', () => {
  const doc = readFileSync(join(repoRoot, 'docs/benchmarks.md'), 'utf8');
  const benches = readdirSync(join(repoRoot, 'scripts')).filter((f) => /^bench-.*\.ts$/.test(f));

  it('every bench script writes its table, between markers the doc has', () => {
    expect(benches.length).toBeGreaterThan(0);
    for (const file of benches) {
      const name = file.replace(/^bench-|\.ts$/g, '');
      expect(readFileSync(join(repoRoot, 'scripts', file), 'utf8')).toContain(`writeBenchTable('${name}'`);
      expect(doc).toContain(`<!-- bench:${name}:start -->`);
      expect(doc).toContain(`<!-- bench:${name}:end -->`);
    }
  });

  it('replaces only the lines between its own markers', () => {
    const before = [
      'intro',
      '<!-- bench:a:start -->',
      'old a',
      '<!-- bench:a:end -->',
      '<!-- bench:b:start -->',
      'old b',
      '<!-- bench:b:end -->',
      'outro',
    ].join('\n');
    expect(replaceBenchTable(before, 'b', ['| new |', '|---|'])).toBe(
      before.replace('old b', '| new |\n|---|'),
    );
    expect(() => replaceBenchTable(before, 'c', [])).toThrow(/no '<!-- bench:c:start -->'/);
  });
});
