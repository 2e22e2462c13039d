import { type BrowserContext, test as base } from '@playwright/test';
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
 * Playwright's test with the browser's clock pinned (pinClock), so the tests see the same rows and
 * the same periods whatever day they run. A context a test opens itself needs pinClock too.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await pinClock(context);
    await use(context);
  },
});
