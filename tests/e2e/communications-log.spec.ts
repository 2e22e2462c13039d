import {
  clickSlice,
  fullPageShot,
  openAs,
  openDashboard,
  replay,
  requestBody,
  requestTo,
  tableHeaders,
  widgetsReady,
} from './helpers';
import { countIn, drillTo, firstNonZero, LOG } from './logDrill';
import { expect, test } from './test';

// The communications log page and the drills that open it (issue 17): each wired drill opens the
// log filtered to what was clicked, and the log's total equals the number clicked.

interface LogPage {
  values: Record<string, unknown>[];
  totalRows: number;
}

test("the log lists communications newest first with the filter bar, and its total is the API's", async ({
  page,
}) => {
  const requests = await openDashboard(page, '/dashboard/communications-log', 'communications-log');
  await expect(page.getByRole('link', { name: 'Communications Log' }).first()).toBeVisible();
  const dashboard = page.getByTestId('dashboard-communications-log');
  await expect(dashboard.getByRole('heading', { level: 1 })).toHaveText('Communications Log');
  await expect(page.getByTestId('filter-apply')).toBeVisible();
  const table = dashboard.locator('[data-widget-kind="table"]');
  expect(await tableHeaders(table)).toEqual([
    '#',
    'Time',
    'Site',
    'Employee',
    'Type',
    'Direction',
    'Relationship',
    'Caller Type',
    'Call Result',
    'Missed',
    'Duration',
    'Ad Source',
    'First Reply',
    'Response Time',
  ]);
  const request = requests.find(requestTo(LOG));
  expect(request).toBeDefined();
  const answer = (await replay(page, request!)) as LogPage;
  expect(answer.values).toHaveLength(25);
  await expect(dashboard.getByText(`Show 25 of ${answer.totalRows} Entries`)).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(25);
  // Missed-call filter: the log reloads with only missed calls, and says so in every row.
  const missed = page.waitForRequest(requestTo(LOG));
  await dashboard.getByRole('combobox', { name: 'Missed Calls' }).click();
  await page.getByRole('option', { name: 'Missed only', exact: true }).click();
  expect(requestBody(await missed)).toMatchObject({ missed: true });
  await widgetsReady(dashboard);
  const flags = await table.locator('tbody tr td:nth-child(10)').allTextContents();
  expect(new Set(flags)).toEqual(new Set(['Yes']));
  for (const width of [1280, 375]) await fullPageShot(page, 'communications-log', width);
});

test("Caller Behavior: a site's missed calls open the log of that site's missed calls, as many; a link; Back returns", async ({
  page,
  browser,
}) => {
  await openDashboard(page, '/dashboard/caller-behavior', 'caller-behavior');
  const table = page.getByTestId('panel-missedBySite').locator('[data-widget-kind="table"]');
  const site = (await table.locator('tbody tr').first().locator('td').nth(1).innerText()).replace(
    ' (Inactive)',
    '',
  );
  const { link, count } = await firstNonZero(table, 3);
  const body = await drillTo(page, link, count);
  expect(body).toMatchObject({ missed: true, direction: 'inbound', commTypes: ['PHONE'] });
  expect(typeof body.siteId).toBe('number');
  await expect(page.getByText(`Site: ${site}`, { exact: true })).toBeVisible();
  const drilled = new URL(page.url());
  expect(drilled.searchParams.get('site')).toBe(String(body.siteId));
  expect(drilled.searchParams.get('missed')).toBe('true');

  // The drilled view is a link: a colleague who opens it (signing in on the way) sees the same log.
  const other = await openAs(browser, drilled.pathname + drilled.search, 'admin', 'communications-log');
  await expect(other.getByText(`Site: ${site}`, { exact: true })).toBeVisible();
  await expect(
    other
      .getByTestId('dashboard-communications-log')
      .getByText(new RegExp(`^Show \\d+ of ${count} Entries$`)),
  ).toBeVisible();
  await other.context().close();

  // Back returns to the page drilled from.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/caller-behavior(\?|$)/);
  await expect(page.getByTestId('panel-missedBySite')).toBeVisible();
  // Forward opens the drilled log again; the chip's x then clears the site: the log widens.
  await page.goForward();
  await expect(page.getByText(`Site: ${site}`, { exact: true })).toBeVisible();
  const widened = page.waitForRequest(requestTo(LOG));
  await page.getByRole('button', { name: `Remove Site: ${site}` }).click();
  expect(requestBody(await widened).siteId).toBeUndefined();
  await expect.poll(() => new URL(page.url()).searchParams.get('site')).toBeNull();
  // Back at once brings the site back: its chip, and the log of that site's missed calls again.
  await page.goBack();
  await expect.poll(() => new URL(page.url()).searchParams.get('site')).toBe(String(body.siteId));
  await expect(page.getByText(`Site: ${site}`, { exact: true })).toBeVisible();
  await expect(
    page.getByTestId('dashboard-communications-log').getByText(new RegExp(`^Show \\d+ of ${count} Entries$`)),
  ).toBeVisible();
});

