import {
  answerDataCode,
  dec,
  openDashboard,
  pct1,
  pill,
  replay,
  requestBody,
  requestTo,
  type TablePage,
  tableCells,
  tableHeaders,
  totalsCells,
  widgetsReady,
  withInactive,
} from './helpers';
import { expect, type Page, type Request, test } from './test';

const ROUTE = '/dashboard/employee-call-performance';
const BY_SITE = '/api/data/employee_call_performance/by_site';
const BY_SITE_TOTALS = '/api/data/employee_call_performance/by_site/totals';
const BY_EMPLOYEE = '/api/data/employee_call_performance/by_employee';
const BY_EMPLOYEE_TOTALS = '/api/data/employee_call_performance/by_employee/totals';

const isCode = (code: number) => (r: Request) =>
  requestTo('/api/data')(r) && requestBody(r).requestedData === code;
const plain = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
/** SPEC.md section 5: appointment conversion is an em dash when appointments is missing or zero. */
const conversion = (row: Record<string, unknown>) =>
  !row.appointments ? '\u2014' : pct1(row.appointmentsConversion as number);

async function open(page: Page): Promise<Request[]> {
  return openDashboard(page, ROUTE, 'employee-call-performance');
}

function counts(v: Record<string, unknown>): string[] {
  return [
    dec(v.scoredCalls as number, 0),
    dec(v.qualifiedCalls as number, 0),
    dec(v.appointments as number, 0),
    conversion(v),
    dec(v.averageTpaScore as number, 1),
  ];
}

test('the three tiles against industry averages, with the indicator rule', async ({ page }) => {
  const requests = await open(page);
  const tiles = page.getByTestId('panel-tiles');

  const appointments = (await replay(page, requests.filter(isCode(300)).at(-1)!)) as { values: number[][] };
  const appTile = tiles.getByTestId('tile-appointments').getByTestId('tile');
  await expect(appTile.getByText('Appointments (TPA)', { exact: true })).toBeVisible();
  await expect(appTile.getByTestId('tile-main')).toHaveText(plain(appointments.values[0][0]));
  await expect(appTile.getByTestId('detail')).toHaveText(
    `Qualified Calls ${plain(appointments.values[1][0])}`,
  );

  for (const [id, code, title, format] of [
    ['tile-conversion', 302, 'Appointment Conversion', (n: number) => `${Math.round(n)}%`],
    ['tile-tpa-score', 303, 'Average TPA Score', plain],
  ] as const) {
    const answer = (await replay(page, requests.filter(isCode(code)).at(-1)!)) as {
      headers: string[];
      values: number[][];
    };
    expect(answer.headers).toEqual(['current', 'industry']);
    const [main, industry] = answer.values[0];
    const tile = tiles.getByTestId(id).getByTestId('tile');
    await expect(tile.getByText(title, { exact: true })).toBeVisible();
    await expect(tile.getByTestId('tile-main')).toHaveText(format(main));
    await expect(tile.getByTestId('tile-previous')).toHaveText(`Industry Avg. ${format(industry)}`);
    // Up/positive when main >= industry as shown (two values that read the same are a tie), else down/negative.
    const up = format(main) === format(industry) || main >= industry;
    const indicator = tile.getByTestId('tile-indicator');
    await expect(indicator).toHaveText(up ? '\u25B2' : '\u25BC');
    await expect(indicator).toHaveAttribute('data-tone', up ? 'positive' : 'negative');
  }
});

test('the tile indicator turns down/negative when the score is under the industry average', async ({
  page,
}) => {
  await answerDataCode(page, 303, { headers: ['current', 'industry'], values: [[71.5, 80]] });
  await answerDataCode(page, 302, {
    headers: ['current', 'industry'],
    values: [
      [12.5, 12.5],
      [5, 40],
    ],
  });
  await open(page);
  const score = page.getByTestId('tile-tpa-score').getByTestId('tile');
  await expect(score.getByTestId('tile-main')).toHaveText('71.5');
  await expect(score.getByTestId('tile-indicator')).toHaveText('\u25BC');
  await expect(score.getByTestId('tile-indicator')).toHaveAttribute('data-tone', 'negative');
  // Equal to the industry value counts as up/positive.
  const conv = page.getByTestId('tile-conversion').getByTestId('tile');
  await expect(conv.getByTestId('tile-indicator')).toHaveText('\u25B2');
  await expect(conv.getByTestId('tile-indicator')).toHaveAttribute('data-tone', 'positive');
});

