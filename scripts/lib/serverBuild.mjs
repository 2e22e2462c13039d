// The server's processes run from bundles that esbuild's build API writes to dist/, one file per
// entry, the packages left in node_modules: Node loads such a file and its packages in less than half
// the CPU time it takes to load the TypeScript sources through tsx, whose loader hooks every module a
// process imports. The sources are bundled as written: code that reads files beside it finds them
// from the repository's root (engine/tools/packageRoot.ts), the same from a source and a bundle.
// Plain JavaScript so that `npm start` runs without tsx; scripts/lib/serverBuild.d.mts types it for
// the TypeScript callers (tests, benchmarks).
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The builds, each of its entries (by source path from the repository root) into a folder of dist/:
 * the app's, which `npm start` and `npm run build` make, and the tests' and benchmarks' servers,
 * built only when one of those starts.
 */
const BUILDS = [
  {
    outDir: join(ROOT, 'dist', 'server'),
    entries: ['scripts/start.ts', 'scripts/serve-api.ts', 'scripts/ha/instance.ts'],
  },
  {
    outDir: join(ROOT, 'dist', 'test-server'),
    // bench:pages' and bench:load's server, the browser tests' app server and the second servers some start.
    entries: ['scripts/lib/benchServer.ts', 'tests/e2e/server.ts', 'tests/e2e/extraServer.ts'],
  },
];
/** Every entry a bundle is built for. */
export const SERVER_ENTRIES = BUILDS.flatMap((b) => b.entries);
/**
 * Worker threads the server starts, bundled beside the entries of each build (their bundle's name
 * is the path with '/' as '-': src/server/dashboards/definitionChecks.ts finds its worker so).
 */
const WORKERS = ['src/server/dashboards/definitionCheckWorker.ts'];
/** What a bundle depends on besides the modules it imports. */
const BUILD_INPUTS = ['scripts/lib/serverBuild.mjs', 'tsconfig.json', 'package-lock.json'];

/** The build an entry belongs to. */
function buildOf(entry) {
  const found = BUILDS.find((b) => b.entries.includes(entry));
  if (!found) throw new Error(`${entry} is not a server entry (one of ${SERVER_ENTRIES.join(', ')})`);
  return found;
}

/** A bundle's name in its folder: the entry's path without scripts/ and .ts, '/' as '-'. */
const bundleName = (entry) =>
  entry
    .replace(/^scripts\//, '')
    .replace(/\.ts$/, '')
    .replaceAll('/', '-');

/** The bundle of an entry of SERVER_ENTRIES: dist/server/<name>.mjs (the tests': dist/test-server), absolute. */
export function serverBundle(entry) {
  return join(buildOf(entry).outDir, `${bundleName(entry)}.mjs`);
}

/** True when a bundle of `entry`'s build is missing or a file it was built from changed since. */
export function serverIsStale(entry = 'scripts/start.ts') {
  const { outDir, entries } = buildOf(entry);
  const inputsFile = join(outDir, 'inputs.json');
  if (!existsSync(inputsFile)) return true;
  const { builtAt, inputs } = JSON.parse(readFileSync(inputsFile, 'utf8'));
  if (entries.some((e) => !existsSync(serverBundle(e)))) return true;
  if (WORKERS.some((w) => !existsSync(join(outDir, `${bundleName(w)}.mjs`)))) return true;
  return [...inputs, ...BUILD_INPUTS].some((path) => {
    const file = join(ROOT, path);
    return !existsSync(file) || statSync(file).mtimeMs > builtAt;
  });
}

/**
 * Bundles every entry of `entry`'s build with esbuild, the packages left in node_modules. Each file is
 * written beside its place and renamed into it, the list of inputs last, so a process that starts
 * meanwhile (or a second build at once) reads whole files.
 */
export async function buildServer(entry = 'scripts/start.ts') {
  const { outDir, entries } = buildOf(entry);
  const builtAt = Date.now();
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries([...entries, ...WORKERS].map((e) => [bundleName(e), e])),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(outDir, { recursive: true });
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  const inputs = Object.keys(result.metafile.inputs).filter((path) => !path.includes('node_modules/'));
  const inputsFile = join(outDir, 'inputs.json');
  const partial = `${inputsFile}.${process.pid}.partial`;
  writeFileSync(partial, `${JSON.stringify({ builtAt, inputs }, null, 1)}\n`);
  renameSync(partial, inputsFile);
  return { ms: Date.now() - builtAt, files: result.outputFiles.length };
}

/**
 * The arguments of `node` that run an entry from its bundle (scripts/launch.cjs, which builds when
 * stale): spawn(process.execPath, [...launchArgs(entry), ...args]).
 */
export function launchArgs(entry) {
  serverBundle(entry);
  return [join(ROOT, 'scripts', 'launch.cjs'), entry];
}

/** Builds the bundles of `entry`'s build when stale; `log` hears of a build. */
export async function ensureServerBuilt(log = (message) => console.log(message), entry = 'scripts/start.ts') {
  if (!serverIsStale(entry)) return;
  log('Building the server...');
  const { ms } = await buildServer(entry);
  log(`Server built in ${(ms / 1000).toFixed(1)} s`);
}
