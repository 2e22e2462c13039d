/**
 * Vega-Lite's messages go to the console as its own logger sends them, but one: a chart with a
 * legend toggle whose mark has layers (a line with points) merges its layers' legends, and the
 * compiler says it keeps the first legend's encoding, which is the toggle's own (chartSpec.ts).
 */
const expectedWarning = 'Conflicting legend property "encode"';
let logLevel = 2; // Vega's Warn
interface CompileLogger {
  level(level?: number): never;
  error(...args: unknown[]): CompileLogger;
  warn(...args: unknown[]): CompileLogger;
  info(): CompileLogger;
  debug(): CompileLogger;
}
export const compileLogger: CompileLogger = {
  level(level?: number) {
    if (level !== undefined) logLevel = level;
    return (level === undefined ? logLevel : compileLogger) as never;
  },
  error(...args: unknown[]) {
    console.error(...args);
    return compileLogger;
  },
  warn(...args: unknown[]) {
    if (!args.some((a) => typeof a === 'string' && a.startsWith(expectedWarning)))
      console.warn('WARN', ...args);
    return compileLogger;
  },
  info() {
    return compileLogger;
  },
  debug() {
    return compileLogger;
  },
};
