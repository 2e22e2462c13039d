// Types of scripts/lib/serverBuild.mjs for its TypeScript callers.

/** The entries bundled, by their source path from the repository root. */
export const SERVER_ENTRIES: readonly string[];
/** The bundle of an entry of SERVER_ENTRIES (an absolute path in dist/server, the tests' in dist/test-server). */
export function serverBundle(entry: string): string;
/** True when a bundle of `entry`'s build (the app's by default) is missing or a file it was built from changed since. */
export function serverIsStale(entry?: string): boolean;
/** Bundles every entry of `entry`'s build (the app's by default); resolves with the build's time and the number of files written. */
export function buildServer(entry?: string): Promise<{ ms: number; files: number }>;
/** The arguments of `node` that run an entry from its bundle (scripts/launch.cjs, which builds when stale). */
export function launchArgs(entry: string): string[];
/** Builds the bundles of `entry`'s build (the app's by default) when stale; `log` hears of a build. */
export function ensureServerBuilt(log?: (message: string) => void, entry?: string): Promise<void>;
