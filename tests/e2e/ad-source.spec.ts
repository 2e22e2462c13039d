import {
  answerDataCode,
  dec,
  openDashboard,
  pct1,
  pill,
  replay,
  requestBody,
  requestTo,
  sliceLabels,
  type TablePage,
  tableCells,
  tableHeaders,
  totalsCells,
  widgetsReady,
  withInactive,
} from './helpers';
import { expect, type Page, type Request, test } from './test';

const ROUTE = '/dashboard/ad-source-effectiveness';
const OVERALL = '/api/data/ad_source_effectiveness/overall';
const OVERALL_TOTALS = '/api/data/ad_source_effectiveness/overall/totals';
const BY_SITE = '/api/data/ad_source_effectiveness/by_site';

const isCode = (code: number) => (r: Request) =>
  requestTo('/api/data')(r) && requestBody(r).requestedData === code;
const num = (s: string) => Number(s.replace(/[,%]/g, ''));

async function open(page: Page): Promise<Request[]> {
  return openDashboard(page, ROUTE, 'ad-source-effectiveness');
}

test('Ad Source by: Leases is the default pill; Prospects and Calls swap the pie', async ({ page }) => {
  const requests = await open(page);
  const panel = page.getByTestId('panel-pie');
  await expect(panel.getByText('Ad Source by', { exact: true })).toBeVisible();
  await expect(pill(panel, 'Leases')).toHaveAttribute('aria-pressed', 'true');
  await expect(pill(panel, 'Leases')).toBeEnabled();
  await expect(pill(panel, 'Prospects')).toHaveAttribute('aria-pressed', 'false');
  await expect(pill(panel, 'Calls')).toHaveAttribute('aria-pressed', 'false');
  await expect(panel.getByTestId('pie-ad-source-leases')).toBeVisible();
  const leases = (await replay(page, requests.filter(isCode(200)).at(-1)!)) as { values: unknown[][] };
  expect(leases.values.length).toBeGreaterThan(0);
  // Vega draws after the rows arrive: wait for the slices.
  await expect
    .poll(async () => (await sliceLabels(panel.getByTestId('pie-ad-source-leases'))).length)
    .toBe(Math.min(10, leases.values.length));

  for (const [label, code, id] of [
    ['Prospects', 201, 'pie-ad-source-prospects'],
    ['Calls', 202, 'pie-ad-source-calls'],
  ] as const) {
    const sent = page.waitForRequest(isCode(code));
    await pill(panel, label).click();
    await sent;
    await expect(pill(panel, label)).toHaveAttribute('aria-pressed', 'true');
    await expect(pill(panel, 'Leases')).toHaveAttribute('aria-pressed', 'false');
    await expect(panel.getByTestId(id)).toBeVisible();
    await expect(panel.locator('[data-testid^="pie-ad-source-"]')).toHaveCount(1);
    await widgetsReady(panel);
    const answer = (await replay(page, requests.filter(isCode(code)).at(-1)!)) as { values: unknown[][] };
    // Every answered source is a slice (or folded into Misc. past nine).
    await expect
      .poll(async () => (await sliceLabels(panel.getByTestId(id))).length)
      .toBe(Math.min(10, answer.values.length));
  }
});

test('Leases is disabled and Prospects selected when the lease data is empty', async ({ page }) => {
  // Every lease pie request (code 200) answers no rows; the rest go to the server.
  await answerDataCode(page, 200, { headers: ['adSourceName', 'count'], values: [], groupBy: null });
  const requests = await open(page);
  expect(requests.filter(isCode(200)).length).toBeGreaterThan(0);
  const panel = page.getByTestId('panel-pie');
  await expect(pill(panel, 'Leases')).toBeDisabled();
  await expect(pill(panel, 'Prospects')).toHaveAttribute('aria-pressed', 'true');
  await expect(pill(panel, 'Leases')).toHaveAttribute('aria-pressed', 'false');
  await expect(panel.getByTestId('pie-ad-source-prospects')).toBeVisible();
  await widgetsReady(panel);
  await expect
    .poll(async () => (await sliceLabels(panel.getByTestId('pie-ad-source-prospects'))).length)
    .toBeGreaterThan(1);
  // A disabled pill does nothing.
  await pill(panel, 'Leases').click({ force: true });
  await expect(pill(panel, 'Prospects')).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByTestId('pie-ad-source-leases')).toHaveCount(0);
  // The other pills still work.
  await pill(panel, 'Calls').click();
  await expect(pill(panel, 'Calls')).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByTestId('pie-ad-source-calls')).toBeVisible();
});

