import { E2E_BROWSER_NOW } from './e2eEnv';
import { signIn, signInQuickly, submitLogin } from './helpers';
import { expect, test } from './test';

test('the menu marks the item whose path is the URL and opens its section', async ({ page }) => {
  await signIn(page);
  const nav = page.getByTestId('side-menu');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Response Time' })).toBeHidden();

  await page.goto('/dashboard/response-time');
  await expect(nav.getByRole('link', { name: 'Response Time' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Action Required' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');

  await nav.getByRole('link', { name: 'Caller Behavior' }).click();
  await expect(page).toHaveURL(/\/dashboard\/caller-behavior(\?.*)?$/);
  await expect(nav.getByRole('link', { name: 'Caller Behavior' })).toHaveAttribute('aria-current', 'page');
  // The section can be collapsed and opened by hand.
  await nav.getByRole('button', { name: 'Communication Performance' }).click();
  await expect(nav.getByRole('link', { name: 'Volume' })).toBeHidden();
  await nav.getByRole('button', { name: 'Communication Performance' }).click();
  // Once the section has finished opening (until then its last link is partly clipped).
  await expect(nav.getByRole('link', { name: 'Volume' })).toBeInViewport({ ratio: 1 });
  await nav.getByRole('link', { name: 'Volume' }).click();
  await expect(page).toHaveURL(/\/dashboard\/volume(\?.*)?$/);
});

test('at 375 px the menu is an overlay that locks the page and closes after a click', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page);
  await expect(page.getByTestId('side-menu')).toBeHidden();
  await page.getByTestId('menu-toggle').click();
  const overlay = page.getByRole('dialog');
  await expect(overlay).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await expect(overlay.getByText('General')).toBeVisible();
  await expect(overlay.getByText('Request Support')).toBeVisible();
  await expect(overlay.getByText('Share Feedback')).toBeVisible();
  await expect(overlay.getByText('Impersonate User')).toBeVisible();
  await expect(overlay.getByText('Sign Out')).toBeVisible();
  await overlay.getByRole('link', { name: 'Caller Behavior' }).click();
  await expect(page).toHaveURL(/\/dashboard\/caller-behavior(\?.*)?$/);
  await expect(overlay).toBeHidden();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  // The toggle closes it too.
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('the footer shows the version, the year and the policy links; static pages hide the filter bar', async ({
  page,
}) => {
  await signIn(page);
  const footer = page.getByTestId('footer');
  await expect(footer.getByTestId('app-version')).toHaveText('local build');
  await expect(footer).toContainText(String(new Date().getFullYear()));
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByTestId('filter-bar')).toHaveCount(0);
  await footer.getByRole('link', { name: 'Terms of Use' }).click();
  await expect(page).toHaveURL(/\/terms-of-use$/);
  await expect(page.getByTestId('filter-bar')).toHaveCount(0);
  for (const path of ['/share-feedback', '/request-support']) {
    await page.goto(path);
    await expect(page.getByTestId('filter-bar')).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('filter-bar')).toBeVisible();
});

test('a new route scrolls to the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await signIn(page);
  await page.evaluate(() => {
    document.querySelector('[data-testid="dashboard-content"]')?.setAttribute('style', 'min-height: 3000px');
    window.scrollTo(0, 1500);
  });
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Caller Behavior' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('an HTTP 500 from the API shows the internal server error message bar', async ({ page }) => {
  await page.route('**/api/account', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":"Internal Server Error"}',
    }),
  );
  await submitLogin(page);
  const bar = page.getByTestId('message-bar');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('data-type', 'internal-server-error');
  await expect(bar).toContainText('internal server error');
  await expect(bar).toContainText('reload the page');
  await bar.getByRole('button', { name: 'Close message' }).click();
  await expect(bar).toBeHidden();
});

test.describe('on a clock of its own', () => {
  test('an HTTP 504 shows the timeout message naming support, gone after 10 s', async ({ page }) => {
    // The page's timers run on a clock the test moves: the 10 s pass without waiting for them.
    await page.clock.install({ time: new Date(E2E_BROWSER_NOW) });
    // The first ask times out; the page asks again (with backoff) and gets the sites.
    let timedOut = false;
    await page.route('**/api/sites', (route) => {
      if (timedOut) return route.continue();
      timedOut = true;
      return route.fulfill({ status: 504, body: '' });
    });
    await submitLogin(page);
    const bar = page.getByTestId('message-bar');
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('data-type', 'timeout');
    await expect(bar).toContainText('LeaseHawk Support');
    await page.clock.runFor(8_000);
    await expect(bar).toBeVisible();
    await page.clock.runFor(2_000);
    // Between the moves the clock runs at the real pace: a short wait keeps a late close a failure.
    await expect(bar).toBeHidden({ timeout: 2_000 });
  });
});

test('the Loading Data indicator appears only for slow requests', async ({ page }) => {
  await signInQuickly(page);
  // The sites request is answered only once the indicator shows: slow for as long as it takes.
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/sites', async (route) => {
    await answered;
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByTestId('loading-data')).toBeVisible();
  await expect(page.getByTestId('loading-data')).toHaveText('Loading Data');
  answer();
  await expect(page.getByTestId('loading-data')).toBeHidden();
});

test('signed in, an unknown dashboard path redirects through /login to /dashboard', async ({ page }) => {
  await signInQuickly(page);
  await page.goto('/dashboard/no-such-page');
  await expect(page).toHaveURL(/\/dashboard(\?.*)?$/);
  await expect(page.getByTestId('dashboard-home')).toBeVisible();
  await page.goto('/not/a/route/at/all');
  await expect(page).toHaveURL(/\/dashboard(\?.*)?$/);
});

test('the message bar sits under the top bar, which stays usable', async ({ page }) => {
  await signInQuickly(page);
  await page.route(/\/api\/data(\/|$)/, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":"Internal Server Error"}',
    }),
  );
  await page.goto('/dashboard/volume');
  const bar = page.getByTestId('message-bar');
  await expect(bar).toBeVisible();
  const top = (await page.getByTestId('top-bar').boundingBox())!;
  const message = (await bar.boundingBox())!;
  expect(message.y).toBeGreaterThanOrEqual(top.y + top.height - 1);
  // The account menu in the top bar still takes a click.
  await page.getByTestId('account-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
});
