// `node scripts/launch.mjs scripts/start.ts [args...]`: runs one of the server's entries from its
// bundle (scripts/lib/serverBuild.mjs), bundling first when a source changed since the last build.
// The entry sees the arguments after its name, as if Node ran it directly.
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt, SERVER_ENTRIES, serverBundle } from './lib/serverBuild.mjs';

const [, , entry, ...args] = process.argv;
if (entry === '--build') {
  await ensureServerBuilt();
} else if (!SERVER_ENTRIES.includes(entry)) {
  process.stderr.write(
    `Usage: node scripts/launch.mjs <entry> [args...], the entry one of:\n  ${SERVER_ENTRIES.join('\n  ')}\n`,
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
