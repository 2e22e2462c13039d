import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { machineSpeedLine, measureMachineSpeed } from './machineSpeed';

/**
 * Each benchmark writes its latest figures into docs/benchmarks.md itself: at the end of every run
 * its table there, between `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->`, is replaced by
 * the run's table, under a line naming the command it ran with, the machine's cores and memory, and
 * the machine's speed at the end of the run (scripts/lib/machineSpeed.ts). A run with options (one
 * store, some pages) writes what it measured and says so in that line; `git diff docs/benchmarks.md`
 * shows what a run changed.
 */

/** The file the benchmarks write their tables into. */
export const BENCHMARKS_DOC = resolve(import.meta.dirname, '..', '..', 'docs', 'benchmarks.md');

/** `markdown` with the lines between bench NAME's markers replaced by `lines`. */
export function replaceBenchTable(markdown: string, name: string, lines: readonly string[]): string {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const from = markdown.indexOf(start);
  const to = from < 0 ? -1 : markdown.indexOf(end, from);
  if (to < 0) throw new Error(`docs/benchmarks.md has no '${start}' ... '${end}' markers`);
  return `${markdown.slice(0, from + start.length)}\n${lines.join('\n')}\n${markdown.slice(to)}`;
}

/**
 * Writes a run's table (markdown lines: the header, the separator, the rows) between bench NAME's
 * markers in `doc`, under the line that says how it was run (`npm run bench:SCRIPT`, SCRIPT being
 * NAME unless a benchmark writes a second table). Does nothing when the run made no rows.
 */
export function writeBenchTable(
  name: string,
  table: readonly string[],
  doc = BENCHMARKS_DOC,
  script = name,
): void {
  if (table.length <= 2) return;
  const args = process.argv.slice(2);
  const command = `npm run bench:${script}${args.length ? ` -- ${args.join(' ')}` : ''}`;
  const memory = Math.round(totalmem() / 2 ** 30);
  const machine = machineSpeedLine('after the run', measureMachineSpeed());
  const lines = [
    '',
    `\`${command}\`, ${availableParallelism()} cores, ${memory} GiB; ${machine}.`,
    '',
    ...table,
    '',
  ];
  try {
    writeFileSync(doc, replaceBenchTable(readFileSync(doc, 'utf8'), name, lines));
    process.stdout.write(`\nThe table above is now in ${doc} (bench:${name}).\n`);
  } catch (err) {
    // The run's figures are printed above whatever happens here.
    process.stderr.write(`Could not write the table into ${doc}: ${(err as Error).message}\n`);
    process.exitCode = 1;
  }
}
