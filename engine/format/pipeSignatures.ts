/**
 * The arguments each pipe takes (engine/format/applyPipe.ts reads them): a digits argument is a
 * number from 0 to MAX_PIPE_DIGITS (the range Intl's number formats accept on every Node and
 * browser we support; another throws when a cell is drawn), texts are strings. The definition
 * checker refuses any other argument.
 */

/** The most decimals a digits argument may ask for: Intl.NumberFormat's minimumFractionDigits bound. */
export const MAX_PIPE_DIGITS = 20;
type Argument = 'digits' | 'text' | 'ratio';

export const PIPE_ARGUMENTS: Record<string, readonly Argument[]> = {
  decimal: ['digits'],
  percent: ['digits', 'ratio'],
  currency: ['digits'],
  date: ['text'],
  lowercase: [],
  uppercase: [],
  minutes: [],
  duration: [],
  clock: [],
  boolean: ['text', 'text'],
};

/** What is wrong with a pipe's arguments: too many, or an argument index and what it must be. */
export function pipeArgumentProblems(
  name: string,
  args: readonly unknown[],
): { index?: number; detail?: string; max?: number }[] {
  const expected = PIPE_ARGUMENTS[name];
  if (!expected) return [];
  const problems: { index?: number; detail?: string; max?: number }[] = [];
  if (args.length > expected.length) problems.push({ max: expected.length });
  args.slice(0, expected.length).forEach((value, index) => {
    const kind = expected[index];
    if (kind === 'digits' && !(typeof value === 'number' && value >= 0 && value <= MAX_PIPE_DIGITS))
      problems.push({
        index,
        detail: `is ${JSON.stringify(value)}; write a number of digits from 0 to ${MAX_PIPE_DIGITS}`,
      });
    if (kind === 'text' && typeof value !== 'string')
      problems.push({ index, detail: `is ${JSON.stringify(value)}; write a text` });
    if (kind === 'ratio' && !(typeof value === 'boolean' || value === 'ratio'))
      problems.push({
        index,
        detail: `is ${JSON.stringify(value)}; write true (the value is a ratio) or false`,
      });
  });
  return problems;
}
