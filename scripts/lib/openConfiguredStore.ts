import { migrateWithRollups } from '../../src/server/analytics/rollups';
import { configurePasswordHashing } from '../../src/server/auth/users';
import { loadConfig } from '../../src/server/config';
import { openStore, type Store } from '../../src/server/store';

/** Opens the store the environment names (DATABASE_URL or DATA_DIR) and applies migrations (rollups rebuilt as the server's start does). */
export async function openConfiguredStore(): Promise<Store> {
  const config = loadConfig();
  configurePasswordHashing(config.passwordHashing);
  const store = await openStore(config);
  await migrateWithRollups(store, (line) => process.stderr.write(`${line}\n`));
  return store;
}
