import { type BrowserContext, test as base, type Page } from '@playwright/test';
import { E2E_BROWSER_NOW } from './e2eEnv';

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

/**
 * Playwright's test with the browser's clock pinned (pinClock), so the tests see the same rows and
 * the same periods whatever day they run. Each test has a browser context of its own, Playwright's
 * (with the options of playwright.config.ts and of `test.use`): nothing one test leaves in the
 * browser (session, storage, cookies, cache, routes, a moved clock) is seen by the next. A context a
 * test opens itself needs pinClock too.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await pinClock(context);
    await use(context);
  },
  page: async ({ page }, use, testInfo) => {
    await use(page);
    if (testInfo.status === 'timedOut' && !page.isClosed()) {
      testInfo.annotations.push({ type: 'page when the test timed out', description: await pageState(page) });
    }
  },
});
