import { type BrowserContext, test as base, type Page } from '@playwright/test';
import { E2E_BASE_URL, E2E_BROWSER_NOW, E2E_VIEWPORT } from './e2eEnv';

export * from '@playwright/test';

/**
 * Pins a browser context's clock: every page starts at E2E_BROWSER_NOW (local time) and its clock
 * runs on from there at the normal pace. Only Date moves; timers and animation frames are the
 * browser's own.
 */
export async function pinClock(context: BrowserContext): Promise<void> {
  await context.addInitScript((now: string) => {
    const RealDate = Date;
    const offset = new RealDate(now).getTime() - RealDate.now();
    class PinnedDate extends RealDate {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(RealDate.now() + offset);
        else super(...(args as [string]));
      }
      static override now() {
        return RealDate.now() + offset;
      }
    }
    globalThis.Date = PinnedDate as DateConstructor;
  }, E2E_BROWSER_NOW);
}

/**
 * A page of the shared context that stays open on the app's origin for the worker's whole run: with
 * `--process-per-site` (playwright.config.ts) the app's pages share its renderer process, which so
 * outlives each test's page and keeps the app's scripts compiled for the next. It shows a static file
 * of the app (its icon), so no script of the app runs in it.
 */
const KEEPER_PATH = '/favicon.png';
const keepers = new WeakMap<BrowserContext, Page>();

async function keeperOf(context: BrowserContext): Promise<Page> {
  const kept = keepers.get(context);
  if (kept && !kept.isClosed()) return kept;
  const keeper = await context.newPage();
  await keeper.goto(KEEPER_PATH);
  keepers.set(context, keeper);
  return keeper;
}

/**
 * Forgets what a test left in a shared context that the next one could see: cookies, granted
 * permissions, and the app's origin's local storage (remember-me), cleared from the keeper page. Its
 * session storage goes with its page. The HTTP cache and the scripts Chromium compiled are kept: that
 * is the point. The app keeps nothing in IndexedDB or workers.
 */
async function forgetTest(context: BrowserContext): Promise<void> {
  const keeper = await keeperOf(context);
  for (const page of context.pages()) if (page !== keeper) await page.close();
  await keeper.evaluate(() => localStorage.clear());
  await context.clearCookies();
  await context.clearPermissions();
}

/**
 * What a page that outlived its test's timeout was doing: whether it still draws animation frames
 * (every click waits on two) and answers at all, so a hung test says which, in the run's summary.
 */
async function pageState(page: Page): Promise<string> {
  const asked = page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const started = performance.now();
        const state = () => `visibility ${document.visibilityState}, focus ${document.hasFocus()}`;
        requestAnimationFrame(() =>
          resolve(`draws: a frame ${Math.round(performance.now() - started)} ms after asking; ${state()}`),
        );
        setTimeout(() => resolve(`draws no frame in 2 s; ${state()}`), 2000);
      }),
  );
  const silent = new Promise<string>((resolve) =>
    // A page still loading its next document (a reload or a link that never answered) is silent too.
    setTimeout(
      () => resolve(`answers nothing in 5 s: its main thread is busy, or it is still loading ${page.url()}`),
      5000,
    ),
  );
  return Promise.race([asked, silent]).catch((e: Error) => `cannot be asked: ${e.message.split('\n')[0]}`);
}

/** The contexts' options, as playwright.config.ts sets them. */
const CONTEXT_OPTIONS = { baseURL: E2E_BASE_URL, viewport: E2E_VIEWPORT };

/**
 * Playwright's test with the browser's clock pinned (pinClock), so the tests see the same rows and
 * the same periods whatever day they run. A context a test opens itself needs pinClock too.
 *
 * The tests of a worker share one browser context, each in a new page, with cookies, permissions
 * and storage cleared in between (forgetTest): the app's bundles come from the cache after the
 * first test instead of being fetched again for each (about 7 % of the browser tests' time), and
 * beside the keeper page (keeperOf) every test's page runs in one renderer process that has the
 * app's scripts compiled already. A test that changes the context itself (page.clock moves every page of its context) asks
 * for a context of its own with `test.use({ ownContext: true })`; `test.use({ timezoneId })` gets one
 * too. Other context options set with test.use are not applied to the shared context.
 */
export const test = base.extend<{ ownContext: boolean }, { sharedContext: BrowserContext }>({
  ownContext: [false, { option: true }],
  page: async ({ page }, use, testInfo) => {
    await use(page);
    if (testInfo.status === 'timedOut' && !page.isClosed()) {
      testInfo.annotations.push({ type: 'page when the test timed out', description: await pageState(page) });
    }
  },
  sharedContext: [
    async ({ browser }, use) => {
      const context = await browser.newContext(CONTEXT_OPTIONS);
      await pinClock(context);
      await keeperOf(context);
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  context: async ({ browser, ownContext, timezoneId, sharedContext }, use) => {
    if (ownContext || timezoneId) {
      const context = await browser.newContext({ ...CONTEXT_OPTIONS, timezoneId });
      await pinClock(context);
      await use(context);
      await context.close();
      return;
    }
    await use(sharedContext);
    await forgetTest(sharedContext);
  },
});
