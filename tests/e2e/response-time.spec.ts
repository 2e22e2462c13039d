import { formatDaysHoursMinutes } from '../../engine/tools';
import {
  appliedFilter,
  openDashboard,
  pct1,
  pill,
  replay,
  requestBody,
  requestTo,
  summaryLines,
  type TablePage,
  tableCells,
  tableHeaders,
  totalsCells,
  widgetsReady,
  withInactive,
} from './helpers';
import { expect, type Page, type Request, test } from './test';

const ROUTE = '/dashboard/response-time';
const TREND = '/api/data/communication/average_response_time_trend';
const BOX = '/api/data/communication/average_response_time_box';
const BY_SITE = '/api/data/communication/response_time/by_site';
const BY_SITE_TOTALS = '/api/data/communication/response_time/by_site/totals';
const BY_TYPE = '/api/data/communication/response_time/by_type';
const PERIOD_KEY = 'response-time-trend-stored-applied-period';
const BUCKETS = [
  '0 - 5min',
  '5min - 30min',
  '30min - 1hr',
  '1hr - 12hrs',
  '12hrs - 24hrs',
  'Older Than 24hrs',
  'Not Responded To',
];

async function open(page: Page): Promise<Request[]> {
  return openDashboard(page, ROUTE, 'response-time');
}

async function pickPreset(page: Page, label: string) {
  await page.getByTestId('period-picker').click();
  await page.getByTestId('period-dropdown').getByRole('option', { name: label, exact: true }).click();
  await expect(page.getByTestId('period-label')).toHaveText(label);
}

/** Applies the picked period and returns the trend request it caused. */
async function applyPeriod(page: Page): Promise<Request> {
  const trend = page.waitForRequest(requestTo(TREND));
  await page.getByTestId('filter-apply').click();
  return trend;
}

/** The days of the applied range, both ends counted. */
async function appliedDays(page: Page): Promise<number> {
  const { start, end } = (await appliedFilter(page)).dateRange.currentPeriod;
  const day = (s: string) => Date.UTC(+s.slice(0, 4), +s.slice(5, 7) - 1, +s.slice(8, 10));
  return Math.round((day(end) - day(start)) / 86_400_000) + 1;
}

async function expectPeriod(page: Page, trend: Request, period: 'Week' | 'Month' | 'Quarter') {
  const panel = page.getByTestId('panel-trend');
  expect(requestBody(trend)).toMatchObject({ timeTrendGroup: period.toLowerCase() });
  await expect(pill(panel, period)).toHaveAttribute('aria-pressed', 'true');
  for (const other of ['Week', 'Month', 'Quarter'].filter((p) => p !== period))
    await expect(pill(panel, other)).toHaveAttribute('aria-pressed', 'false');
}

test('the trend period follows the applied range: under 90 days Week, to 364 Month, a year Quarter', async ({
  page,
}) => {
  const requests = await open(page);
  // Last 30 Days on entry: Week.
  expect(await appliedDays(page)).toBe(30);
  await expectPeriod(page, requests.filter(requestTo(TREND)).at(-1)!, 'Week');

  await pickPreset(page, 'Last 90 Days');
  const ninety = await applyPeriod(page);
  expect(await appliedDays(page)).toBeGreaterThanOrEqual(90);
  await expectPeriod(page, ninety, 'Month');

  await pickPreset(page, 'Prior Year');
  const year = await applyPeriod(page);
  expect(await appliedDays(page)).toBeGreaterThanOrEqual(365);
  await expectPeriod(page, year, 'Quarter');

  // A 30-day range again: Week.
  await pickPreset(page, 'Last 30 Days');
  const thirty = await applyPeriod(page);
  expect(await appliedDays(page)).toBe(30);
  await expectPeriod(page, thirty, 'Week');

  // A custom range of about four months on the calendar: Month.
  await page.getByTestId('period-picker').click();
  const dropdown = page.getByTestId('period-dropdown');
  const days = dropdown.locator('table button:not([data-outside]):not([disabled])');
  for (let i = 0; i < 3; i++) await dropdown.locator('button[data-direction="previous"]').click();
  await days.first().click();
  for (let i = 0; i < 3; i++) await dropdown.locator('button[data-direction="next"]').click();
  // The first day of the later month shown.
  const secondMonth = dropdown.locator('table').nth(1).locator('button:not([data-outside]):not([disabled])');
  await secondMonth.first().click();
  await expect(page.getByTestId('period-label')).toHaveText('Custom');
  const custom = await applyPeriod(page);
  const span = await appliedDays(page);
  expect(span).toBeGreaterThan(90);
  expect(span).toBeLessThan(365);
  expect((await appliedFilter(page)).dateRange.label).toBe('Custom');
  await expectPeriod(page, custom, 'Month');
});

