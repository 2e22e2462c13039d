import { copyFileSync, mkdirSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { runCheck } from '../dashboards-check';
import { runDiff } from '../dashboards-diff';
import { runFormat } from '../dashboards-format';
import { runMigrate } from '../dashboards-migrate';
import { runPrint } from '../dashboards-print';
import { runDocs } from '../docs-dashboards';
import type { ToolIo } from './toolIo';

/**
 * Examples in the markdown docs that show commands and what they print. A marked example is an
 * HTML comment, `<!-- example -->` (or `<!-- example: head N -->` to show only the first N lines
 * of each command's output, then `...`), right before a fenced block whose lines are `$ command`
 * followed by that command's output. The output is never typed: it is what the command prints,
 * run in-process from the repository root, stdout and stderr interleaved as a terminal shows them
 * (npm's own `> script` banner left out, as `npm run -s` does).
 */

/** The repository root: every example's command runs from here. */
export const repoRoot = resolve(import.meta.dirname, '..', '..');

/** A definition tool's entry point, as scripts/<tool>.ts exports it. */
type Tool = (argv: string[], io: ToolIo) => number;

/** The npm scripts an example may run, each by its in-process entry point. */
const tools: Record<string, Tool> = {
  'dashboards:check': runCheck,
  'dashboards:diff': runDiff,
  'dashboards:format': runFormat,
  'dashboards:migrate': runMigrate,
  'dashboards:print': runPrint,
  'docs:dashboards': runDocs,
};

/** The only folder an example may write to: `tmp/`, ignored by git and Biome. */
const scratch = resolve(repoRoot, 'tmp');

/** One marked example of a markdown file. */
export interface Example {
  /** 1-based line of the opening fence. */
  line: number;
  /** Lines of the markdown file (0-based, end exclusive) between the fences. */
  start: number;
  end: number;
  /** Show only this many lines of each command's output. */
  head?: number;
  /** The block's text, one entry per line. */
  shown: string[];
}

/** The marked examples of a markdown text, and the lines of fenced blocks that show a `$ ` command unmarked. */
export function findExamples(markdown: string): { examples: Example[]; unmarked: number[] } {
  const lines = markdown.split('\n');
  const examples: Example[] = [];
  const unmarked: number[] = [];
  let marker: { head?: number } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i];
    const comment = /^\s*<!--\s*example(?::\s*head\s+(\d+))?\s*-->\s*$/.exec(text);
    if (comment) {
      marker = { head: comment[1] === undefined ? undefined : Number(comment[1]) };
      continue;
    }
    const fence = /^(\s*)(```+)/.exec(text);
    if (!fence) {
      if (text.trim() !== '') marker = undefined;
      continue;
    }
    const close = lines.findIndex((l, j) => j > i && l.trimStart().startsWith(fence[2]));
    const end = close === -1 ? lines.length : close;
    const indent = fence[1].length;
    const shown = lines
      .slice(i + 1, end)
      .map((l) => l.slice(Math.min(indent, l.length - l.trimStart().length)));
    if (marker) examples.push({ line: i + 1, start: i + 1, end, head: marker.head, shown });
    else if (shown.some((l) => l.startsWith('$ '))) unmarked.push(i + 1);
    marker = undefined;
    i = end;
  }
  return { examples, unmarked };
}

/** Splits a command line into words: whitespace separates, single and double quotes group. */
function words(command: string): string[] {
  const out: string[] = [];
  for (const m of command.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g))
    out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? m[3]));
  return out;
}

/** A path an example writes to, which must lie in tmp/. */
function scratchPath(path: string): string {
  const at = resolve(repoRoot, path);
  if (at !== scratch && !at.startsWith(scratch + sep))
    throw new Error(`an example may write only under tmp/, not to '${path}'`);
  return at;
}

/** Runs one command line of an example; returns the lines it printed and its exit status. */
function runCommand(command: string, lastStatus: number): { lines: string[]; status: number } {
  const [name, ...args] = words(command);
  if (name === 'echo' && args.length === 1 && args[0] === '$?')
    return { lines: [String(lastStatus)], status: 0 };
  if (name === 'mkdir' && args[0] === '-p' && args.length === 2) {
    mkdirSync(scratchPath(args[1]), { recursive: true });
    return { lines: [], status: 0 };
  }
  if (name === 'cp' && args.length === 2) {
    copyFileSync(resolve(repoRoot, args[0]), scratchPath(args[1]));
    return { lines: [], status: 0 };
  }
  if (name === 'npm' && args[0] === 'run') {
    const tool = tools[args[1]];
    if (!tool)
      throw new Error(
        `'npm run ${args[1]}' cannot run in an example; use one of ${Object.keys(tools).join(', ')}`,
      );
    const rest = args.slice(2);
    if (rest.length && rest[0] !== '--') throw new Error(`write '--' before the arguments of: ${command}`);
    const lines: string[] = [];
    const print = (line: string) => lines.push(...line.split('\n'));
    const status = tool(rest.slice(1), { cwd: repoRoot, env: {}, out: print, err: print });
    return { lines, status };
  }
  throw new Error(`an example can run npm run <definition tool>, echo $?, mkdir -p and cp, not: ${command}`);
}

/**
 * What an example's block should say: each of its `$ ` commands, run in order, followed by what
 * it printed (cut to `head` lines and `...` when the marker asks).
 */
export function renderExample(example: Pick<Example, 'shown' | 'head'>): string[] {
  const commands = example.shown.filter((l) => l.startsWith('$ ')).map((l) => l.slice(2));
  if (!commands.length || !example.shown[0].startsWith('$ '))
    throw new Error('an example block starts with a "$ command" line');
  const out: string[] = [];
  let status = 0;
  for (const command of commands) {
    const run = runCommand(command, status);
    status = run.status;
    const cut = example.head !== undefined && run.lines.length > example.head;
    out.push(`$ ${command}`, ...(cut ? [...run.lines.slice(0, example.head), '...'] : run.lines));
  }
  return out;
}

/** Lines as compared: trailing whitespace and trailing empty lines do not count. */
export function normalizeLines(lines: string[]): string {
  return lines
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n+$/, '');
}

/** One example whose block differs from its commands' output. */
export interface StaleExample {
  line: number;
  shown: string;
  actual: string;
}

/**
 * Checks every marked example of a markdown text. `rewritten` is the text with each stale block
 * replaced by its commands' output (the fence's indentation kept), for `docs:examples -- --write`.
 */
export function checkMarkdown(markdown: string): {
  examples: number;
  stale: StaleExample[];
  unmarked: number[];
  rewritten: string;
} {
  const lines = markdown.split('\n');
  const { examples, unmarked } = findExamples(markdown);
  const stale: StaleExample[] = [];
  for (const example of [...examples].reverse()) {
    const actual = renderExample(example);
    if (normalizeLines(actual) === normalizeLines(example.shown)) continue;
    stale.unshift({
      line: example.line,
      shown: normalizeLines(example.shown),
      actual: normalizeLines(actual),
    });
    const indent = /^\s*/.exec(lines[example.start - 1])?.[0] ?? '';
    lines.splice(
      example.start,
      example.end - example.start,
      ...actual.map((l) => (l ? indent + l : l).trimEnd()),
    );
  }
  return { examples: examples.length, stale, unmarked, rewritten: lines.join('\n') };
}

/** The markdown files whose examples are checked: README.md and docs/*.md, relative to the root. */
export function documentedFiles(list: (dir: string) => string[]): string[] {
  const docs = list(resolve(repoRoot, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => relative(repoRoot, resolve(repoRoot, 'docs', f)));
  return ['README.md', ...docs];
}
