// `npm run db:migrate`: applies the numbered migrations to the configured database, and rebuilds the
// rollups when they are not current for the data (as the server's start does).
import { migrateWithRollups } from '../src/server/analytics/rollups';
import { loadConfig } from '../src/server/config';
import { openStore } from '../src/server/store';
import { readCommandLine } from './lib/args';

readCommandLine('Usage: npm run db:migrate', {});

const store = await openStore(loadConfig());
const { applied } = await migrateWithRollups(store, (line) => process.stdout.write(`${line}\n`));
await store.close();
process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Up to date\n');
