import {
  accountUser,
  appliedFilter,
  dataRequests,
  openAs,
  openDashboard,
  pill,
  requestBody,
  requestTo,
  signInQuickly,
  widgetsReady,
} from './helpers';
import { expect, type Page, test } from './test';

const ROUTE = '/dashboard/employee-call-performance';
const ID = 'employee-call-performance';

/** The manager's view: a custom range, two sites, and a site's employees (Employee view with a chip). */
async function shareAView(page: Page) {
  await openDashboard(page, ROUTE, ID, 'manager');
  await page.getByTestId('period-picker').click();
  const days = page
    .getByTestId('period-dropdown')
    .locator('button[data-month-level], table button:not([data-outside]):not([disabled])');
  await days.nth(2).click();
  await days.nth(9).click();
  await expect(page.getByTestId('period-label')).toHaveText('Custom');
  await page.getByTestId('sites-select').click();
  const sites = page.getByTestId('sites-select-dropdown');
  await sites.getByRole('button', { name: 'Uncheck All' }).click();
  const names = await sites.getByRole('option').allTextContents();
  await sites.getByRole('option', { name: names[0], exact: true }).click();
  await sites.getByRole('option', { name: names[1], exact: true }).click();
  await page.getByRole('heading', { name: 'Filters' }).click();
  await expect(page.getByTestId('sites-select')).toHaveText('Multiple 2');
  await page.getByTestId('filter-apply').click();
  await expect(page).toHaveURL(
    /[?&]period=custom&from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d&sites=\d+,\d+(&|$)/,
  );
  await expect(page.getByTestId('dashboard-content')).toHaveAttribute(
    'data-applied-filter',
    /"siteIds":\[\d+,\d+\]/,
  );
  const filter = await appliedFilter(page);
  expect(filter.dateRange.label).toBe('Custom');

  const panel = page.getByTestId('panel-performance');
  await widgetsReady(panel);
  const siteName = names[1];
  await panel.getByRole('button', { name: siteName, exact: true }).click();
  await expect(pill(panel, 'Employee')).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByTestId('chip-cpSiteId')).toHaveText(siteName);
  await expect(page).toHaveURL(/&view=employee&site=\d+&site-name=/);
  return { filter, siteName, url: page.url() };
}

test('a view travels by link: same account sees it whole, another account without its sites; Back and Forward move between views', async ({
  page,
  context,
  browser,
}) => {
  // Three people sign in and draw the page: more than one page's worth of work.
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const shared = await shareAView(page);
  const panel = page.getByTestId('panel-performance');

  // Copy link copies the address and says so.
  await page.getByTestId('filter-copy-link').click();
  await expect(page.getByTestId('message-bar-text')).toHaveText(/^Link copied/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shared.url);
  await mkShots(page, 'share-copied');

  // Back returns to the site view of the same filter; Forward drills in again.
  await page.goBack();
  await expect(pill(panel, 'Site')).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByTestId('chip-cpSiteId')).toBeHidden();
  await expect(page).not.toHaveURL(/view=|site=/);
  expect(await appliedFilter(page)).toEqual(shared.filter);
  await page.goForward();
  await expect(pill(panel, 'Employee')).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByTestId('chip-cpSiteId')).toHaveText(shared.siteName);
  expect(page.url()).toBe(shared.url);
  // Two steps back is the filter before Apply (all sites, Last 30 Days); forward again is the shared view.
  await page.goBack();
  await page.goBack();
  await expect(page.getByTestId('period-label')).toHaveText('Last 30 Days');
  await expect(page.getByTestId('sites-select')).toHaveText('All');
  await expect(page.getByTestId('dashboard-content')).toHaveAttribute(
    'data-applied-filter',
    /"siteIds":\[\]/,
  );
  await page.goForward();
  await page.goForward();
  await expect(panel.getByTestId('chip-cpSiteId')).toHaveText(shared.siteName);
  expect(await appliedFilter(page)).toEqual(shared.filter);
  expect(page.url()).toBe(shared.url);

  // A colleague of the same account, signed out: the sign-in returns to the link, and shows the same view.
  const colleague = await openAs(browser, shared.url, await accountUser('share-colleague', 1), ID);
  expect(colleague.url()).toBe(shared.url);
  expect(await appliedFilter(colleague)).toEqual(shared.filter);
  await expect(colleague.getByTestId('period-label')).toHaveText('Custom');
  await expect(colleague.getByTestId('period-dates')).toHaveText(
    await page.getByTestId('period-dates').innerText(),
  );
  await expect(colleague.getByTestId('sites-select')).toHaveText('Multiple 2');
  const theirPanel = colleague.getByTestId('panel-performance');
  await expect(pill(theirPanel, 'Employee')).toHaveAttribute('aria-pressed', 'true');
  await expect(theirPanel.getByTestId('chip-cpSiteId')).toHaveText(shared.siteName);
  await expect(colleague.getByTestId('message-bar')).toBeHidden();
  await colleague.context().close();

  // Someone of another account: the sites are not theirs, so they are left out, with a message.
  const outsider = await openAs(browser, shared.url, await accountUser('share-outsider', 2), ID);
  await expect(outsider.getByTestId('message-bar-text')).toHaveText(
    'This link names 2 sites outside your access; they were left out.',
  );
  const theirs = await appliedFilter(outsider);
  expect(theirs.siteIds).toEqual([]);
  expect(theirs.dateRange).toEqual(shared.filter.dateRange);
  await expect(outsider.getByTestId('sites-select')).toHaveText('All');
  const outsiderPanel = outsider.getByTestId('panel-performance');
  await expect(pill(outsiderPanel, 'Employee')).toHaveAttribute('aria-pressed', 'true');
  await expect(outsiderPanel.getByTestId('chip-cpSiteId')).toBeHidden();
  await expect(outsider).not.toHaveURL(/sites=|[?&]site=/);
  // One message for the whole link, still up once the page has drawn.
  await widgetsReady(outsiderPanel);
  await expect(outsider.getByTestId('message-bar-text')).toHaveText(/^This link names 2 sites/);
  await mkShots(outsider, 'share-left-out');
  await outsider.context().close();
});

