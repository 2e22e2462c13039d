/** Command-line arguments split into flags, valued options and positional arguments. */
export interface CliArgs {
  flags: Set<string>;
  values: Map<string, string>;
  positional: string[];
}

/**
 * Splits argv. Only names listed in `valued` take the next argument as their value (so
 * `--check file.json` keeps file.json positional); any other `--name` is a flag. An unknown name
 * throws, with the names allowed.
 */
export function parseCliArgs(argv: string[], known: { flags?: string[]; valued?: string[] }): CliArgs {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  const positional: string[] = [];
  const valued = known.valued ?? [];
  const allowed = [...(known.flags ?? []), ...valued];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split('=', 2);
    if (!allowed.includes(name))
      throw new Error(
        `unknown option '--${name}'; use ${allowed.map((a) => `--${a}`).join(', ') || 'no options'}`,
      );
    if (valued.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new Error(`option '--${name}' needs a value`);
      values.set(name, value);
    } else flags.add(name);
  }
  return { flags, values, positional };
}