test('Overall table: sorted by Prospects descending; first page and totals equal the endpoints', async ({
  page,
}) => {
  const requests = await open(page);
  const panel = page.getByTestId('panel-tables');
  await expect(pill(panel, 'Overall')).toHaveAttribute('aria-pressed', 'true');
  await expect(pill(panel, 'By Site')).toHaveAttribute('aria-pressed', 'false');
  const table = panel.locator('[data-widget-kind="table"]');
  expect(await tableHeaders(table)).toEqual([
    '#',
    'Ad Source',
    'Calls',
    'Prospects',
    'Prospect %',
    'Lease Count',
  ]);
  await expect(table.getByRole('columnheader', { name: /^Prospects/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  const sent = requests.filter(requestTo(OVERALL));
  expect(sent).toHaveLength(1);
  expect(requestBody(sent[0])).toMatchObject({
    limit: 10,
    skip: 0,
    sort: [{ column: 'prospects', direction: 'desc' }],
  });
  const answer = (await replay(page, sent[0])) as TablePage;
  expect(answer.totalRows).toBeGreaterThan(0);
  const rows = await tableCells(table);
  expect(rows).toEqual(
    answer.values.map((v, i) => [
      String(i + 1),
      withInactive(v.adSourceName, v.adSourceIsActive),
      dec(v.callCount as number, 0),
      dec(v.prospects as number, 0),
      pct1(v.prospectPercent as number),
      dec(v.lease as number, 0),
    ]),
  );
  const prospects = rows.map((r) => num(r[3]));
  for (let i = 1; i < prospects.length; i++) expect(prospects[i]).toBeLessThanOrEqual(prospects[i - 1]);
  // Prospect % is prospects / calls.
  for (const r of rows) expect(num(r[4])).toBeCloseTo(num(r[2]) ? (num(r[3]) / num(r[2])) * 100 : 0, 1);
  await expect(panel.getByText(`Show ${rows.length} of ${answer.totalRows} Entries`)).toBeVisible();

  const totalsRequest = requests.filter(requestTo(OVERALL_TOTALS));
  expect(totalsRequest).toHaveLength(1);
  expect(requestBody(totalsRequest[0])).toMatchObject({
    startDate: requestBody(sent[0]).startDate,
    endDate: requestBody(sent[0]).endDate,
  });
  const totals = (await replay(page, totalsRequest[0])) as Record<string, number>;
  expect(totals.callCount).toBeGreaterThan(0);
  expect(await totalsCells(table)).toEqual([
    'Total',
    '',
    dec(totals.callCount, 0),
    dec(totals.prospects, 0),
    pct1(totals.prospectPercent),
    dec(totals.lease, 0),
  ]);
});

test('By Site table: grouped by site with a row span, sorted by Site, only Site sortable', async ({
  page,
}) => {
  const requests = await open(page);
  const panel = page.getByTestId('panel-tables');
  const sent = page.waitForRequest(requestTo(BY_SITE));
  await pill(panel, 'By Site').click();
  const first = await sent;
  await expect(pill(panel, 'By Site')).toHaveAttribute('aria-pressed', 'true');
  expect(requestBody(first)).toMatchObject({
    limit: 10,
    skip: 0,
    sort: [{ column: 'siteName', direction: 'asc' }],
  });
  await widgetsReady(panel);
  const table = panel.locator('[data-widget-kind="table"]');
  expect(await tableHeaders(table)).toEqual([
    'Site',
    'Ad Source',
    'Calls',
    'Prospects',
    'Prospect %',
    'Lease Count',
  ]);
  await expect(table.getByRole('columnheader', { name: /^Site/ })).toHaveAttribute('aria-sort', 'ascending');

  const answer = (await replay(page, first)) as TablePage;
  expect(answer.values.length).toBeGreaterThan(1);
  // The site names come in ascending order, each site's rows together.
  const names = answer.values.map((v) => String(v.siteName));
  const groups: { name: string; rows: Record<string, unknown>[] }[] = [];
  for (const v of answer.values) {
    if (groups.at(-1)?.name === v.siteName) groups.at(-1)!.rows.push(v);
    else groups.push({ name: String(v.siteName), rows: [v] });
  }
  expect(new Set(groups.map((g) => g.name)).size).toBe(groups.length);
  const order = [...new Set(names)];
  expect(order).toEqual([...order].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  expect(groups.some((g) => g.rows.length > 1)).toBe(true);
  // Paged by site: a page holds 10 whole sites, and the paginator counts sites.
  expect(groups).toHaveLength(Math.min(10, answer.totalRows));
  await expect(panel.getByTestId('paginator')).toContainText(
    `Show ${groups.length} of ${answer.totalRows} Entries`,
  );

  // The rendered rows: the first row of a group carries the site cell with rowspan = group size.
  const rendered = await table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => ({
        text: (td.textContent ?? '').trim(),
        span: td.rowSpan,
      })),
    ),
  );
  expect(rendered).toHaveLength(answer.values.length);
  let i = 0;
  for (const g of groups) {
    g.rows.forEach((v, k) => {
      const cells = rendered[i + k];
      const tail = [
        withInactive(v.adSourceName, v.adSourceIsActive),
        dec(v.callCount as number, 0),
        dec(v.prospects as number, 0),
        pct1(v.prospectPercent as number),
        dec(v.lease as number, 0),
      ];
      if (k === 0) {
        expect(cells[0]).toEqual({ text: withInactive(v.siteName, v.siteIsActive), span: g.rows.length });
        expect(cells.slice(1).map((c) => c.text)).toEqual(tail);
      } else {
        expect(cells.map((c) => c.text)).toEqual(tail);
      }
    });
    i += g.rows.length;
  }

  // Only Site sorts: clicking the other headers sends nothing and keeps the Site sort.
  const before = requests.filter(requestTo(BY_SITE)).length;
  for (const header of ['Ad Source', 'Calls', 'Prospects', 'Prospect %', 'Lease Count']) {
    const th = table.getByRole('columnheader', { name: header, exact: true });
    await th.click();
    await expect(th).not.toHaveAttribute('aria-sort', /.+/);
  }
  await page.waitForTimeout(500);
  expect(requests.filter(requestTo(BY_SITE)).length).toBe(before);
  await expect(table.getByRole('columnheader', { name: /^Site/ })).toHaveAttribute('aria-sort', 'ascending');

  const resorted = page.waitForRequest(
    (r) =>
      requestTo(BY_SITE)(r) &&
      JSON.stringify(requestBody(r).sort) === '[{"column":"siteName","direction":"desc"}]',
  );
  await table.getByRole('columnheader', { name: /^Site/ }).click();
  const desc = await resorted;
  expect(requestBody(desc)).toMatchObject({ skip: 0 });
  await expect(table.getByRole('columnheader', { name: /^Site/ })).toHaveAttribute('aria-sort', 'descending');
  const descAnswer = (await replay(page, desc)) as TablePage;
  const descOrder = [...new Set(descAnswer.values.map((v) => String(v.siteName)))];
  expect(descOrder).toEqual([...descOrder].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })));
  await expect
    .poll(async () => (await tableCells(table))[0]?.[0])
    .toBe(withInactive(descAnswer.values[0].siteName, descAnswer.values[0].siteIsActive));
});

