// `npm run db:migrate`: applies the numbered migrations to the configured database.
import { loadConfig } from '../src/server/config';
import { openStore } from '../src/server/store';
import { migrate } from '../src/server/store/migrate';

const store = await openStore(loadConfig());
const applied = await migrate(store);
await store.close();
process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Up to date\n');
