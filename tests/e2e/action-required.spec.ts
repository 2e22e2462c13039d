import {
  dec,
  openDashboard,
  pill,
  replay,
  requestBody,
  requestTo,
  sessionTokens,
  signInQuickly,
  summaryLines,
  type TablePage,
  tableCells,
  tableHeaders,
  totalsCells,
  widgetsReady,
  withInactive,
} from './helpers';
import { expect, type Page, type Request, test } from './test';

const ROUTE = '/dashboard/action-required';
const CHART = '/api/data/action_required';
const BY_SITE = '/api/data/action_required/by_site';
const BY_SITE_TOTALS = '/api/data/action_required/by_site/totals';
const BY_EMPLOYEE = '/api/data/action_required/by_employee';
const STORAGE_KEY = 'action-required-stored-applied-relationships';

/** A total as the table draws it: an em dash for none. */
const total0 = (n: number) => (n === 0 ? '\u2014' : dec(n, 0));

async function open(page: Page): Promise<Request[]> {
  return openDashboard(page, ROUTE, 'action-required');
}

/**
 * lastDataUpdate from GET /api/data/refresh_time as M/D/YYYY h:mm A: its clock fields as they are
 * (a site-local time), whatever the browser's time zone (SPEC.md section 7).
 */
async function lastUpdateText(page: Page): Promise<string> {
  const { accessToken, extendedDataToken } = await sessionTokens(page);
  const res = await page.request.get('/api/data/refresh_time', {
    headers: { Authorization: `Bearer ${accessToken}`, 'x-extended-data-token': extendedDataToken },
  });
  expect(res.status()).toBe(200);
  const { lastDataUpdate } = (await res.json()) as { lastDataUpdate: string };
  const [, y, mo, d, h, mi] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(lastDataUpdate) ?? [];
  const hour = Number(h);
  return `${Number(mo)}/${Number(d)}/${y} ${hour % 12 || 12}:${mi} ${hour < 12 ? 'AM' : 'PM'}`;
}

