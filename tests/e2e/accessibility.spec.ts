import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import {
  fullPageShot,
  impersonationCode,
  openAccountMenu,
  signIn,
  signInQuickly,
  widgetsReady,
} from './helpers';
import { expect, test } from './test';

/**
 * Every route, with what shows once its own page is there (not the page before it, which stays
 * until the route's code and data have arrived).
 */
const ROUTES: { path: string; page: (page: Page) => Locator }[] = [
  ...[
    ['/dashboard', 'home'],
    ['/dashboard/ad-source-effectiveness', 'ad-source-effectiveness'],
    ['/dashboard/caller-behavior', 'caller-behavior'],
    ['/dashboard/employee-call-performance', 'employee-call-performance'],
    ['/dashboard/action-required', 'action-required'],
    ['/dashboard/response-time', 'response-time'],
    ['/dashboard/volume', 'volume'],
    ['/dashboard/ils-call-performance', 'ils-call-performance'],
  ].map(([path, id]) => ({ path, page: (page: Page) => page.getByTestId(`dashboard-${id}`) })),
  { path: '/dashboard/editor', page: (page) => page.getByTestId('editor-preview') },
  {
    path: '/dashboard/email-alerts',
    page: (page) => page.getByRole('heading', { name: 'Email & alerts', level: 1 }),
  },
  ...['Share Feedback', 'Request Support', 'Privacy Policy', 'Terms of Use'].map((name) => ({
    path: `/${name.toLowerCase().replaceAll(' ', '-')}`,
    page: (page: Page) => page.getByRole('heading', { name, level: 1 }),
  })),
];

/**
 * Goes to `path` inside the app, as its own links do (the history API, which the router follows):
 * the app and axe stay loaded, where opening the URL would load both again for every route.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Waits until every panel of a dashboard (or of the editor's preview) has its rows and has drawn
 * them: a chart still drawing can show a mark container with no items yet, which Vega labels only
 * once they come. Another page, until the network has been quiet for half a second.
 */
async function settled(page: Page, route = new URL(page.url()).pathname): Promise<void> {
  if (route.startsWith('/dashboard') && route !== '/dashboard/email-alerts')
    await widgetsReady(
      page.getByTestId(route === '/dashboard/editor' ? 'editor-preview' : 'dashboard-content'),
    );
  else await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

for (const width of [1280, 375]) {
  test(`every route at ${width} px has no serious or critical axe violation and no sideways scroll (screenshots in /tmp/shots)`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/login');
    await page.getByLabel('Username').waitFor();
    const found = await seriousViolations(page, '/login');
    await fullPageShot(page, 'a11y-login', width);
    await signIn(page);
    for (const [i, { path: route, page: routePage }] of ROUTES.entries()) {
      // The first by its URL (a link opened from elsewhere), the others from inside the app.
      if (i === 0) await page.goto(route);
      else await openInApp(page, route);
      await expect(routePage(page)).toBeVisible();
      await settled(page, route);
      found.push(...(await seriousViolations(page, route)));
      // Nothing spills sideways: a wide table scrolls in its own frame, not the page.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) found.push(`${route} scrolls sideways by ${overflow} px`);
      await fullPageShot(page, `a11y${route.replaceAll('/', '-')}`, width);
    }
    expect(found).toEqual([]);
  });
}

test('open menus, dropdowns and dialogs have no serious or critical axe violation', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await settled(page);
  const found: string[] = [];

  await openAccountMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Impersonate User' })).toBeVisible();
  found.push(...(await seriousViolations(page, 'account dropdown')));

  await page.getByRole('menuitem', { name: 'Impersonate User' }).click();
  await expect(page.getByRole('dialog', { name: 'Impersonate User' })).toBeVisible();
  found.push(...(await seriousViolations(page, 'impersonation modal')));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Impersonate User' })).toBeHidden();

  await page.getByTestId('sites-select').click();
  await expect(page.getByTestId('sites-select-dropdown')).toBeVisible();
  found.push(...(await seriousViolations(page, 'sites multi-select')));
  await page.keyboard.press('Escape');

  await page.getByTestId('period-picker').click();
  await expect(page.getByTestId('period-dropdown')).toBeVisible();
  found.push(...(await seriousViolations(page, 'period picker')));
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 375, height: 900 });
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  found.push(...(await seriousViolations(page, 'mobile menu')));
  await page.getByTestId('menu-toggle').click();

  // Impersonating: the red bar.
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Impersonate User' }).click();
  const modal = page.getByRole('dialog', { name: 'Impersonate User' });
  await modal.getByLabel('Impersonation Code').fill(await impersonationCode('manager'));
  // The app reloads on /dashboard as the impersonated user.
  const reloaded = page.waitForEvent('load');
  await modal.getByRole('button', { name: 'Impersonate' }).click();
  await reloaded;
  await expect(page.getByTestId('impersonating')).toBeVisible();
  await settled(page);
  found.push(...(await seriousViolations(page, 'impersonation bar')));
  expect(found).toEqual([]);
});

test('a table sorts from the keyboard: Tab to a header, Enter and Space cycle its order', async ({
  page,
}) => {
  await signInQuickly(page);
  await page.goto('/dashboard/caller-behavior');
  const table = page.getByTestId('table-missedBySite');
  const site = table.getByRole('columnheader', { name: /^Site/ });
  await expect(site).not.toHaveAttribute('aria-sort', /.+/);
  const button = site.getByRole('button');
  await button.focus();
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(site).toHaveAttribute('aria-sort', 'ascending');
  await expect(site.getByRole('button')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(site).toHaveAttribute('aria-sort', 'descending');
  // Tab moves on to the next header, which sorts in its turn and clears the first.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(table.getByRole('columnheader', { name: /^Calls/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(site).not.toHaveAttribute('aria-sort', /.+/);
});

test('View Details is a link: it names its page, so it opens in a new tab too', async ({ page, context }) => {
  await signIn(page);
  const details = page.getByTestId('panel-volume').getByRole('link', { name: 'View Details' });
  await expect(details).toHaveAttribute('href', '/dashboard/volume');
  const opened = context.waitForEvent('page');
  await details.click({ modifiers: ['Control'] });
  const tab = await opened;
  // A new tab starts on about:blank and navigates from there: wait for the page it was opened on
  // (its load state alone can be about:blank's on a busy machine).
  await tab.waitForURL((url) => /^\/(dashboard\/volume|login)$/.test(url.pathname));
  // The first tab stays where it was.
  await expect(page).toHaveURL(/\/dashboard(\?.*)?$/);
});

test('an info popover opened from the keyboard closes with Escape, the focus staying on its button', async ({
  page,
}) => {
  await signInQuickly(page);
  await page.goto('/dashboard/volume');
  const info = page.getByRole('button', { name: 'About Communication Volume by Type' });
  await info.focus();
  await page.keyboard.press('Enter');
  const popover = page.getByRole('dialog').filter({ hasText: 'Inbound and outbound calls, emails' });
  await expect(popover).toBeVisible();
  await expect(info).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(info).toBeFocused();
  // Enter opens it again, and a click elsewhere closes it.
  await page.keyboard.press('Enter');
  await expect(popover).toBeVisible();
  await page.getByRole('heading', { name: 'Filters' }).click();
  await expect(popover).toBeHidden();
});
