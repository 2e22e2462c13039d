import { configDefaults, defineConfig } from 'vitest/config';

/** Unit test files that run in a module graph of their own (the project unit-isolated). */
const UNIT_ISOLATED = ['tests/unit/engine/render/widgetCodeLoading.test.tsx'];

// Projects: unit (fast, no database; unit-isolated beside it), store (DuckDB and PostgreSQL), api (a
// live server over HTTP), ha (several API instances on replicated PostgreSQL behind HAProxy).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Worker threads rather than processes: the same tests for about an eighth less CPU time
          // (a thread starts faster than a process).
          pool: 'threads',
          // One module graph per worker, not one per file: 28 CPU-seconds and 23 s against 56 and 45
          // (on a quiet machine), the files passing in any order (five shuffled runs). A file
          // that needs modules fresh is in unit-isolated below.
          isolate: false,
          // Some unit tests compile the dashboard schemas (Vega-Lite's among them) or render with
          // jsdom: seconds on a quiet machine, several times that beside other work.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Every unit test is under tests/unit, its folders mirroring the code's (tests/unit/engine/format
          // for engine/format, tests/unit/client/editor for src/client/editor).
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...UNIT_ISOLATED],
          environment: 'node',
          setupFiles: ['tests/support/jsdomCanvas.ts'],
        },
      },
      {
        // Unit tests that need the modules fresh: a page drawn before the widgets' code has arrived,
        // which in a shared graph another file has already loaded.
        test: {
          name: 'unit-isolated',
          pool: 'threads',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          include: UNIT_ISOLATED,
          environment: 'node',
          setupFiles: ['tests/support/jsdomCanvas.ts'],
        },
      },
      {
        test: {
          name: 'store',
          include: ['tests/store/**/*.test.ts'],
          setupFiles: ['tests/store/setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // The small demo scale seeded once per driver; seeded test servers start on copies.
          globalSetup: ['tests/api/seedTemplates.ts'],
          // One module graph for every file: each would otherwise import the whole server again
          // (about 10 s a file beside the browser tests). Each file starts and stops its own servers.
          isolate: false,
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        // The deployment of docs/operations.md under load (npm run test:ha; npm test runs it after the API tests).
        test: {
          name: 'ha',
          include: ['tests/ha/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
