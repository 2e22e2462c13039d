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

/**
 * The configured store for a command that needs it: on failure, one line on stderr and exit 1. An
 * embedded DuckDB file held by a running server (DuckDB allows one process) is refused so.
 */
export async function openConfiguredStoreOrExit(): Promise<Store> {
  try {
    return await openConfiguredStore();
  } catch (err) {
    const message = (err as Error).message.split('\n')[0];
    process.stderr.write(
      /lock/i.test(message)
        ? 'The database is in use by a running server (DuckDB allows one process): stop it and retry, or use PostgreSQL.\n'
        : `Cannot open the database: ${message}\n`,
    );
    process.exit(1);
  }
}
