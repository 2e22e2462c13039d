import { type ParseArgsConfig, parseArgs } from 'node:util';

/**
 * Every script's command line: `node:util`'s parseArgs, strict. An unknown option, a missing value,
 * a value given to a flag or a positional argument the command does not take is refused with the
 * usage, before the command does anything. `--help` (`-h`) is known to every command.
 */

/** What a command takes: its options and whether it takes positional arguments (default: none). */
export type CommandLineConfig = Pick<ParseArgsConfig, 'options' | 'allowPositionals'>;

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

type Strict<C extends CommandLineConfig> = {
  args: string[];
  options: C['options'] & typeof HELP;
  allowPositionals: C['allowPositionals'];
  strict: true;
};

/** The parsed command line: `values` typed from the options, `positionals` in order. */
export type CommandLine<C extends CommandLineConfig> = ReturnType<typeof parseArgs<Strict<C>>>;

/** A command line the command does not take: the message, then the usage. */
export class UsageError extends Error {}

/** Parses argv for a command, throwing a UsageError (message and usage) on anything it does not take. */
export function parseCommandLine<const C extends CommandLineConfig>(
  argv: string[],
  usageText: string,
  config: C,
): CommandLine<C> {
  try {
    return parseArgs({
      args: argv,
      options: { ...config.options, ...HELP },
      allowPositionals: config.allowPositionals ?? false,
      strict: true,
    } as Strict<C>);
  } catch (err) {
    // parseArgs' own errors (ERR_PARSE_ARGS_*) say what was wrong; anything else is a bug.
    if ((err as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS_'))
      throw new UsageError(`${(err as Error).message}\n${usageText}`);
    throw err;
  }
}

/**
 * The running script's command line. Refused (message and usage on stderr, exit 2, no stack) when
 * the script does not take it; `--help` prints the usage and exits 0.
 */
export function readCommandLine<const C extends CommandLineConfig>(
  usageText: string,
  config: C,
): CommandLine<C> {
  let line: CommandLine<C>;
  try {
    line = parseCommandLine(process.argv.slice(2), usageText, config);
  } catch (err) {
    if (err instanceof UsageError) usage(err.message);
    throw err;
  }
  if ((line.values as { help?: boolean }).help) {
    process.stdout.write(`${usageText}\n`);
    process.exit(0);
  }
  return line;
}

/** Prints a message to stderr and exits with status 2 (a usage error). */
export function usage(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}
