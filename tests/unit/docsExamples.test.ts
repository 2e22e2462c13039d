import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runExamples } from '../../scripts/docs-examples';
import {
  checkMarkdown,
  documentedFiles,
  findExamples,
  normalizeLines,
  renderExample,
  repoRoot,
} from '../../scripts/lib/docsExamples';
import { runTool } from '../fixtures/tools/runTool';
import { testTempDir } from '../support/tempDir';

const files = documentedFiles((dir) => readdirSync(dir));

describe('the examples in the docs are what their commands print', () => {
  it('covers README.md and every file in docs/', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('docs/analysts.md');
    expect(files).toContain('docs/qa.md');
  });

  for (const file of files) {
    const text = readFileSync(join(repoRoot, file), 'utf8');
    const { examples, unmarked } = findExamples(text);

    it(`${file}: every block that shows a '$ ' command is a marked example`, () => {
      expect(
        unmarked,
        `unmarked blocks at lines ${unmarked.join(', ')}; put <!-- example --> before each`,
      ).toEqual([]);
    });

    for (const example of examples)
      it(`${file}:${example.line} (run npm run docs:examples -- --write to update)`, () => {
        expect(normalizeLines(example.shown)).toBe(normalizeLines(renderExample(example)));
      });
  }
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

describe('the links between the docs', () => {
  it('point at files that exist, and at headings they have', () => {
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(repoRoot, file), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [path, hash] = target.split('#');
        const to = path ? join(dirname(file), path) : file;
        let linked: string;
        try {
          linked = readFileSync(join(repoRoot, to), 'utf8');
        } catch {
          broken.push(`${file}: ${target}`);
          continue;
        }
        const headings = [...linked.matchAll(/^#+ (.+)$/gm)].map((m) => anchor(m[1]));
        if (hash && !headings.includes(hash)) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

/** A marked example whose shown output is `output`. */
const doc = (output: string) =>
  [
    '# Title',
    '',
    '<!-- example -->',
    '```',
    '$ npm run dashboards:check -- --alone tests/fixtures/checker-v2/drilldown-missing-column.json',
    output,
    '$ echo $?',
    '1',
    '```',
    '',
  ].join('\n');

describe('npm run docs:examples', () => {
  const right = doc(
    [
      "tests/fixtures/checker-v2/drilldown-missing-column.json:168:33 /panels/volume/blocks/0/drilldown/from/column the table shown at level 'site' has no column on 'sites'; did you mean 'site'?",
      '1 definition checked, 1 error',
    ].join('\n'),
  );
  const stale = right.replace(':168:33', ':164:33');

  it('fails when an example shows other output than its command prints, and --write fixes it', () => {
    expect(checkMarkdown(right).stale).toEqual([]);
    expect(checkMarkdown(stale).stale.map((s) => s.line)).toEqual([4]);

    const file = join(testTempDir('docs-examples-'), 'doc.md');
    writeFileSync(file, stale);
    const check = runTool(runExamples, [file]);
    expect(check.stderr).toContain(
      'doc.md:4 the example differs from what its commands print; run npm run docs:examples -- --write',
    );
    expect(check.status).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe(stale);

    expect(runTool(runExamples, ['--write', file]).status).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(right);
    expect(runTool(runExamples, [file])).toMatchObject({ status: 0, stdout: '1 example checked, 0 stale\n' });
  });

  it('refuses a block that shows a command unmarked, and a command it cannot run', () => {
    const file = join(testTempDir('docs-examples-'), 'doc.md');
    writeFileSync(file, right.replace('<!-- example -->\n', ''));
    expect(runTool(runExamples, [file])).toMatchObject({ status: 2 });
    expect(runTool(runExamples, [file]).stderr).toContain(
      "doc.md:3 this block shows a '$ ' command but is not marked",
    );
    expect(() => renderExample({ shown: ['$ rm -rf dashboards'] })).toThrow(/not: rm -rf dashboards/);
    expect(() => renderExample({ shown: ['$ cp README.md dashboards/x.md'] })).toThrow(/only under tmp\//);
  });

  it('cuts long output to the head the marker asks for', () => {
    const { examples } = findExamples(
      ['<!-- example: head 2 -->', '```', '$ npm run dashboards:print -- volume', '```'].join('\n'),
    );
    expect(examples[0].head).toBe(2);
    expect(renderExample(examples[0])).toEqual([
      '$ npm run dashboards:print -- volume',
      '{',
      '  "schemaVersion": 2,',
      '...',
    ]);
  });
});
