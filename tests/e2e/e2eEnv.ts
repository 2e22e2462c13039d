import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A free loopback port, found synchronously (the Playwright config is read synchronously): a child
 * process listens on port 0 and prints the port it got.
 */
function freePort(): string {
  return execFileSync(
    process.execPath,
    [
      '-e',
      "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
    ],
    { encoding: 'utf8' },
  ).trim();
}

// The ports are picked once, when Playwright reads its config, and handed to the web server and the
// workers through the environment, so two checkouts (or two runs) never collide. E2E_PORT and
// E2E_HELPER_PORT fix them instead.
process.env.E2E_PORT ||= freePort();
process.env.E2E_HELPER_PORT ||= freePort();

/** The app's port. */
export const E2E_PORT = Number(process.env.E2E_PORT);
/** A helper endpoint beside the app that hands out impersonation codes (the DuckDB file is locked). */
export const E2E_HELPER_PORT = Number(process.env.E2E_HELPER_PORT);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** The browser window of every test unless it sets its own. */
export const E2E_VIEWPORT = { width: 1280, height: 800 };
/** Where the e2e server keeps its data; the tests read the outbox from it. */
export const E2E_DATA_DIR = join(tmpdir(), `hawkeye-e2e-data-${E2E_PORT}`);

/**
 * The data's last update, and the browser's clock at the start of every test: the tests see the
 * same rows and the same periods ('Last 30 Days' ends on the same day) whatever day they run.
 */
export const E2E_AS_OF = '2026-11-20T19:00:00Z';
/** The browser's local time when a test starts (an hour after the last update). */
export const E2E_BROWSER_NOW = '2026-11-20T20:00:00';
