import {
  accountUser,
  fullPageShot,
  impersonationCode,
  openAccountMenu,
  openDashboard,
  signInQuickly,
  widgetsReady,
} from './helpers';
import { expect, type Page, test } from './test';

// Phones: what a page shows must fit the screen or say where the rest is (screenshots in /tmp/shots).

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('at 320 px the filter bar keeps Apply, Reset and Copy link on the screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await openDashboard(page, '/dashboard/volume', 'volume');
  for (const id of ['filter-apply', 'filter-reset', 'filter-copy-link'])
    await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
  expect(await sideways(page)).toBe(0);
  await fullPageShot(page, 'small-volume', 320);
});

test('at 375 px the default sort column of Missed Calls By Site shows without scrolling the table; at 320 px no pie legend label is cut', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openDashboard(page, '/dashboard/caller-behavior', 'caller-behavior');
  const table = page.getByTestId('table-missedBySite');
  // Down to the table, not across it.
  await table.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
  const header = table.getByRole('columnheader', { name: /^% Missed/ });
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const box = (await header.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(await sideways(page)).toBe(0);
  const legend = page.getByTestId('pie-call-result').locator('[aria-roledescription="legend"] text');
  for (const width of [375, 320, 1280]) {
    await fullPageShot(page, 'small-caller-behavior', width);
    // Every legend label whole (on two lines where it is long): none cut short with an ellipsis.
    await expect(legend.first()).toBeVisible();
    expect((await legend.allTextContents()).filter((l) => l.includes('\u2026'))).toEqual([]);
  }
});

test('at 375 px a long impersonated name that is cut can still be read whole', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const username = await accountUser('maximiliana-alexandra-vandenberghe-oppenheimer', 1);
  await signInQuickly(page);
  await page.goto('/dashboard');
  await widgetsReady(page.getByTestId('dashboard-home'));
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Impersonate User' }).click();
  const modal = page.getByRole('dialog', { name: 'Impersonate User' });
  await modal.getByLabel('Impersonation Code').fill(await impersonationCode(username));
  const reloaded = page.waitForEvent('load');
  await modal.getByRole('button', { name: 'Impersonate' }).click();
  await reloaded;
  const bar = page.getByTestId('impersonating');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('title', `Impersonating: ${username} Tester`);
  expect(await sideways(page)).toBe(0);
  await fullPageShot(page, 'small-impersonating', 375);
});
