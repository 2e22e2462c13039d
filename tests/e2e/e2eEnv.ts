/** Where the e2e server listens and keeps its data; the tests read the outbox from DATA_DIR. */
export const E2E_PORT = 8390;
/** A helper endpoint beside the app that hands out impersonation codes (the DuckDB file is locked). */
export const E2E_HELPER_PORT = 8391;
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = '/tmp/client-e2e-data';