test("Caller Behavior: a site's calls open the log of that site's inbound calls, as many", async ({
  page,
}) => {
  await openDashboard(page, '/dashboard/caller-behavior', 'caller-behavior');
  const table = page.getByTestId('panel-missedBySite').locator('[data-widget-kind="table"]');
  const { link, count } = await firstNonZero(table, 2);
  const body = await drillTo(page, link, count);
  expect(body).toMatchObject({ direction: 'inbound', commTypes: ['PHONE'] });
  expect(body.missed).toBeUndefined();
});

test("Response Time: a site's bucket cell opens the log of that bucket, as many", async ({ page }) => {
  await openDashboard(page, '/dashboard/response-time', 'response-time');
  const table = page.getByTestId('panel-byTable').locator('[data-widget-kind="table"]');
  const { link, count } = await firstNonZero(table, 3);
  const body = await drillTo(page, link, count);
  expect(body).toMatchObject({ responseBuckets: ['timeInverval2'] });
});

test("Response Time: an employee's Not Responded To cell opens the log of that employee, as many", async ({
  page,
}) => {
  await openDashboard(page, '/dashboard/response-time', 'response-time');
  const panel = page.getByTestId('panel-byTable');
  await panel.getByRole('group').getByRole('button', { name: 'Employee', exact: true }).click();
  const table = panel.locator('[data-widget-kind="table"]');
  await expect(table.locator('thead th').nth(1)).toHaveText(/Employee/);
  await widgetsReady(panel);
  const { link, count } = await firstNonZero(table, 9);
  const body = await drillTo(page, link, count);
  expect(body).toMatchObject({ responseBuckets: ['notRespondedTo'] });
  expect(typeof body.employeeId).toBe('number');
  await expect(page.getByText(/^Employee: /)).toBeVisible();
});

test("Ad Source Effectiveness: an ad source's calls open the log of its calls, as many", async ({ page }) => {
  await openDashboard(page, '/dashboard/ad-source-effectiveness', 'ad-source-effectiveness');
  const table = page.getByTestId('panel-tables').locator('[data-widget-kind="table"]');
  const { link, count } = await firstNonZero(table, 2);
  const body = await drillTo(page, link, count);
  expect(body).toMatchObject({ direction: 'inbound', commTypes: ['PHONE'] });
  expect(typeof body.adSourceId).toBe('number');
  await expect(page.getByText(/^Ad source: /)).toBeVisible();
});

test("Ad Source Effectiveness by site: an ad source's calls at a site open the log of those calls, as many", async ({
  page,
}) => {
  await openDashboard(page, '/dashboard/ad-source-effectiveness', 'ad-source-effectiveness');
  const panel = page.getByTestId('panel-tables');
  await panel.getByRole('group').getByRole('button', { name: 'By Site', exact: true }).click();
  const table = panel.locator('[data-widget-kind="table"]');
  await expect(table.locator('thead th').first()).toHaveText(/Site/);
  await widgetsReady(panel);
  // Child rows of a site drop its spanned cell: the Calls link is each row's only link.
  const link = table.locator('tbody tr').first().getByRole('button');
  const count = countIn(await link.innerText());
  const body = await drillTo(page, link, count);
  expect(typeof body.siteId).toBe('number');
  expect(typeof body.adSourceId).toBe('number');
});

test("Employee Call Performance: a site's scored calls open the log of those calls, as many", async ({
  page,
}) => {
  await openDashboard(page, '/dashboard/employee-call-performance', 'employee-call-performance');
  const table = page.getByTestId('panel-performance').locator('[data-widget-kind="table"]');
  const { link, count } = await firstNonZero(table, 2);
  const body = await drillTo(page, link, count);
  expect(body).toMatchObject({ scored: true });
  expect(body.employeeId).toBeUndefined();
});