test('Leases is selected again when lease data comes back after an apply', async ({ page }) => {
  // The lease pie (code 200) answers no rows while `empty` is set.
  let empty = true;
  await answerDataCode(
    page,
    200,
    { headers: ['adSourceName', 'count'], values: [], groupBy: null },
    () => empty,
  );
  await open(page);
  const panel = page.getByTestId('panel-pie');
  await expect(pill(panel, 'Leases')).toBeDisabled();
  await expect(pill(panel, 'Prospects')).toHaveAttribute('aria-pressed', 'true');

  // A filter whose sites have leases: Leases is enabled and selected again, its pie drawn.
  empty = false;
  await page.getByTestId('period-picker').click();
  await page.getByTestId('period-dropdown').getByRole('option', { name: 'Prior Month', exact: true }).click();
  await page.getByTestId('filter-apply').click();
  await expect(pill(panel, 'Leases')).toBeEnabled();
  await expect(pill(panel, 'Leases')).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => (await sliceLabels(panel.getByTestId('pie-ad-source-leases'))).length)
    .toBeGreaterThan(0);
});

test('the Leases to Prospects fallback adds no history entry: Back and Forward step over it', async ({
  page,
}) => {
  // The real data, as a user meets it: 'Yesterday' has no lease credited to an ad source.
  await openDashboard(page, '/dashboard', 'home');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Ad Source Effectiveness', exact: true }).click();
  const dashboard = page.getByTestId('dashboard-ad-source-effectiveness');
  await widgetsReady(dashboard);
  const panel = page.getByTestId('panel-pie');
  await expect(pill(panel, 'Leases')).toHaveAttribute('aria-pressed', 'true');
  const entries = () => page.evaluate(() => history.length);
  const before = await entries();

  // Apply 'Yesterday': one history entry (the apply); the fallback replaces it, adds none.
  await page.getByTestId('period-picker').click();
  await page.getByTestId('period-dropdown').getByRole('option', { name: 'Yesterday', exact: true }).click();
  await page.getByTestId('filter-apply').click();
  await expect(pill(panel, 'Leases')).toBeDisabled();
  await expect(pill(panel, 'Prospects')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]ad-source-by=prospects(&|$)/);
  expect(await entries()).toBe(before + 1);

  // Calls, then Back: Prospects (the fallback), not Leases.
  await pill(panel, 'Calls').click();
  await expect(page).toHaveURL(/[?&]ad-source-by=calls(&|$)/);
  await page.goBack();
  await expect(page).toHaveURL(/[?&]ad-source-by=prospects(&|$)/);
  await expect(pill(panel, 'Prospects')).toHaveAttribute('aria-pressed', 'true');
  await expect(pill(panel, 'Leases')).toBeDisabled();
  await expect(panel.getByTestId('pie-ad-source-prospects')).toBeVisible();

  // Back again undoes the apply: the period before it, with Leases as it was.
  await page.goBack();
  await expect(page).toHaveURL(/[?&]period=last-30-days(&|$)/);
  await expect(pill(panel, 'Leases')).toBeEnabled();
  await expect(pill(panel, 'Leases')).toHaveAttribute('aria-pressed', 'true');
  // Back once more leaves the page for the one before it (no entry of Leases in between).
  await page.goBack();
  await expect(page.getByTestId('dashboard-home')).toBeVisible();

  // Forward twice: Yesterday with Prospects again, never Leases on a period without leases.
  await page.goForward();
  await expect(pill(page.getByTestId('panel-pie'), 'Leases')).toHaveAttribute('aria-pressed', 'true');
  await page.goForward();
  await expect(page).toHaveURL(/[?&]ad-source-by=prospects(&|$)/);
  await expect(pill(page.getByTestId('panel-pie'), 'Prospects')).toHaveAttribute('aria-pressed', 'true');
  await expect(pill(page.getByTestId('panel-pie'), 'Leases')).toBeDisabled();
});
