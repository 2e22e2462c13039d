import { appliedFilter, signIn, signInQuickly, widgetsReady } from './helpers';
import { expect, type Page, test } from './test';

async function pickPreset(page: Page, label: string) {
  await page.getByTestId('period-picker').click();
  await page.getByTestId('period-dropdown').getByRole('option', { name: label, exact: true }).click();
  await expect(page.getByTestId('period-label')).toHaveText(label);
}

async function openSelect(page: Page, testId: string) {
  await page.getByTestId(testId).click();
  const dropdown = page.getByTestId(`${testId}-dropdown`);
  // Opened by that click: a dropdown that never shows fails here, named, not at the test's timeout.
  await expect(dropdown).toBeVisible();
  return dropdown;
}

async function closeSelect(page: Page) {
  // Outside click closes the dropdown.
  await page.getByRole('heading', { name: 'Filters' }).click();
}

test('the bar starts on Last 30 Days with all accounts and sites applied', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Filters' })).toBeVisible();
  await expect(page.getByTestId('period-label')).toHaveText('Last 30 Days');
  await expect(page.getByTestId('period-dates')).toHaveText(/^\d{2}\/\d{2}\/\d{4} - \d{2}\/\d{2}\/\d{4}$/);
  await expect(page.getByTestId('accounts-select')).toHaveText('All');
  await expect(page.getByTestId('sites-select')).toHaveText('All');
  await expect(page.getByTestId('filter-apply')).toBeDisabled();
  const f = await appliedFilter(page);
  expect(f.siteIds).toEqual([]);
  expect(f.accountIds.length).toBe(3);
  expect(f.dateRange.label).toBe('Last 30 Days');
});

test('Apply publishes and stores the filter, which a reload restores; Reset goes back to the defaults', async ({
  page,
}) => {
  await signIn(page);
  await pickPreset(page, 'Prior Month');
  await expect(page.getByTestId('filter-apply')).toBeEnabled();

  const sites = await openSelect(page, 'sites-select');
  await expect(sites.getByPlaceholder('Search')).toBeVisible();
  await sites.getByRole('button', { name: 'Uncheck All' }).click();
  await expect(page.getByTestId('sites-select')).toHaveText('None');
  // An empty site selection is not an unsaved change.
  await expect(page.getByTestId('filter-apply')).toBeDisabled();
  const names = await sites.getByRole('option').allTextContents();
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  await sites.getByPlaceholder('Search').fill(names[1].slice(0, 6));
  await expect(sites.getByRole('option').first()).toContainText(names[1].slice(0, 6));
  await sites.getByRole('button', { name: 'Clear search' }).click();
  await expect(sites.getByRole('option')).toHaveCount(names.length);
  await sites.getByRole('option', { name: names[0] }).click();
  await expect(sites.getByRole('option', { name: names[0] })).toHaveAttribute('aria-selected', 'true');
  await closeSelect(page);
  await expect(sites).toBeHidden();
  await expect(page.getByTestId('sites-select')).toHaveText(names[0]);
  await sites.isHidden();
  await openSelect(page, 'sites-select');
  await sites.getByRole('option', { name: names[1] }).click();
  await closeSelect(page);
  await expect(page.getByTestId('sites-select')).toHaveText('Multiple 2');

  const before = Number(await page.getByTestId('dashboard-content').getAttribute('data-applied-count'));
  await page.getByTestId('filter-apply').click();
  await expect(page.getByTestId('dashboard-content')).toHaveAttribute(
    'data-applied-count',
    String(before + 1),
  );
  await expect(page.getByTestId('filter-apply')).toBeDisabled();
  const applied = await appliedFilter(page);
  expect(applied.siteIds).toHaveLength(2);
  expect(applied.dateRange.label).toBe('Prior Month');
  expect(
    await page.evaluate(() => JSON.parse(sessionStorage.getItem('stored-applied-dateRange') ?? '{}').label),
  ).toBe('Prior Month');

  await page.reload();
  await expect(page.getByTestId('period-label')).toHaveText('Prior Month');
  await expect(page.getByTestId('sites-select')).toHaveText('Multiple 2');
  await expect(page.getByTestId('dashboard-content')).toHaveAttribute('data-applied-count', '1');
  expect((await appliedFilter(page)).siteIds).toEqual(applied.siteIds);

  await page.getByTestId('filter-reset').click();
  await expect(page.getByTestId('period-label')).toHaveText('Last 30 Days');
  await expect(page.getByTestId('sites-select')).toHaveText('All');
  await expect(page.getByTestId('accounts-select')).toHaveText('All');
  await expect(page.getByTestId('dashboard-content')).toHaveAttribute('data-applied-count', '2');
  expect((await appliedFilter(page)).siteIds).toEqual([]);
});

