import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import { appliedFilter, fullPageShot, openDashboard } from './helpers';
import { expect, test } from './test';

// Charts and pies download as PNG and SVG (Vega's own export), named as a table's CSV is:
// '<page> - <panel or pie title> - <period>.png|svg'.

async function downloadOf(
  page: Page,
  widget: Locator,
  noun: string,
  format: 'PNG' | 'SVG',
): Promise<Download> {
  const downloading = page.waitForEvent('download');
  await widget.getByRole('button', { name: `Download ${noun} as ${format}` }).click();
  return downloading;
}

const bytesOf = async (download: Download) => readFileSync((await download.path())!);

test('a chart and a pie of the home page download as PNG and SVG, named after page, panel and period', async ({
  page,
}) => {
  await openDashboard(page, '/dashboard', 'home');
  const { dateRange } = await appliedFilter(page);
  const period = `${dateRange.label} ${dateRange.currentPeriod.start} to ${dateRange.currentPeriod.end}`;
  const cases = [
    { widget: page.getByTestId('chart-volume'), noun: 'chart', panel: 'Volume', mark: /<path|<rect/g },
    {
      widget: page.getByTestId('pie-ad-source-leases'),
      noun: 'pie',
      panel: 'Ad Source Effectiveness',
      mark: /<path/g,
    },
  ];
  for (const { widget, noun, panel, mark } of cases) {
    await expect(widget.locator('svg').first()).toBeVisible();
    const png = await downloadOf(page, widget, noun, 'PNG');
    expect(png.suggestedFilename()).toBe(`Dashboard - ${panel} - ${period}.png`);
    const pngBytes = await bytesOf(png);
    expect([...pngBytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    // Twice the drawn size: wider than the chart on screen.
    const shownWidth = (await widget.locator('svg').first().boundingBox())!.width;
    expect(pngBytes.readUInt32BE(16)).toBeGreaterThan(shownWidth * 1.5);

    const svg = await downloadOf(page, widget, noun, 'SVG');
    expect(svg.suggestedFilename()).toBe(`Dashboard - ${panel} - ${period}.svg`);
    const text = (await bytesOf(svg)).toString('utf8');
    // The file parses as SVG and holds the chart's marks.
    const parsed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
      return {
        root: doc.documentElement.nodeName,
        errors: doc.getElementsByTagName('parsererror').length,
        marks: doc.querySelectorAll('path, rect').length,
      };
    }, text);
    expect(parsed).toMatchObject({ root: 'svg', errors: 0 });
    expect(parsed.marks).toBeGreaterThan(0);
    expect(text.match(mark)?.length ?? 0).toBeGreaterThan(0);
  }
  await fullPageShot(page, 'download-home', 1280);
  await fullPageShot(page, 'download-home', 375);
  // At 375 px the buttons stay on the chart's row, small, and still download.
  const chart = page.getByTestId('chart-volume');
  const button = chart.getByRole('button', { name: 'Download chart as PNG' });
  await button.scrollIntoViewIfNeeded();
  expect((await button.boundingBox())!.height).toBeLessThanOrEqual(24);
  const png = await downloadOf(page, chart, 'chart', 'PNG');
  expect(png.suggestedFilename()).toMatch(/\.png$/);
});

test('the two LeadScore pies download under two names; the Action Required CSV names no period', async ({
  page,
}) => {
  await openDashboard(page, '/dashboard/caller-behavior', 'caller-behavior');
  const { dateRange } = await appliedFilter(page);
  const period = `${dateRange.label} ${dateRange.currentPeriod.start} to ${dateRange.currentPeriod.end}`;
  for (const [id, title] of [
    ['pie-caller-type', 'Caller Type'],
    ['pie-call-result', 'Caller Type and Call Result'],
  ]) {
    const pie = page.getByTestId(id);
    await expect(pie.locator('svg').first()).toBeVisible();
    const png = await downloadOf(page, pie, 'pie', 'PNG');
    expect(png.suggestedFilename()).toBe(`Caller Behavior - LeadScore Details - ${title} - ${period}.png`);
  }

  // Action Required counts open items whatever the period (its filter bar shows none).
  await page.goto('/dashboard/action-required');
  const panel = page.getByTestId('panel-actionRequired');
  await expect(panel.locator('[data-widget-kind="table"]')).toHaveAttribute('data-widget-state', 'ready');
  const downloading = page.waitForEvent('download');
  await panel.getByTestId('table-export').click();
  expect((await downloading).suggestedFilename()).toBe('Action Required - Action Required by.csv');
});
