import { pathToFileURL } from 'node:url';
import { type CommandLine, type CommandLineConfig, parseCommandLine } from './args';

/**
 * Where a definition tool reads and writes: injectable so tests run a command in-process. `out`
 * and `err` take one line each, as console.log and console.error print them; relative paths in
 * the arguments are resolved against `cwd`.
 */
export interface ToolIo {
  cwd: string;
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** The io of the running process: its working folder, environment, stdout and stderr. */
export function processIo(): ToolIo {
  return {
    cwd: process.cwd(),
    env: process.env,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  };
}

/** True when the module of `moduleUrl` is the script node (or tsx) was started with. */
export function isMainModule(moduleUrl: string): boolean {
  return moduleUrl === pathToFileURL(process.argv[1] ?? '').href;
}

/**
 * Writes text that ends with a newline (a printed document, a report) through a line writer, so
 * the bytes are those of `process.stdout.write(text)`.
 */
export function writeText(write: (line: string) => void, text: string): void {
  if (!text.endsWith('\n')) throw new Error('writeText expects text that ends with a newline');
  write(text.slice(0, -1));
}

/** The message of a thrown value, as the tools print it. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * A definition tool's command: its work with the command line parsed as scripts/lib/args.ts parses
 * every script's (`--help` prints the usage), a thrown error printed with exit status 2 (a usage or
 * file error, as against 1 for what the tool found).
 */
export function toolCommand<const C extends CommandLineConfig>(
  usageText: string,
  config: C,
  work: (args: CommandLine<C>, io: ToolIo) => number,
): (argv: string[], io: ToolIo) => number {
  return (argv, io) => {
    try {
      const args = parseCommandLine(argv, usageText, config);
      if ((args.values as { help?: boolean }).help) {
        io.out(usageText);
        return 0;
      }
      return work(args, io);
    } catch (err) {
      io.err(errorMessage(err));
      return 2;
    }
  };
}