test('Week/Month/Quarter refetch the trend with timeTrendGroup, and the picked period is remembered', async ({
  page,
}) => {
  const requests = await open(page);
  const panel = page.getByTestId('panel-trend');
  await expect(pill(panel, 'Week')).toHaveAttribute('aria-pressed', 'true');
  const chart = panel.getByTestId('chart-response-trend');
  const drawnFor = async (trend: Request) => {
    const answer = (await replay(page, trend)) as { series: { group: string; values: unknown[] }[] };
    await expect(chart.locator('path[aria-roledescription="line mark"]')).toHaveCount(answer.series.length);
    const points = answer.series.reduce((n, s) => n + s.values.length, 0);
    await expect(chart.locator('path[aria-roledescription="point"]')).toHaveCount(points);
    return answer.series[0].values.length;
  };
  const weekRequest = requests.filter(requestTo(TREND)).at(-1)!;
  const buckets: Record<string, number> = { Week: await drawnFor(weekRequest) };
  for (const period of ['Month', 'Quarter'] as const) {
    const sent = page.waitForRequest(requestTo(TREND));
    await pill(panel, period).click();
    const trend = await sent;
    await expectPeriod(page, trend, period);
    await widgetsReady(panel);
    buckets[period] = await drawnFor(trend);
  }
  // Fewer, longer buckets from week to month to quarter.
  expect(buckets.Week).toBeGreaterThan(buckets.Month);
  expect(buckets.Month).toBeGreaterThanOrEqual(buckets.Quarter);
  // Back to Week: the weekly answer (fetched on entry, may come from the page's cache) is drawn again.
  await pill(panel, 'Week').click();
  await expect(pill(panel, 'Week')).toHaveAttribute('aria-pressed', 'true');
  await widgetsReady(panel);
  await drawnFor(weekRequest);
  await pill(panel, 'Quarter').click();
  await expect(pill(panel, 'Quarter')).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate((k) => sessionStorage.getItem(k), PERIOD_KEY)).toBe('"quarter"');
  const again = page.waitForRequest(requestTo(TREND));
  await page.reload();
  await expectPeriod(page, await again, 'Quarter');
  // And after a visit to another page.
  await page.goto('/dashboard/volume');
  await expect(page.getByTestId('dashboard-volume')).toBeVisible();
  const back = page.waitForRequest(requestTo(TREND));
  await page.goto(ROUTE);
  await expectPeriod(page, await back, 'Quarter');
});

test('the averages summary shows the answer, and the trend lines come in the order Missed Call, Text, Email', async ({
  page,
}) => {
  const requests = await open(page);
  const panel = page.getByTestId('panel-trend');
  const sent = requests.filter(requestTo(BOX));
  expect(sent.length).toBeGreaterThan(0);
  const answer = (await replay(page, sent.at(-1)!)) as {
    messageType: string;
    commTypeAverage: number | null;
  }[];
  expect(answer.map((a) => a.messageType)).toEqual(['Missed Call', 'Text', 'Email', 'Overall']);
  const summary = panel.getByTestId('summary');
  await expect(summary.getByText('Average Response Time', { exact: true })).toBeVisible();
  const lines = await summaryLines(summary);
  expect(lines).toEqual(answer.map((a) => [a.messageType, formatDaysHoursMinutes(a.commTypeAverage)]));
  for (const [, value] of lines) expect(value).toMatch(/^(\d+ days?, )?(\d+ hrs?, )?\d+ min$/);

  const chart = panel.getByTestId('chart-response-trend');
  const legend = await chart.locator('[aria-roledescription="legend"]').getAttribute('aria-label');
  expect(legend).toMatch(/values: Missed Call, Text, Email, Overall$/);
  const colours = await chart
    .locator('path[aria-roledescription="line mark"]')
    .evaluateAll((ps) =>
      ps.map((p) => [
        /group: ([^;]+)$/.exec(p.getAttribute('aria-label') ?? '')?.[1],
        p.getAttribute('stroke'),
      ]),
    );
  expect(Object.fromEntries(colours)).toEqual({
    'Missed Call': '#1C97FC',
    Text: '#545A68',
    Email: '#F7CF68',
    Overall: '#8179AF',
  });

  // A legend click takes the line out and fades its entry only; a second click brings it back.
  const lineGroups = () =>
    chart
      .locator('path[aria-roledescription="line mark"]')
      .evaluateAll((ps) => ps.map((p) => /group: ([^;]+)$/.exec(p.getAttribute('aria-label') ?? '')?.[1]));
  const label = (name: string) =>
    chart.locator('[aria-roledescription="legend"] text').filter({ hasText: new RegExp(`^${name}$`) });
  await label('Email').click();
  await expect.poll(lineGroups).toEqual(['Missed Call', 'Text', 'Overall']);
  const opacity = (name: string) =>
    label(name)
      .getAttribute('opacity')
      .then((v) => Number(v ?? '1'));
  await expect.poll(() => opacity('Email')).toBe(0.3);
  expect(await opacity('Text')).toBe(1);
  await label('Email').click();
  // Back, in its colour (the drawing order of the lines is not seen).
  await expect
    .poll(async () => (await lineGroups()).sort())
    .toEqual(['Email', 'Missed Call', 'Overall', 'Text']);
  await expect.poll(() => opacity('Email')).toBe(1);
});

