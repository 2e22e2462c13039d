import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** axe-core's browser build, put into the page before each check. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * What axe-core finds of impact serious or critical on the page as it is now, as
 * 'rule (impact): target: what to fix' lines. Moderate and minor findings are not counted.
 */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  // Colours are read as drawn: a menu or dialog still fading in blends with what is behind it, and
  // an option taking its selected colour is between two. A style changed since the last frame
  // starts its transition at the next one: two frames first, then every transition listed ends.
  await page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
  // axe-core runs every rule in the page itself (the app has no frames): a third of the time of
  // @axe-core/playwright's run, which finishes each check in a second page; put in once per page
  // load. Only violations are listed in full (the passes are not wanted).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run: (c: Node, o: object) => Promise<AxeResults> } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${where} ${v.id} (${v.impact}): ${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    );
}
