import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Where the e2e server listens and keeps its data; the tests read the outbox from DATA_DIR.
// E2E_PORT moves the whole set (app, helper, data folder), so two runs can share a machine.
/** The app's port. */
export const E2E_PORT = Number(process.env.E2E_PORT || 8390);
/** A helper endpoint beside the app that hands out impersonation codes (the DuckDB file is locked). */
export const E2E_HELPER_PORT = E2E_PORT + 1;
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = join(tmpdir(), `hawkeye-e2e-data-${E2E_PORT}`);
