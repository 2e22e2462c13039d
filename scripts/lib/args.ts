/** Reads `--name value` and `--flag` options and positional arguments from argv. */
export function parseArgs(argv: string[]): { options: Record<string, string | true>; positional: string[] } {
  const options: Record<string, string | true> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const [name, inline] = a.slice(2).split('=', 2);
      if (inline !== undefined) options[name] = inline;
      else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) options[name] = argv[++i];
      else options[name] = true;
    } else positional.push(a);
  }
  return { options, positional };
}

/** Prints a message to stderr and exits with status 2 (a usage error). */
export function usage(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}