test('a calendar range that is no preset becomes Custom and survives a reload', async ({ page }) => {
  await signIn(page);
  await page.getByTestId('period-picker').click();
  const dropdown = page.getByTestId('period-dropdown');
  const days = dropdown.locator('button[data-month-level], table button:not([data-outside]):not([disabled])');
  await days.nth(2).click();
  await days.nth(4).click();
  await expect(page.getByTestId('period-label')).toHaveText('Custom');
  await page.getByTestId('filter-apply').click();
  await expect(page.getByTestId('dashboard-content')).toHaveAttribute('data-applied-count', '2');
  const range = (await appliedFilter(page)).dateRange;
  expect(range.label).toBe('Custom');
  await page.reload();
  await expect(page.getByTestId('period-label')).toHaveText('Custom');
  expect((await appliedFilter(page)).dateRange).toEqual(range);
});

test('accounts: one account narrows the sites; several non-all accounts are refused with a banner', async ({
  page,
}) => {
  await signIn(page);
  const accounts = await openSelect(page, 'accounts-select');
  await accounts.getByRole('button', { name: 'Uncheck All' }).click();
  await expect(page.getByTestId('accounts-select')).toHaveText('None');
  await expect(page.getByTestId('sites-select')).toHaveText('None');
  await expect(page.getByTestId('filter-apply')).toBeDisabled();
  const accountNames = await accounts.getByRole('option').allTextContents();
  await accounts.getByRole('option', { name: accountNames[0] }).click();
  await closeSelect(page);
  await expect(page.getByTestId('accounts-select')).toHaveText(accountNames[0]);
  await expect(page.getByTestId('sites-select')).toHaveText('All');
  const sites = await openSelect(page, 'sites-select');
  await expect(sites.getByRole('option').first()).toBeVisible();
  const offered = await sites.getByRole('option').count();
  expect(offered).toBeGreaterThan(0);
  expect(offered).toBeLessThan(9);
  await closeSelect(page);
  await expect(page.getByTestId('filter-apply')).toBeEnabled();

  await openSelect(page, 'accounts-select');
  await accounts.getByRole('option', { name: accountNames[1] }).click();
  await closeSelect(page);
  const bar = page.getByTestId('message-bar');
  await expect(bar).toHaveText(
    'Too many accounts have been selected. Please select one account or all accounts.',
  );
  await expect(page.getByTestId('accounts-select')).toHaveAttribute('data-error', 'true');
  await expect(page.getByTestId('filter-apply')).toBeDisabled();
  await expect(bar).toBeHidden({ timeout: 7_000 });

  await openSelect(page, 'accounts-select');
  await accounts.getByRole('button', { name: 'Check All', exact: true }).click();
  await closeSelect(page);
  await expect(page.getByTestId('accounts-select')).toHaveText('All');
  await expect(page.getByTestId('filter-apply')).toBeEnabled();
});

test('sites: more than 300 (not all) is refused; a stored list over 300 restores as all', async ({
  page,
}) => {
  // 350 sites in account 1 and 50 in account 2.
  const many = Array.from({ length: 400 }, (_, i) => ({
    id: 10_000 + i,
    name: `Site ${String(i).padStart(3, '0')}`,
    accountId: i < 350 ? 1 : 2,
    siteIsActive: i % 50 !== 7,
  }));
  await page.route('**/api/sites', (route) => route.fulfill({ json: many }));
  await page.route('**/api/account', (route) =>
    route.fulfill({
      json: [
        { accountId: 1, accountName: 'Alpha Homes', isActive: true },
        { accountId: 2, accountName: 'Beta Living', isActive: true },
      ],
    }),
  );
  await signIn(page);
  const accounts = await openSelect(page, 'accounts-select');
  await accounts.getByRole('button', { name: 'Uncheck All' }).click();
  await accounts.getByRole('option', { name: 'Alpha Homes' }).click();
  await closeSelect(page);
  await expect(page.getByTestId('sites-select')).toHaveText('All');
  const sites = await openSelect(page, 'sites-select');
  await expect(sites.getByRole('option')).toHaveCount(350);
  await expect(sites.getByRole('option', { name: 'Site 007 (Inactive)' })).toBeVisible();
  // All 350 selected is fine; 349 is more than 300 and not all.
  await sites.getByRole('option', { name: 'Site 000' }).click();
  await closeSelect(page);
  await expect(page.getByTestId('message-bar')).toHaveText(
    'Too many sites have been selected. Please select up to 300 sites or all sites.',
  );
  await expect(page.getByTestId('sites-select')).toHaveText('Multiple 349');
  await expect(page.getByTestId('sites-select')).toHaveAttribute('data-error', 'true');
  await expect(page.getByTestId('filter-apply')).toBeDisabled();

  // A stored list of more than 300 ids counts as all sites.
  await page.evaluate(
    (ids) => {
      sessionStorage.setItem('stored-applied-sites', JSON.stringify(ids));
      sessionStorage.removeItem('stored-applied-accounts');
    },
    many.slice(0, 301).map((s) => s.id),
  );
  await page.reload();
  await expect(page.getByTestId('sites-select')).toHaveText('All');
  expect((await appliedFilter(page)).siteIds).toEqual([]);
});

