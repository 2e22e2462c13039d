// The server's processes run from bundles that esbuild writes to dist/server, one file per entry,
// the packages left in node_modules: Node loads such a file and its packages in less than half the
// CPU time it takes to load the TypeScript sources through tsx, whose loader hooks every module a
// process imports, packages included (docs/testing.md, 'What changed on 2026-11-27'). Plain
// JavaScript so that `npm start` runs without tsx; scripts/lib/serverBuild.d.mts types it for the
// TypeScript callers (tests, benchmarks).
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT_DIR = join(ROOT, 'dist', 'server');
const INPUTS_FILE = join(OUT_DIR, 'inputs.json');

/** The entries bundled, by their source path from the repository root. */
export const SERVER_ENTRIES = [
  'scripts/start.ts',
  'scripts/serve-api.ts',
  'scripts/ha/instance.ts',
  'scripts/lib/benchServer.ts',
  // The browser tests' app server and the second servers some of them start.
  'tests/e2e/server.ts',
  'tests/e2e/extraServer.ts',
];
/** What a bundle depends on besides the modules it imports. */
const BUILD_INPUTS = ['scripts/lib/serverBuild.mjs', 'tsconfig.json', 'package-lock.json'];

/** The bundle of an entry of SERVER_ENTRIES: dist/server/<its path with '/' as '-'>.mjs, absolute. */
export function serverBundle(entry) {
  if (!SERVER_ENTRIES.includes(entry))
    throw new Error(`${entry} is not a server entry (one of ${SERVER_ENTRIES.join(', ')})`);
  return join(
    OUT_DIR,
    `${entry
      .replace(/^scripts\//, '')
      .replace(/\.ts$/, '')
      .replaceAll('/', '-')}.mjs`,
  );
}

/**
 * Each module keeps its own location: `import.meta.url` and `import.meta.dirname` in a source file
 * are written as its source file's, found from the bundle's own place at run time, so the paths the
 * server reads beside its sources (migrations, schemas) are those of a run through tsx.
 */
const sourceLocations = {
  name: 'source-locations',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.')) return undefined;
      const url = JSON.stringify(relative(OUT_DIR, args.path));
      const dir = JSON.stringify(relative(OUT_DIR, dirname(args.path)));
      return {
        contents: text
          .replaceAll('import.meta.url', `__hawkeyeSource.url(${url})`)
          .replaceAll('import.meta.dirname', `__hawkeyeSource.dir(${dir})`),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};
const BANNER = `import { fileURLToPath as __hawkeyeFileURLToPath } from 'node:url';
const __hawkeyeSource = {
  url: (path) => new URL(path, import.meta.url).href,
  dir: (path) => __hawkeyeFileURLToPath(new URL(path, import.meta.url)),
};`;

/** True when a bundle is missing or a file it was built from changed since. */
export function serverIsStale() {
  if (!existsSync(INPUTS_FILE)) return true;
  const { builtAt, inputs } = JSON.parse(readFileSync(INPUTS_FILE, 'utf8'));
  if (SERVER_ENTRIES.some((entry) => !existsSync(serverBundle(entry)))) return true;
  return [...inputs, ...BUILD_INPUTS].some((path) => {
    const file = join(ROOT, path);
    return !existsSync(file) || statSync(file).mtimeMs > builtAt;
  });
}

/**
 * Bundles every entry. Each file is written beside its place and renamed into it, the list of inputs
 * last, so a process that starts meanwhile (or a second build at once) reads whole files.
 */
export async function buildServer() {
  const builtAt = Date.now();
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(
      SERVER_ENTRIES.map((entry) => [relative(OUT_DIR, serverBundle(entry)).replace(/\.mjs$/, ''), entry]),
    ),
    outdir: OUT_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    banner: { js: BANNER },
    plugins: [sourceLocations],
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(OUT_DIR, { recursive: true });
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  const inputs = Object.keys(result.metafile.inputs).filter((path) => !path.includes('node_modules/'));
  const partial = `${INPUTS_FILE}.${process.pid}.partial`;
  writeFileSync(partial, `${JSON.stringify({ builtAt, inputs }, null, 1)}\n`);
  renameSync(partial, INPUTS_FILE);
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

/** Builds the bundles when stale; `log` hears of a build. */
export async function ensureServerBuilt(log = (message) => console.log(message)) {
  if (!serverIsStale()) return;
  log('Building the server...');
  const { ms } = await buildServer();
  log(`Server built in ${(ms / 1000).toFixed(1)} s`);
}
