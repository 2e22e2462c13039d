/**
 * Checks (or with --write, rewrites) the examples in README.md and docs/*.md that show a command
 * and its output, so the docs show what the commands print today (scripts/lib/docsExamples.ts
 * says how an example is marked). A fenced block that shows a `$ ` command without the marker is
 * an error: its output would go stale unchecked.
 *
 *   npm run docs:examples [-- --write] [markdown files...]   (default: README.md and docs/*.md)
 *
 * Exits 1 when an example differs from its commands' output (nothing is written without
 * --write), 2 when a block is unmarked or an example cannot run.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { checkMarkdown, documentedFiles, repoRoot } from './lib/docsExamples';
import { isMainModule, processIo, type ToolIo, toolCommand } from './lib/toolIo';

/** Checks or rewrites the docs' examples with command-line arguments; returns the exit status. */
export const runExamples = toolCommand(
  'usage: npm run docs:examples -- [--write] [markdown files...]',
  { options: { write: { type: 'boolean', default: false } }, allowPositionals: true },
  examples,
);

function examples(args: { values: { write: boolean }; positionals: string[] }, io: ToolIo): number {
  const write = args.values.write;
  const files = args.positionals.length
    ? args.positionals.map((f) => resolve(io.cwd, f))
    : documentedFiles((dir) => readdirSync(dir)).map((f) => resolve(repoRoot, f));
  let stale = 0;
  let unmarked = 0;
  let checked = 0;
  for (const file of files) {
    const name = relative(io.cwd, file) || file;
    const text = readFileSync(file, 'utf8');
    const result = checkMarkdown(text);
    checked += result.examples;
    for (const line of result.unmarked) {
      io.err(
        `${name}:${line} this block shows a '$ ' command but is not marked; put <!-- example --> before it`,
      );
      unmarked++;
    }
    for (const example of result.stale) {
      if (write) io.out(`rewrote ${name}:${example.line}`);
      else
        io.err(
          `${name}:${example.line} the example differs from what its commands print; run npm run docs:examples -- --write`,
        );
      stale++;
    }
    if (write && result.stale.length) writeFileSync(file, result.rewritten);
  }
  io.out(`${checked} example${checked === 1 ? '' : 's'} checked, ${stale} ${write ? 'rewritten' : 'stale'}`);
  if (unmarked) return 2;
  return stale && !write ? 1 : 0;
}

if (isMainModule(import.meta.url)) process.exitCode = runExamples(process.argv.slice(2), processIo());
