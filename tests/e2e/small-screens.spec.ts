import {
  accountUser,
  fullPageShot,
  impersonationCode,
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

test.describe('on a touch screen', () => {
  // No hover on a phone: a title attribute is never shown there.
  test.use({ hasTouch: true, viewport: { width: 375, height: 800 } });

  test('at 375 px a long impersonated name cut in the top bar reads whole in the account menu after a tap', async ({
    page,
  }) => {
    const name = { first: 'Maximiliana Alexandra', last: 'Vandenberghe-Oppenheimer' };
    const fullName = `${name.first} ${name.last}`;
    const username = await accountUser('vandenberghe-oppenheimer', 1, name);
    await signInQuickly(page);
    await page.goto('/dashboard');
    await widgetsReady(page.getByTestId('dashboard-home'));
    await page.getByTestId('account-menu').tap();
    await page.getByRole('menuitem', { name: 'Impersonate User' }).tap();
    const modal = page.getByRole('dialog', { name: 'Impersonate User' });
    await modal.getByLabel('Impersonation Code').fill(await impersonationCode(username));
    const reloaded = page.waitForEvent('load');
    await modal.getByRole('button', { name: 'Impersonate' }).tap();
    await reloaded;
    const bar = page.getByTestId('impersonating');
    await expect(bar).toContainText('Impersonating:');
    expect(await sideways(page)).toBe(0);
    await fullPageShot(page, 'small-impersonating', 375);

    // A tap on the account button shows the whole name, on as many lines as it takes.
    await page.getByTestId('account-menu').tap();
    const menu = page.getByRole('menu');
    const shown = menu.getByText(fullName, { exact: true });
    await expect(shown).toBeInViewport({ ratio: 1 });
    const cut = await shown.evaluate(
      (el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
    );
    expect(cut).toBe(false);
    await expect(menu.getByText('Signed in as')).toBeVisible();
    await expect(menu.getByTestId('signed-in-as')).toHaveText(username);
    expect(await sideways(page)).toBe(0);
    await fullPageShot(page, 'small-impersonating-menu', 375);

    // On a wide screen the top bar shows the name whole.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await fullPageShot(page, 'small-impersonating', 1280);
    await expect(bar).toHaveText(`Impersonating: ${fullName}`);
    expect(await bar.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(false);
  });
});
