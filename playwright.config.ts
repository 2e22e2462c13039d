import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/lib/chromium';
import { E2E_BASE_URL, E2E_VIEWPORT } from './tests/e2e/e2eEnv';

// Debian's Chromium only, never a browser downloaded by Playwright: its headless shell
// (chromium-headless-shell, the same Blink and V8 as /usr/bin/chromium without the browser's UI), the
// build Playwright itself runs headless tests in. It draws the same pages for about a quarter less CPU.
//
// V8 runs without its optimizing compilers (Maglev, TurboFan): a test's page lives seconds, and about
// half a second of CPU per page load went to optimizing code that ran a few times before the page
// closed. Ignition and Sparkplug still run every script; what a page does is unchanged.
//
// Each test has a browser context of its own (tests/e2e/test.ts): Playwright's isolation, so the
// context options of `test.use` apply and nothing of one test reaches the next.
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
      args: [...CHROMIUM_ARGS, '--js-flags=--no-maglev,--no-opt'],
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