test('after a 5xx every panel shows its error card, and Apply or Reset asks every panel again', async ({
  page,
}) => {
  await signIn(page);
  // The data calls answer 503 (a database outage) while `failing` is set.
  let failing = true;
  let sent = 0;
  await page.route(/\/api\/data(\/|$)/, async (route) => {
    sent++;
    if (!failing) return route.continue();
    await route.fulfill({
      status: 503,
      headers: { 'retry-after': '5' },
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'Service Unavailable',
        message: 'The service is temporarily unavailable.',
      }),
    });
  });
  await page.goto('/dashboard/caller-behavior');
  const dashboard = page.getByTestId('dashboard-caller-behavior');
  await expect(dashboard.getByTestId('panel-error').first()).toBeVisible();
  // The card says what happened in words, not 'HTTP 503: ...'.
  const card = dashboard.getByTestId('panel-error').first();
  await expect(card.getByTestId('panel-error-text')).toHaveText(
    'The figures could not be loaded just now. Try again in a moment.',
  );
  await expect(card).not.toContainText('HTTP');
  await expect(card).toContainText(/^('.+'|This panel) could not be shown/);

  failing = false;
  const beforeApply = sent;
  await pickPreset(page, 'Prior Month');
  await page.getByTestId('filter-apply').click();
  await expect(dashboard.getByTestId('panel-error')).toHaveCount(0);
  await expect(dashboard.locator('[data-widget-bound="true"]:not([data-widget-state="ready"])')).toHaveCount(
    0,
  );
  expect(sent).toBeGreaterThan(beforeApply);

  // Fail again, then Reset: the same again.
  failing = true;
  await pickPreset(page, 'Yesterday');
  await page.getByTestId('filter-apply').click();
  await expect(dashboard.getByTestId('panel-error').first()).toBeVisible();
  failing = false;
  const beforeReset = sent;
  await page.getByTestId('filter-reset').click();
  await expect(dashboard.getByTestId('panel-error')).toHaveCount(0);
  await expect(dashboard.locator('[data-widget-bound="true"]:not([data-widget-state="ready"])')).toHaveCount(
    0,
  );
  expect(sent).toBeGreaterThan(beforeReset);
});

test('a 5xx on the sites or the accounts at page load is asked again (later each time), and the page recovers without a reload', async ({
  page,
}) => {
  await signInQuickly(page);
  // The first two asks for the sites answer 500, the first for the accounts 504 (with the app's body).
  let sitesFailing = 2;
  let accountsFailing = 1;
  const failOnce = (status: number) => ({
    status,
    json: { error: status === 504 ? 'Gateway Timeout' : 'Internal Server Error', message: 'Try again.' },
  });
  await page.route(
    (url) => url.pathname === '/api/sites',
    (route) => (sitesFailing-- > 0 ? route.fulfill(failOnce(500)) : route.fallback()),
  );
  await page.route(
    (url) => url.pathname === '/api/account',
    (route) => (accountsFailing-- > 0 ? route.fulfill(failOnce(504)) : route.fallback()),
  );
  await page.goto('/dashboard');
  // 1 s, then 2 s later the sites are asked again: the filter applies and the panels draw.
  await expect(page.getByTestId('dashboard-content')).toHaveAttribute('data-applied-count', /[1-9]/, {
    timeout: 30_000,
  });
  expect(sitesFailing).toBe(-1);
  expect(accountsFailing).toBe(-1);
  await expect(page.getByTestId('sites-select')).toHaveText('All');
  await expect(page.getByTestId('accounts-select')).toHaveText('All');
  await widgetsReady(page.getByTestId('dashboard-home'));
  // Reset works again.
  await page.getByTestId('filter-reset').click();
  await expect(page.getByTestId('period-label')).toHaveText('Last 30 Days');
});
