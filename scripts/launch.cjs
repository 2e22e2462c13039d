// `node scripts/launch.cjs scripts/start.ts [args...]`: runs one of the server's entries from its
// bundle (scripts/lib/serverBuild.mjs), bundling first when a source changed since the last build.
// The entry sees the arguments after its name, as if Node ran it directly.
//
// CommonJS on purpose: Node sizes its thread pool (libuv's, UV_THREADPOOL_SIZE) when it first uses
// it, and loading an ES module already does. Each DuckDB query holds one of those threads while it
// runs, and the store runs up to STORE_CONNECTIONS at once: with Node's default of 4 threads, a
// file read, a response's compression or a password check would wait until a query ended. So the
// pool gets that many threads more than the queries can hold, unless the environment sets its size.
const STORE_CONNECTIONS = 4;
const NODE_DEFAULT_THREADS = 4;
process.env.UV_THREADPOOL_SIZE ??= String(STORE_CONNECTIONS + NODE_DEFAULT_THREADS);

const { pathToFileURL } = require('node:url');

async function main() {
  const { ensureServerBuilt, SERVER_ENTRIES, serverBundle } = await import('./lib/serverBuild.mjs');
  const [, , entry, ...args] = process.argv;
  if (entry === '--build') {
    await ensureServerBuilt();
  } else if (!SERVER_ENTRIES.includes(entry)) {
    process.stderr.write(
      `Usage: node scripts/launch.cjs <entry> [args...], the entry one of:\n  ${SERVER_ENTRIES.join('\n  ')}\n`,
    );
    process.exitCode = 2;
  } else {
    // Build messages go to stderr: a caller may read the entry's first lines from stdout.
    await ensureServerBuilt((message) => process.stderr.write(`${message}\n`));
    const bundle = serverBundle(entry);
    // Stack traces name the TypeScript sources (the bundles' source maps).
    process.setSourceMapsEnabled(true);
    process.argv = [process.argv[0], bundle, ...args];
    await import(pathToFileURL(bundle).href);
  }
}

main().catch((error) => {
  process.exitCode = 1;
  console.error(error);
});