test("Employee Call Performance: an employee's scored calls open the log of those calls, as many", async ({
  page,
}) => {
  await openDashboard(page, '/dashboard/employee-call-performance', 'employee-call-performance');
  const panel = page.getByTestId('panel-performance');
  await panel.getByRole('group').getByRole('button', { name: 'Employee', exact: true }).click();
  const table = panel.locator('[data-widget-kind="table"]');
  await expect(table.locator('thead th').nth(1)).toHaveText(/Employee/);
  await widgetsReady(panel);
  const { link, count } = await firstNonZero(table, 3);
  const body = await drillTo(page, link, count);
  expect(body).toMatchObject({ scored: true });
  expect(typeof body.employeeId).toBe('number');
  await expect(page.getByText('Scored calls (TPA)')).toBeVisible();
});

test("Volume: a site's total, inbound and outbound cells open the log of those communications, as many", async ({
  page,
}) => {
  await openDashboard(page, '/dashboard/volume', 'volume');
  const table = () => page.getByTestId('panel-volume').locator('[data-widget-kind="table"]');
  const total = await firstNonZero(table(), 2);
  const body = await drillTo(page, total.link, total.count);
  expect(body.direction).toBeUndefined();
  await page.goBack();
  await widgetsReady(page.getByTestId('dashboard-volume'));
  const inbound = await firstNonZero(table(), 3);
  expect(await drillTo(page, inbound.link, inbound.count)).toMatchObject({ direction: 'inbound' });
  await page.goBack();
  await widgetsReady(page.getByTestId('dashboard-volume'));
  const outbound = await firstNonZero(table(), 4);
  expect(await drillTo(page, outbound.link, outbound.count)).toMatchObject({ direction: 'outbound' });
});

test("Volume: an employee's outbound cell opens the log of that employee's outbound communications, as many", async ({
  page,
}) => {
  await openDashboard(page, '/dashboard/volume', 'volume');
  const panel = page.getByTestId('panel-volume');
  await panel.getByRole('group').getByRole('button', { name: 'Employee', exact: true }).click();
  const table = panel.locator('[data-widget-kind="table"]');
  await expect(table.locator('thead th').nth(1)).toHaveText(/Employee/);
  await widgetsReady(panel);
  const { link, count } = await firstNonZero(table, 4);
  const body = await drillTo(page, link, count);
  expect(body).toMatchObject({ direction: 'outbound' });
  expect(typeof body.employeeId).toBe('number');
});

test('Caller Behavior: the Inbound Calls and Prospect Calls tiles open the log of those calls, as many', async ({
  page,
}) => {
  await openDashboard(page, '/dashboard/caller-behavior', 'caller-behavior');
  for (const [id, filter] of [
    ['tile-inbound', {}],
    ['tile-prospects', { callerTypes: ['prospect'] }],
  ] as const) {
    const link = page.getByTestId(id).getByTestId('tile-main').getByRole('button');
    const count = countIn(await link.innerText());
    expect(count).toBeGreaterThan(0);
    const body = await drillTo(page, link, count);
    expect(body).toMatchObject({ direction: 'inbound', commTypes: ['PHONE'], ...filter });
    await page.goBack();
    await widgetsReady(page.getByTestId('dashboard-caller-behavior'));
  }
});

test('Caller Behavior: a caller type and call result slice opens the log of those calls, as many', async ({
  page,
}) => {
  const requests = await openDashboard(page, '/dashboard/caller-behavior', 'caller-behavior');
  const request = requests.find((r) => requestTo('/api/data')(r) && requestBody(r).requestedData === 105);
  const answer = (await replay(page, request!)) as { values: [string, string, number][] };
  // The largest slice: never folded into 'Misc.'.
  const [callerType, callResult, count] = [...answer.values].sort((a, b) => b[2] - a[2])[0];
  const pie = page.getByTestId('pie-call-result');
  const body = await drillTo(page, () => clickSlice(pie, `${callerType} - ${callResult}`), count);
  expect(body.callResults).toEqual([callResult]);
  await expect(page.getByText(`Call result: ${callResult}`, { exact: true })).toBeVisible();
});

test('Volume: a bar of Communication Volume by Type opens the log of that type and direction, as many', async ({
  page,
}) => {
  await openDashboard(page, '/dashboard/volume', 'volume');
  const chart = page.getByTestId('chart-volume-by-type');
  const bar = chart.locator(
    'path[aria-roledescription="bar"][aria-label*="category: Texts"][aria-label*="Inbound"]',
  );
  await expect(bar).toHaveCount(1);
  const count = countIn(
    /Communications: ([\d,]+)/.exec((await bar.getAttribute('aria-label')) ?? '')?.[1] ?? '',
  );
  expect(count).toBeGreaterThan(0);
  const body = await drillTo(page, bar, count);
  expect(body).toMatchObject({ commTypes: ['SMS'], direction: 'inbound' });
});
