// `node scripts/launch.cjs scripts/start.ts [args...]`: runs one of the server's entries from its
// bundle (scripts/lib/serverBuild.mjs), building that entry's bundles first when a source changed
// since their last build (`npm start` builds the app's, never the tests'). `--build` builds the
// app's bundles when stale (`npm run build`). The entry sees the arguments after its name, as if
// Node ran it directly. `npm start`'s entry runs under a supervisor that starts it again when it
// dies (scripts/lib/supervisor.mjs); `--supervise` before another entry does the same for it (the
// disk-full fault test runs the API alone so).
//
// CommonJS on purpose: Node sizes its thread pool when it first uses it, and loading an ES module
// already does; the server's pool must be larger than Node's default (scripts/lib/threadPool.cjs).
process.env.UV_THREADPOOL_SIZE = require('./lib/threadPool.cjs').serverThreadPoolSize();

const { pathToFileURL } = require('node:url');

async function main() {
  const { ensureServerBuilt, SERVER_ENTRIES, serverBundle } = await import('./lib/serverBuild.mjs');
  const supervised = process.argv[2] === '--supervise';
  const [entry, ...args] = process.argv.slice(supervised ? 3 : 2);
  if (entry === '--build' && !supervised) {
    await ensureServerBuilt();
  } else if (!SERVER_ENTRIES.includes(entry)) {
    process.stderr.write(
      `Usage: node scripts/launch.cjs [--supervise] <entry> [args...], the entry one of:\n  ${SERVER_ENTRIES.join('\n  ')}\n`,
    );
    process.exitCode = 2;
  } else {
    // Build messages go to stderr: a caller may read the entry's first lines from stdout.
    await ensureServerBuilt((message) => process.stderr.write(`${message}\n`), entry);
    const bundle = serverBundle(entry);
    if (supervised || entry === 'scripts/start.ts') {
      const { superviseServer } = await import('./lib/supervisor.mjs');
      superviseServer({ script: bundle, args, execArgv: ['--enable-source-maps'] });
      return;
    }
    // Stack traces name the TypeScript sources (the bundles' source maps).
    process.setSourceMapsEnabled(true);
    process.argv = [process.argv[0], bundle, ...args];
    await import(pathToFileURL(bundle).href);
  }
}

// Run as a program; a test requires it for the thread pool's size alone (tests/unit/launch.test.ts).
if (require.main === module) {
  // A failure is thrown again outside the promise, as an ES module's top-level await would: Node
  // prints it and exits with status 1, even when the entry had already opened a socket or a database.
  main().catch((error) => {
    process.nextTick(() => {
      throw error;
    });
  });
}
