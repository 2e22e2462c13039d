import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/lib/chromium';
import { E2E_BASE_URL, E2E_VIEWPORT } from './tests/e2e/e2eEnv';

// Debian's Chromium only, never a browser downloaded by Playwright: its headless shell
// (chromium-headless-shell, the same Blink and V8 as /usr/bin/chromium without the browser's UI), the
// build Playwright itself runs headless tests in. It draws the same pages for about a quarter less CPU.
//
// Two flags make each page load cheaper, neither changing what a page does (docs/testing.md):
// - one renderer process per site (`--process-per-site`): every page of the app in a context shares
//   one process, which tests/e2e/test.ts keeps alive between tests with a page of its own. A page load
//   in a process that has run the app before finds its scripts compiled (V8's cache of the process);
//   a new process parses and compiles them again, as each test's new page had one. About a sixth less
//   CPU per dashboard visit, 40 % less on the page's main thread (2026-11-27, 10 visits, four rounds in
//   turns). `--renderer-process-limit=1`, used before, did not share one: each test's page closes
//   before the next opens, and the next got a process of its own;
// - V8 without its optimizing compilers (Maglev, TurboFan): a test's page lives seconds, and about
//   half a second of CPU per page load went to optimizing code that ran a few times before the page
//   closed. Ignition and Sparkplug still run every script.
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  globalTeardown: './tests/e2e/teardown.ts',
  use: {
    baseURL: E2E_BASE_URL,
    viewport: E2E_VIEWPORT,
    launchOptions: {
      executablePath: '/usr/bin/chromium-headless-shell',
      args: [...CHROMIUM_ARGS, '--process-per-site', '--js-flags=--no-maglev,--no-opt'],
    },
  },
  webServer: {
    // From its bundle, built first when a source changed (scripts/lib/serverBuild.mjs).
    command: 'node scripts/launch.cjs tests/e2e/server.ts',
    url: `${E2E_BASE_URL}/healthz`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