test("the title reads 'as of' the last data update; the period control shows on other pages only", async ({
  page,
}) => {
  await open(page);
  const expected = await lastUpdateText(page);
  await expect(
    page.getByRole('heading', { level: 1, name: `Action Required as of ${expected}` }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Filters' })).toBeVisible();
  await expect(page.getByTestId('sites-select')).toBeVisible();
  await expect(page.getByTestId('period-picker')).toHaveCount(0);

  await page.goto('/dashboard/response-time');
  await expect(page.getByTestId('dashboard-response-time')).toBeVisible();
  await expect(page.getByTestId('period-picker')).toBeVisible();
  await page.goto(ROUTE);
  await expect(page.getByTestId('dashboard-action-required')).toBeVisible();
  await expect(page.getByTestId('period-picker')).toHaveCount(0);
});

test("'Action Required By Relationship': the summary equals the answer, beside the stacked bar chart", async ({
  page,
}) => {
  const requests = await open(page);
  const panel = page.getByTestId('panel-byRelationship');
  await expect(panel.getByText('Action Required By Relationship', { exact: true })).toBeVisible();
  const sent = requests.filter(requestTo(CHART));
  expect(sent.length).toBeGreaterThan(0);
  // Action-required calls carry no dates.
  expect(requestBody(sent[0])).not.toHaveProperty('startDate');
  expect(requestBody(sent[0])).not.toHaveProperty('endDate');
  const answer = (await replay(page, sent.at(-1)!)) as {
    summary: { new: number; olderThan24Hours: number; olderThan48Hours: number; total: number };
    series: { group: string; values: { category: string; value: number }[] }[];
  };
  expect(answer.summary.total).toBeGreaterThan(0);
  const summary = panel.getByTestId('summary');
  await expect(summary.getByText('Action Required', { exact: true })).toBeVisible();
  const lines = await summaryLines(summary);
  expect(lines).toEqual([
    ['Older Than 48hrs', dec(answer.summary.olderThan48Hours, 0)],
    ['Older Than 24hrs', dec(answer.summary.olderThan24Hours, 0)],
    ['New', dec(answer.summary.new, 0)],
    ['Total', dec(answer.summary.total, 0)],
  ]);
  expect(answer.summary.total).toBe(
    answer.summary.new + answer.summary.olderThan24Hours + answer.summary.olderThan48Hours,
  );

  const bars = panel.getByTestId('chart-action-required').locator('path[aria-roledescription="bar"]');
  await expect(bars.first()).toBeVisible();
  const drawn = await bars.evaluateAll((ps) => ps.map((p) => p.getAttribute('aria-label') ?? ''));
  const expected = answer.series.flatMap((s) =>
    s.values.map((v) => `relationship: ${v.category}; Action Required: ${v.value}; group: ${s.group}`),
  );
  expect(drawn.map((d) => d.replace(/; age: \d+$/, '')).sort()).toEqual(expected.sort());
  // Summary and bars agree: the New bars add up to New.
  const newSum = answer.series.find((s) => s.group === 'New')!.values.reduce((a, v) => a + v.value, 0);
  expect(newSum).toBe(answer.summary.new);
});

test('Site table: first page and totals equal the endpoints, sorted by Site', async ({ page }) => {
  const requests = await open(page);
  const panel = page.getByTestId('panel-actionRequired');
  await expect(pill(panel, 'Site')).toHaveAttribute('aria-pressed', 'true');
  const table = panel.locator('[data-widget-kind="table"]');
  expect(await tableHeaders(table)).toEqual([
    '#',
    'Site',
    'Action Required',
    'New',
    'Older Than 24hrs',
    'Older Than 48hrs',
  ]);
  await expect(table.getByRole('columnheader', { name: /^Site/ })).toHaveAttribute('aria-sort', 'ascending');
  const sent = requests.filter(requestTo(BY_SITE));
  expect(sent).toHaveLength(1);
  // With nothing stored, every relationship is selected.
  expect(requestBody(sent[0])).toMatchObject({
    limit: 10,
    skip: 0,
    sort: [{ column: 'siteName', direction: 'asc' }],
    relationshipIds: [1, 2, 3, 4, 5, 6],
  });
  await expect(panel.getByTestId('multiselect-arRelationships')).toHaveText('All');
  const answer = (await replay(page, sent[0])) as TablePage;
  expect(answer.totalRows).toBeGreaterThan(1);
  expect(await tableCells(table)).toEqual(
    answer.values.map((v, i) => [
      String(i + 1),
      withInactive(v.siteName, v.siteIsActive),
      dec(v.totalCount as number, 0),
      dec(v.newCount as number, 0),
      dec(v.olderThan24HoursCount as number, 0),
      dec(v.olderThan48HoursCount as number, 0),
    ]),
  );
  await expect(panel.getByText(`Show ${answer.values.length} of ${answer.totalRows} Entries`)).toBeVisible();
  const totalsSent = requests.filter(requestTo(BY_SITE_TOTALS));
  expect(totalsSent).toHaveLength(1);
  const totals = (await replay(page, totalsSent[0])) as Record<string, number>;
  expect(totals.totalCount).toBeGreaterThan(0);
  expect(await totalsCells(table)).toEqual([
    'Total',
    '',
    total0(totals.totalCount),
    total0(totals.newCount),
    total0(totals.olderThan24HoursCount),
    total0(totals.olderThan48HoursCount),
  ]);
});

test('a site link opens Employee narrowed to that site with a chip; the chip x clears it', async ({
  page,
}) => {
  const requests = await open(page);
  const panel = page.getByTestId('panel-actionRequired');
  const sites = (await replay(page, requests.filter(requestTo(BY_SITE)).at(-1)!)) as TablePage;
  const site = sites.values[2];
  const siteName = String(site.siteName);
  const narrowedCall = page.waitForRequest(requestTo(BY_EMPLOYEE));
  await panel.getByRole('button', { name: siteName, exact: true }).click();
  const narrowed = await narrowedCall;
  expect(requestBody(narrowed)).toMatchObject({ siteId: site.siteId, skip: 0, limit: 10 });
  await expect(pill(panel, 'Employee')).toHaveAttribute('aria-pressed', 'true');
  const chip = panel.getByTestId('chip-arSiteId');
  await expect(chip).toHaveText(siteName);
  await widgetsReady(panel);
  const table = panel.locator('[data-widget-kind="table"]');
  expect(await tableHeaders(table)).toEqual([
    '#',
    'Employee',
    'Site',
    'Action Required',
    'New',
    'Older Than 24hrs',
    'Older Than 48hrs',
  ]);
  const employees = (await replay(page, narrowed)) as TablePage;
  expect(employees.values.length).toBeGreaterThan(0);
  expect(await tableCells(table)).toEqual(
    employees.values.map((v, i) => [
      String(i + 1),
      withInactive(v.fullName, v.userIsActive),
      withInactive(v.siteName, v.siteIsActive),
      dec(v.totalCount as number, 0),
      dec(v.newCount as number, 0),
      dec(v.olderThan24HoursCount as number, 0),
      dec(v.olderThan48HoursCount as number, 0),
    ]),
  );
  for (const v of employees.values) expect(v.siteName).toBe(siteName);

  const clearedCall = page.waitForRequest(requestTo(BY_EMPLOYEE));
  await chip.getByRole('button', { name: `Remove ${siteName}` }).click();
  const cleared = await clearedCall;
  expect(requestBody(cleared)).not.toHaveProperty('siteId');
  await expect(chip).toBeHidden();
  await widgetsReady(panel);
  const all = (await replay(page, cleared)) as TablePage;
  expect(all.totalRows).toBeGreaterThan(employees.totalRows);
  await expect.poll(async () => new Set((await tableCells(table)).map((r) => r[2])).size).toBeGreaterThan(1);
});

test('Relationship: search hidden, Apply reloads from page 1, and the choice is remembered', async ({
  page,
}) => {
  await open(page);
  expect(await page.evaluate((k) => sessionStorage.getItem(k), STORAGE_KEY)).toBeNull();
  const panel = page.getByTestId('panel-actionRequired');
  const select = panel.getByTestId('multiselect-arRelationships');
  await expect(select).toHaveText('All');

  // The employee table has more than one page: go to page 2 first.
  const employeesCall = page.waitForRequest(requestTo(BY_EMPLOYEE));
  await pill(panel, 'Employee').click();
  const employees = (await replay(page, await employeesCall)) as TablePage;
  expect(employees.totalRows).toBeGreaterThan(10);
  await widgetsReady(panel);
  const paginator = panel.getByTestId('paginator');
  const second = page.waitForRequest((r) => requestTo(BY_EMPLOYEE)(r) && requestBody(r).skip === 10);
  await paginator.getByRole('button', { name: '2', exact: true }).click();
  await second;
  await expect(paginator.getByRole('button', { name: '2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const withoutLeads = page.waitForRequest(
    (r) => requestTo(BY_EMPLOYEE)(r) && JSON.stringify(requestBody(r).relationshipIds) === '[2,3,4,5,6]',
  );
  await select.click();
  const dropdown = page.getByTestId('multiselect-arRelationships-dropdown');
  await expect(dropdown.getByPlaceholder('Search')).toHaveCount(0);
  expect(await dropdown.getByRole('option').allTextContents()).toEqual([
    'Leads',
    'Prospects',
    'Applicants',
    'Residents',
    'Vendors',
    'Other',
  ]);
  await dropdown.getByRole('option', { name: 'Leads' }).click();
  await dropdown.getByRole('button', { name: 'Apply' }).click();
  const reloaded = await withoutLeads;
  expect(requestBody(reloaded)).toMatchObject({ skip: 0, limit: 10 });
  await expect(paginator.getByRole('button', { name: '1', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await widgetsReady(panel);
  await expect
    .poll(async () => (await tableCells(panel.locator('[data-widget-kind="table"]')))[0]?.[0])
    .toBe('1');
  await expect(select).toHaveText('Multiple 5');
  expect(JSON.parse((await page.evaluate((k) => sessionStorage.getItem(k), STORAGE_KEY)) ?? 'null')).toEqual([
    2, 3, 4, 5, 6,
  ]);

  // Reload the page: still applied, and the URL keeps the Employee view (its table asks without Leads).
  expect(new URL(page.url()).searchParams.get('relationships')).toBe('2,3,4,5,6');
  const afterReload = page.waitForRequest(requestTo(BY_EMPLOYEE));
  await page.reload();
  expect(requestBody(await afterReload)).toMatchObject({ relationshipIds: [2, 3, 4, 5, 6], skip: 0 });
  await expect(page.getByTestId('multiselect-arRelationships')).toHaveText('Multiple 5');
  // Another page and back: still applied.
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-home')).toBeVisible();
  const again = page.waitForRequest(requestTo(BY_SITE));
  await page.goto(ROUTE);
  expect(requestBody(await again)).toMatchObject({ relationshipIds: [2, 3, 4, 5, 6] });
  await expect(page.getByTestId('multiselect-arRelationships')).toHaveText('Multiple 5');

  // Nothing stored, and an address without the choice: every relationship again.
  await page.evaluate((k) => sessionStorage.removeItem(k), STORAGE_KEY);
  const fresh = page.waitForRequest(requestTo(BY_SITE));
  await page.goto(ROUTE);
  expect(requestBody(await fresh)).toMatchObject({ relationshipIds: [1, 2, 3, 4, 5, 6] });
  await expect(page.getByTestId('multiselect-arRelationships')).toHaveText('All');
});

test.describe('in another time zone', () => {
  test.use({ timezoneId: 'America/Chicago' });

  test("'as of' shows the update's own clock time, not one converted to the browser's zone", async ({
    page,
  }) => {
    await open(page);
    const expected = await lastUpdateText(page);
    // The e2e data's last update is the 19:00 one (E2E_AS_OF).
    expect(expected).toBe('11/20/2026 7:00 PM');
    await expect(
      page.getByRole('heading', { level: 1, name: `Action Required as of ${expected}` }),
    ).toBeVisible();
  });
});

test("before its data arrives the summary reads 'Loading...' for each category, then the figures", async ({
  page,
}) => {
  await signInQuickly(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/data\/action_required$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(ROUTE);
  const summary = page.getByTestId('dashboard-action-required').getByTestId('summary');
  await expect(summary.getByText('Loading...', { exact: true }).first()).toBeVisible();
  const lines = await summary.getByText('Loading...', { exact: true }).count();
  expect(lines).toBeGreaterThan(1);
  release();
  await expect(summary.getByText('Loading...', { exact: true })).toHaveCount(0);
  await expect(summary.getByText(/^\d[\d,]*$/).first()).toBeVisible();
});

test('one page, one set of relationships: the summary Total equals the tables’ Total with Relationship All', async ({
  page,
}) => {
  const requests = await open(page);
  const chartSent = requests.filter(requestTo(CHART));
  const totalsSent = requests.filter(requestTo(BY_SITE_TOTALS));
  expect(chartSent.length).toBeGreaterThan(0);
  expect(totalsSent).toHaveLength(1);
  // This page has no Lost option: the chart asks for the tables' relationships.
  expect(requestBody(chartSent.at(-1)!).relationshipIds).toEqual(requestBody(totalsSent[0]).relationshipIds);
  const chart = (await replay(page, chartSent.at(-1)!)) as { summary: { total: number } };
  const totals = (await replay(page, totalsSent[0])) as { totalCount: number };
  expect(chart.summary.total).toBe(totals.totalCount);
  const summary = page.getByTestId('panel-byRelationship').getByTestId('summary');
  const table = page.getByTestId('panel-actionRequired').locator('[data-widget-kind="table"]');
  expect((await summaryLines(summary)).at(-1)).toEqual(['Total', (await totalsCells(table))[2]]);
});