async function mkShots(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/shots/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an address without a filter gets the one session storage remembers (SPEC.md section 3), written into it', async ({
  page,
}) => {
  await openDashboard(page, '/dashboard/volume', 'volume', 'manager');
  await page.getByTestId('period-picker').click();
  await page.getByTestId('period-dropdown').getByRole('option', { name: 'Prior Month', exact: true }).click();
  await page.getByTestId('filter-apply').click();
  await expect(page).toHaveURL(/\/dashboard\/volume\?period=prior-month$/);
  await expect(page.getByTestId('dashboard-content')).toHaveAttribute('data-applied-filter', /Prior Month/);
  // A fresh load of a bare address (a bookmark, a typed URL): the stored filter, now in the URL too.
  await page.goto('/dashboard/caller-behavior');
  await expect(page).toHaveURL(/\/dashboard\/caller-behavior\?period=prior-month$/);
  await expect(page.getByTestId('period-label')).toHaveText('Prior Month');
  expect((await appliedFilter(page)).dateRange.label).toBe('Prior Month');
  // A menu link (no query) keeps the applied filter and puts it in the address.
  await page.getByRole('link', { name: 'Employee Call Performance' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/employee-call-performance\?period=prior-month$/);
  await expect(page.getByTestId('period-label')).toHaveText('Prior Month');
});

test("a shared link shows its receiver the sender's view, whatever the receiver remembered; a bare address keeps what they remembered", async ({
  page,
  context,
}) => {
  test.slow();
  const AR_BY_SITE = '/api/data/action_required/by_site';
  const TREND = '/api/data/communication/average_response_time_trend';
  // The sender: Action Required and Response Time as they first show (every relationship, by week).
  const sent = await openDashboard(page, '/dashboard/action-required', 'action-required');
  const arLink = page.url();
  const arBody = requestBody(sent.filter(requestTo(AR_BY_SITE)).at(-1)!);
  const arTotal = await page.getByTestId('panel-actionRequired').getByTestId('totals-row').innerText();
  await page.goto('/dashboard/response-time');
  await widgetsReady(page.getByTestId('dashboard-response-time'));
  const rtLink = page.url();
  const trendBody = requestBody(sent.filter(requestTo(TREND)).at(-1)!);
  expect(arBody.relationshipIds).toEqual([1, 2, 3, 4, 5, 6]);
  expect(trendBody.timeTrendGroup).toBe('week');

  // The receiver remembers Vendors only on Action Required and the quarter on the trend.
  const receiver = await context.newPage();
  await signInQuickly(receiver);
  await receiver.evaluate(() => {
    sessionStorage.setItem('action-required-stored-applied-relationships', '[5]');
    sessionStorage.setItem('response-time-trend-stored-applied-period', '"quarter"');
  });
  const theirs = dataRequests(receiver);
  await receiver.goto(arLink);
  const arPage = receiver.getByTestId('dashboard-action-required');
  await widgetsReady(arPage);
  expect(requestBody(theirs.filter(requestTo(AR_BY_SITE)).at(-1)!).relationshipIds).toEqual(
    arBody.relationshipIds,
  );
  await expect(receiver.getByTestId('multiselect-arRelationships')).toHaveText('All');
  await expect
    .poll(() => arPage.getByTestId('panel-actionRequired').getByTestId('totals-row').innerText())
    .toBe(arTotal);
  await receiver.goto(rtLink);
  await widgetsReady(receiver.getByTestId('dashboard-response-time'));
  expect(requestBody(theirs.filter(requestTo(TREND)).at(-1)!).timeTrendGroup).toBe('week');
  await expect(pill(receiver.getByTestId('panel-trend'), 'Week')).toHaveAttribute('aria-pressed', 'true');

  // Their own bare address (a menu link, a bookmark) still opens what they remembered.
  await receiver.goto('/dashboard/action-required');
  await widgetsReady(receiver.getByTestId('dashboard-action-required'));
  expect(requestBody(theirs.filter(requestTo(AR_BY_SITE)).at(-1)!).relationshipIds).toEqual([5]);
  await expect(receiver.getByTestId('multiselect-arRelationships')).toHaveText('Vendors');
});