test("the averages summary shows '-' for every type when the answer is empty", async ({ page }) => {
  await page.route(
    (url) => url.pathname === BOX,
    (route) => route.fulfill({ json: [] }),
  );
  await open(page);
  const summary = page.getByTestId('panel-trend').getByTestId('summary');
  const lines = await summaryLines(summary);
  expect(lines).toEqual([
    ['Missed Call', '-'],
    ['Text', '-'],
    ['Email', '-'],
    ['Overall', '-'],
  ]);
});

test("'Communication Response Time by': percentage and count cells equal the endpoints, totals too", async ({
  page,
}) => {
  const requests = await open(page);
  const panel = page.getByTestId('panel-byTable');
  await expect(panel.getByText('Communication Response Time by', { exact: true })).toBeVisible();
  await expect(pill(panel, 'Site')).toHaveAttribute('aria-pressed', 'true');
  const table = panel.locator('[data-widget-kind="table"]');
  expect(await tableHeaders(table)).toEqual(['#', 'Site', ...BUCKETS]);
  const sent = requests.filter(requestTo(BY_SITE));
  expect(sent).toHaveLength(1);
  expect(requestBody(sent[0])).toMatchObject({
    limit: 10,
    skip: 0,
    relationshipIds: [1, 2, 3, 4, 5, 6, 7],
    commTypes: ['SMS', 'PHONE', 'EMAIL', 'WALKIN'],
    initialCommunication: 0,
  });
  const answer = (await replay(page, sent[0])) as TablePage;
  const fields = ['timeInverval1', 'timeInverval2', 'timeInverval3', 'timeInverval4', 'timeInverval5'];
  const cells = [...fields, 'timeInverval6', 'notRespondedTo'];
  const rows = await tableCells(table);
  expect(rows).toEqual(
    answer.values.map((v, i) => [
      String(i + 1),
      withInactive(v.siteName, v.siteIsActive),
      ...cells.map((f) => String(v[f])),
    ]),
  );
  // 'NN.N% (count)', and a zero share '0% (0)' as every page writes zero (SPEC.md section 5).
  for (const r of rows)
    for (const c of r.slice(2)) expect(c).toMatch(/^(?:0% \(0\)|\d{1,3}\.\d% \([1-9][\d,]*\))$/);

  const totalsSent = requests.filter(requestTo(BY_SITE_TOTALS));
  expect(totalsSent).toHaveLength(1);
  const totals = (await replay(page, totalsSent[0])) as Record<string, string>;
  const totalRow = await totalsCells(table);
  expect(totalRow).toEqual(['Total', '', ...cells.map((f) => totals[f])]);
  for (const c of totalRow.slice(2)) expect(c).toMatch(/^\d{1,3}\.\d% \(\d[\d,]*\)$/);
  // The counts of the totals are the sums of the site rows (one page of sites here).
  if (answer.totalRows <= 10) {
    const count = (s: unknown) => Number(/\((\d[\d,]*)\)/.exec(String(s))![1].replace(/,/g, ''));
    for (const f of cells)
      expect(count(totals[f])).toBe(answer.values.reduce((sum, v) => sum + count(v[f]), 0));
  }
});

