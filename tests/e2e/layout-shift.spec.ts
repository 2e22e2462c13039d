import { signInQuickly, widgetsReady } from './helpers';
import { expect, test } from './test';

// A page's panels stay where they are while its charts draw: a click aimed at a panel below a chart
// (Export CSV, a table's sort) lands where it was aimed. Measured as the browser's layout-shift
// score (Web Vitals' CLS; 0.1 is their bound for 'good') of the shifts that move the page's content.

declare global {
  interface Window {
    panelShift: number;
  }
}

for (const width of [1280, 375]) {
  for (const route of ['/dashboard/caller-behavior', '/dashboard/volume']) {
    test(`${route} at ${width} px: no panel moves while the charts draw`, async ({ page }) => {
      await signInQuickly(page, 'admin');
      await page.setViewportSize({ width, height: 800 });
      await page.addInitScript(() => {
        window.panelShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as PerformanceEntry[] & LayoutShiftEntry[]) {
            const inPanel = entry.sources.some(
              (s) => s.node instanceof Element && s.node.closest('[data-testid="dashboard-content"]'),
            );
            if (!entry.hadRecentInput && inPanel) window.panelShift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(route);
      const main = page.locator('main');
      await widgetsReady(main);
      // Every chart drawn (an SVG of marks), whatever the page says of it.
      const charts = main.locator('[data-widget-kind="chart"], [data-widget-kind="pie"]');
      expect(await charts.count()).toBeGreaterThan(0);
      for (const chart of await charts.all()) await expect(chart.locator('svg.marks')).toBeVisible();
      // Layout-shift entries arrive after the frame they happened in.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await page.evaluate(() => window.panelShift)).toBeLessThan(0.01);
    });
  }
}

// The first load: the filter bar has its page's shape from the first paint (the server puts the
// pages' filter-bar flags in the app's page), and the footer starts below the fold, so nothing on
// screen moves while the definitions and the panels arrive. Action Required hides the period: its bar
// used to shrink when the definitions came, a whole-page score of 0.23 at 1280 px and 0.59 at 375.
for (const width of [1280, 375]) {
  test(`/dashboard/action-required at ${width} px: the first load moves nothing on screen`, async ({
    page,
  }) => {
    await signInQuickly(page, 'admin');
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript(() => {
      window.panelShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEntry[] & LayoutShiftEntry[])
          if (!entry.hadRecentInput) window.panelShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/dashboard/action-required');
    await widgetsReady(page.locator('main'));
    await expect(page.getByTestId('filter-apply')).toBeVisible();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.evaluate(() => window.panelShift)).toBeLessThan(0.05);
  });
}

interface LayoutShiftEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null }[];
}
