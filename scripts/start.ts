// `npm start` (run from its bundle by scripts/launch.cjs): build the client when stale, open (and on first
// run create and seed) the database, serve.
import { closeOnSignals, demoLoginsText, startOrExit } from '../src/server/main';
import { readCommandLine } from './lib/args';
import { CLIENT_DIR, ensureClientBuilt } from './lib/clientBuild';

readCommandLine('Usage: npm start  (configuration from the environment: README.md)', {});

await ensureClientBuilt();
const { app, url, ctx } = await startOrExit({ clientDir: CLIENT_DIR });
closeOnSignals(app);
process.stdout.write(
  `\nHawkEye is running at ${url}  (database: ${ctx.store.kind}${ctx.store.kind === 'duckdb' ? `, ${ctx.config.dataDir}` : ''})\nDemo sign-ins:\n${demoLoginsText()}\n\n`,
);