test('Site table: sorted by Avg. TPA Score descending; first page and totals equal the endpoints', async ({
  page,
}) => {
  const requests = await open(page);
  const panel = page.getByTestId('panel-performance');
  await expect(panel.getByText('Call Performance by', { exact: true })).toBeVisible();
  await expect(pill(panel, 'Site')).toHaveAttribute('aria-pressed', 'true');
  await expect(pill(panel, 'Employee')).toHaveAttribute('aria-pressed', 'false');
  const table = panel.locator('[data-widget-kind="table"]');
  expect(await tableHeaders(table)).toEqual([
    '#',
    'Site',
    'Scored Calls',
    'Qualified Calls',
    'Appointments',
    'Appointment Conversion',
    'Avg. TPA Score',
  ]);
  await expect(table.getByRole('columnheader', { name: /^Avg\. TPA Score/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const sent = requests.filter(requestTo(BY_SITE));
  expect(sent).toHaveLength(1);
  expect(requestBody(sent[0])).toMatchObject({
    limit: 10,
    skip: 0,
    sort: [{ column: 'averageTpaScore', direction: 'desc' }],
  });
  const answer = (await replay(page, sent[0])) as TablePage;
  expect(answer.totalRows).toBeGreaterThan(1);
  const rows = await tableCells(table);
  expect(rows).toEqual(
    answer.values.map((v, i) => [String(i + 1), withInactive(v.siteName, v.siteIsActive), ...counts(v)]),
  );
  const scores = answer.values.map((v) => v.averageTpaScore as number);
  for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeLessThanOrEqual(scores[i - 1]);
  await expect(panel.getByText(`Show ${rows.length} of ${answer.totalRows} Entries`)).toBeVisible();

  const totalsSent = requests.filter(requestTo(BY_SITE_TOTALS));
  expect(totalsSent).toHaveLength(1);
  const totals = (await replay(page, totalsSent[0])) as Record<string, number>;
  expect(totals.scoredCalls).toBeGreaterThan(0);
  expect(await totalsCells(table)).toEqual([
    'Total',
    '',
    dec(totals.scoredCalls, 0),
    dec(totals.qualifiedCalls, 0),
    dec(totals.appointments, 0),
    pct1(totals.appointmentsConversion),
    dec(totals.averageTpaScore, 1),
  ]);
});

test('a site link opens Employee narrowed to that site with a chip; the chip x clears it', async ({
  page,
}) => {
  const requests = await open(page);
  const panel = page.getByTestId('panel-performance');
  const sites = (await replay(page, requests.filter(requestTo(BY_SITE)).at(-1)!)) as TablePage;
  const site = sites.values[1];
  const siteName = String(site.siteName);

  const narrowedCall = page.waitForRequest(requestTo(BY_EMPLOYEE));
  await panel.getByRole('button', { name: siteName, exact: true }).click();
  const narrowed = await narrowedCall;
  expect(requestBody(narrowed)).toMatchObject({
    siteId: site.siteId,
    skip: 0,
    limit: 10,
    sort: [{ column: 'averageTpaScore', direction: 'desc' }],
  });
  await expect(pill(panel, 'Employee')).toHaveAttribute('aria-pressed', 'true');
  const chip = panel.getByTestId('chip-cpSiteId');
  await expect(chip).toHaveText(siteName);
  await widgetsReady(panel);
  const table = panel.locator('[data-widget-kind="table"]');
  expect(await tableHeaders(table)).toEqual([
    '#',
    'Employee',
    'Site',
    'Scored Calls',
    'Qualified Calls',
    'Appointments',
    'Appointment Conversion',
    'Avg. TPA Score',
  ]);
  await expect(table.getByRole('columnheader', { name: /^Avg\. TPA Score/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const employees = (await replay(page, narrowed)) as TablePage;
  expect(employees.values.length).toBeGreaterThan(0);
  expect(await tableCells(table)).toEqual(
    employees.values.map((v, i) => [
      String(i + 1),
      withInactive(v.fullName, v.userIsActive),
      withInactive(v.siteName, v.siteIsActive),
      ...counts(v),
    ]),
  );
  for (const v of employees.values) expect(v.siteName).toBe(siteName);
  const narrowedTotals = requests.filter(requestTo(BY_EMPLOYEE_TOTALS)).at(-1)!;
  expect(requestBody(narrowedTotals)).toMatchObject({ siteId: site.siteId });
  const totals = (await replay(page, narrowedTotals)) as Record<string, number>;
  expect((await totalsCells(table))[3]).toBe(dec(totals.scoredCalls, 0));

  const clearedCall = page.waitForRequest(requestTo(BY_EMPLOYEE));
  await chip.getByRole('button', { name: `Remove ${siteName}` }).click();
  const cleared = await clearedCall;
  expect(requestBody(cleared)).not.toHaveProperty('siteId');
  await expect(chip).toBeHidden();
  await expect(pill(panel, 'Employee')).toHaveAttribute('aria-pressed', 'true');
  await widgetsReady(panel);
  const all = (await replay(page, cleared)) as TablePage;
  expect(all.totalRows).toBeGreaterThan(employees.totalRows);
  await expect.poll(async () => new Set((await tableCells(table)).map((r) => r[2])).size).toBeGreaterThan(1);

  // The Site pill after a drill-down clears the site too.
  await pill(panel, 'Site').click();
  await widgetsReady(panel);
  await panel.getByRole('button', { name: siteName, exact: true }).click();
  await expect(chip).toHaveText(siteName);
  await pill(panel, 'Site').click();
  await expect(chip).toBeHidden();
  await expect(pill(panel, 'Site')).toHaveAttribute('aria-pressed', 'true');
});

test('the Appointment Conversion tile shows an em dash and no arrow when there were no appointments, not 0%', async ({
  page,
}) => {
  await answerDataCode(page, 302, {
    headers: ['current', 'industry'],
    values: [
      [0, 12.5],
      [0, 40],
    ],
  });
  await open(page);
  const conv = page.getByTestId('tile-conversion').getByTestId('tile');
  await expect(conv.getByTestId('tile-main')).toHaveText('\u2014');
  // Nothing to compare: no arrow beside the dash (a red down arrow said it fell short).
  await expect(conv.getByTestId('tile-previous')).toHaveText('Industry Avg. 13%');
  await expect(conv.getByTestId('tile-indicator')).toHaveCount(0);
});