test("'by Type': the hint, the bucket summary, and a legend click excluding a series", async ({ page }) => {
  const requests = await open(page);
  const panel = page.getByTestId('panel-byType');
  await expect(panel.getByText('Communication Response Time by Type', { exact: true })).toBeVisible();
  await expect(
    panel.getByText('Click on the legend icons to exclude that type from the graph', { exact: true }),
  ).toBeVisible();
  const sent = requests.filter(requestTo(BY_TYPE));
  expect(sent.length).toBeGreaterThan(0);
  const answer = (await replay(page, sent.at(-1)!)) as {
    series: { group: string }[];
    summary: { label: string; count: number; percent: number }[];
  };
  const summaryTable = panel.getByTestId('table-by-type-summary');
  // Each share rounded once, from the counts (13.749% reads 13.7%, never 13.75% rounded again).
  const grand = answer.summary.reduce((sum, s) => sum + s.count, 0);
  expect(await tableCells(summaryTable)).toEqual(
    answer.summary.map((s) => [s.label, pct1((s.count * 100) / grand), s.count.toLocaleString('en-US')]),
  );
  expect(answer.summary.map((s) => s.label)).toEqual(BUCKETS);
  expect(answer.series.map((s) => s.group)).toEqual(['Missed Call', 'Text', 'Email']);

  const chart = panel.getByTestId('chart-response-by-type');
  const bars = chart.locator('path[aria-roledescription="bar"]');
  await expect(bars.first()).toBeVisible();
  // What the plot draws per series (bar count), how the legend shows each entry, and the y axis' top.
  const drawn = async () => {
    const groups = await bars.evaluateAll((ps) =>
      ps.map((p) => /group: ([^;]+)$/.exec(p.getAttribute('aria-label') ?? '')?.[1] ?? ''),
    );
    const count: Record<string, number> = {};
    for (const g of groups) count[g] = (count[g] ?? 0) + 1;
    return count;
  };
  const legendLabel = (name: string) =>
    chart.locator('[aria-roledescription="legend"] text').filter({ hasText: new RegExp(`^${name}$`) });
  const legendOpacity = async () => {
    const out: Record<string, number> = {};
    for (const name of ['Missed Call', 'Text', 'Email'])
      out[name] = Number((await legendLabel(name).getAttribute('opacity')) ?? '1');
    return out;
  };
  const yTop = async () => {
    const ticks = await chart
      .locator('[aria-roledescription="axis"][aria-label^="Y-axis"] text')
      .allTextContents();
    return Math.max(...ticks.map((t) => Number(t.replace(/,/g, ''))).filter((n) => Number.isFinite(n)));
  };
  const all = await drawn();
  expect(Object.keys(all).sort()).toEqual(['Email', 'Missed Call', 'Text']);
  expect(await legendOpacity()).toEqual({ 'Missed Call': 1, Text: 1, Email: 1 });
  const fullTop = await yTop();

  // A click excludes the series: its bars leave the plot, the axis rescales to what is left, and its
  // legend entry fades while the others stay at full strength.
  await legendLabel('Text').click();
  await expect.poll(drawn).toEqual({ 'Missed Call': all['Missed Call'], Email: all.Email });
  await expect.poll(legendOpacity).toEqual({ 'Missed Call': 1, Text: 0.3, Email: 1 });
  // A second series can be excluded as well; a click on an excluded one brings it back.
  await legendLabel('Email').click();
  await expect.poll(drawn).toEqual({ 'Missed Call': all['Missed Call'] });
  await expect.poll(legendOpacity).toEqual({ 'Missed Call': 1, Text: 0.3, Email: 0.3 });
  expect(await yTop()).toBeLessThan(fullTop);
  await legendLabel('Text').click();
  await expect.poll(drawn).toEqual({ 'Missed Call': all['Missed Call'], Text: all.Text });
  await legendLabel('Email').click();
  await expect.poll(drawn).toEqual(all);
  await expect.poll(legendOpacity).toEqual({ 'Missed Call': 1, Text: 1, Email: 1 });
  expect(await yTop()).toBe(fullTop);

  // The type filter refetches the chart.
  const textOnly = page.waitForRequest(
    (r) => requestTo(BY_TYPE)(r) && JSON.stringify(requestBody(r).commTypes) === '["SMS"]',
  );
  await panel.getByRole('combobox', { name: 'Comm Type' }).click();
  await page.getByRole('option', { name: 'Text', exact: true }).click();
  await textOnly;
});

test("a period with nothing answered: the trend says 'No Data' instead of drawing empty lines", async ({
  page,
}) => {
  await open(page);
  // The e2e data covers the six months before the last update: the prior year holds nothing.
  await pickPreset(page, 'Prior Year');
  const trend = await applyPeriod(page);
  expect(await (await trend.response())?.json()).toEqual({ series: [] });
  const panel = page.getByTestId('panel-trend');
  await expect(panel.getByText('No Data', { exact: true })).toBeVisible();
  await expect(panel.locator('svg[role="graphics-document"], canvas')).toHaveCount(0);
});
