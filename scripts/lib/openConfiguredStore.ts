import { configurePasswordHashing } from '../../src/server/auth/users';
import { loadConfig } from '../../src/server/config';
import { openStore, type Store } from '../../src/server/store';
import { migrate } from '../../src/server/store/migrate';

/** Opens the store the environment names (DATABASE_URL or DATA_DIR) and applies migrations. */
export async function openConfiguredStore(): Promise<Store> {
  const config = loadConfig();
  configurePasswordHashing(config.passwordHashing);
  const store = await openStore(config);
  await migrate(store);
  return store;
}
