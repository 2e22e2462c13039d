import {
  answerDataCode,
  openDashboard,
  replay,
  requestBody,
  sessionTokens,
  sliceLabels,
  widgetsReady,
} from './helpers';
import { expect, type Page, type Request, test } from './test';

interface CodeAnswer {
  headers: string[];
  values: (number | string | null)[][];
}

/** A message only Vega-Lite's compiler carries (a spec without a mark or a composition). */
const VEGA_LITE_COMPILER = 'Make sure the specification includes at least one of the following properties';

/** SPEC.md section 5: thousands comma-separated, at most 2 decimals. */
const plain = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

const codeRequests = (requests: Request[], code: number) =>
  requests.filter((r) => new URL(r.url()).pathname === '/api/data' && requestBody(r).requestedData === code);

async function codeAnswer(page: Page, requests: Request[], code: number): Promise<CodeAnswer> {
  const sent = codeRequests(requests, code);
  expect(sent.length, `a request for code ${code}`).toBeGreaterThan(0);
  return (await replay(page, sent.at(-1)!)) as CodeAnswer;
}

/** The pie's slices for a [label, count] answer: the 9 largest, the rest as 'Misc.', sorted by label. */
function expectedSlices(answer: CodeAnswer): string[] {
  const byValue = answer.values
    .map((v) => [String(v[0]), Number(v[1])] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  const kept = byValue.slice(0, 9).map(([l]) => l);
  if (byValue.length > 9) kept.push('Misc.');
  return kept.sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

const sortedLabels = (labels: string[]) =>
  [...labels].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));

const panels = [
  { name: 'adSource', title: 'Ad Source Effectiveness', route: '/dashboard/ad-source-effectiveness' },
  { name: 'callerBehavior', title: 'Caller Behavior', route: '/dashboard/caller-behavior' },
  { name: 'employee', title: 'Employee Call Performance', route: '/dashboard/employee-call-performance' },
  { name: 'actionRequired', title: 'Action Required', route: '/dashboard/action-required' },
  { name: 'responseTime', title: 'Response Time', route: '/dashboard/response-time' },
  { name: 'volume', title: 'Volume', route: '/dashboard/volume' },
] as const;

test('six panels, two per row, each with a header link to its detail route', async ({ page }) => {
  await openDashboard(page, '/dashboard', 'home');
  const home = page.getByTestId('dashboard-home');
  for (const p of panels) {
    const panel = home.getByTestId(`panel-${p.name}`);
    await expect(panel).toBeVisible();
    await expect(panel.getByText(p.title, { exact: true }).first()).toBeVisible();
    // The info popover describes the area.
    await expect(panel.getByRole('button', { name: `About ${p.title}` })).toBeVisible();
  }
  await expect(home.locator('[data-testid^="panel-"]')).toHaveCount(6);
  // Two per row at 1280 px: the panels of a pair share a top edge, the next pair starts lower.
  const tops = [];
  for (const p of panels) tops.push(Math.round((await home.getByTestId(`panel-${p.name}`).boundingBox())!.y));
  expect(tops[0]).toBe(tops[1]);
  expect(tops[2]).toBe(tops[3]);
  expect(tops[4]).toBe(tops[5]);
  expect(tops[2]).toBeGreaterThan(tops[0]);
  expect(tops[4]).toBeGreaterThan(tops[2]);

  for (const p of panels) {
    const details = page.getByTestId(`panel-${p.name}`).getByRole('link', { name: 'View Details' });
    // A link, so it can open in a new tab.
    await expect(details).toHaveAttribute('href', p.route);
    await details.click();
    await expect(page).toHaveURL(new RegExp(`${p.route}(\\?.*)?$`));
    await expect(page.getByRole('heading', { level: 1 }).filter({ hasText: p.title })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-home')).toBeVisible();
  }
});

test("'Ad Source By' switches the pie between Leases, Prospects and Calls", async ({ page }) => {
  const requests = await openDashboard(page, '/dashboard', 'home');
  const panel = page.getByTestId('panel-adSource');
  const select = panel.getByRole('combobox', { name: 'Ad Source By' });
  await expect(select).toHaveValue('Leases');
  const leasesPie = panel.getByTestId('pie-ad-source-leases');
  await expect(leasesPie).toBeVisible();
  expect(codeRequests(requests, 201)).toHaveLength(0);
  const leases = await codeAnswer(page, requests, 200);
  // Vega draws after the rows arrive: wait for the slices.
  await expect.poll(async () => sortedLabels(await sliceLabels(leasesPie))).toEqual(expectedSlices(leases));

  for (const [label, code, id] of [
    ['Prospects', 201, 'pie-ad-source-prospects'],
    ['Calls', 202, 'pie-ad-source-calls'],
  ] as const) {
    const sent = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/data' && requestBody(r).requestedData === code,
    );
    await select.click();
    await page.getByRole('option', { name: label, exact: true }).click();
    await sent;
    await expect(select).toHaveValue(label);
    const pie = panel.getByTestId(id);
    await expect(pie).toBeVisible();
    await expect(panel.locator('[data-testid^="pie-ad-source-"]')).toHaveCount(1);
    await widgetsReady(panel);
    const answer = await codeAnswer(page, requests, code);
    await expect.poll(async () => sortedLabels(await sliceLabels(pie))).toEqual(expectedSlices(answer));
  }
  // The three measures split differently: the Calls pie is not the Leases pie.
  expect(expectedSlices(await codeAnswer(page, requests, 202))).not.toEqual(expectedSlices(leases));
});

test('the Missed Calls ring without a previous period is positive: it is negative only when the rate rose', async ({
  page,
}) => {
  // A site with no calls in the comparison period: the answer has no previous value.
  await answerDataCode(page, 101, {
    headers: ['current', 'previous'],
    values: [
      [25.5, null],
      [3, null],
    ],
  });
  await openDashboard(page, '/dashboard', 'home');
  const ring = page.getByTestId('panel-callerBehavior').getByTestId('ring-missed');
  await expect(ring.getByRole('img', { name: 'Missed Calls' })).toHaveText('26%');
  await expect(ring).toHaveAttribute('data-tone', 'positive');
});

test('the Appt. Conversion ring shows an em dash when there were no appointments, not 0%', async ({
  page,
}) => {
  await answerDataCode(page, 304, {
    headers: ['current', 'previous'],
    values: [
      [0, 10],
      [12.5, null],
    ],
  });
  await openDashboard(page, '/dashboard', 'home');
  const ring = page.getByTestId('ring-conversion');
  await expect(ring.getByRole('img', { name: 'Appt. Conversion' })).toHaveText('\u2014');
  await expect(ring).toHaveAttribute('data-tone', 'neutral');
});

test("Caller Behavior: Missed Calls ring with 'Previous Period', Inbound and Prospect tiles", async ({
  page,
}) => {
  const requests = await openDashboard(page, '/dashboard', 'home');
  const panel = page.getByTestId('panel-callerBehavior');
  const missed = await codeAnswer(page, requests, 101);
  const [current, previous] = missed.values[0] as number[];
  const ring = panel.getByTestId('ring-missed');
  await expect(ring.getByText('Missed Calls', { exact: true })).toBeVisible();
  // The ring counts up to the rounded percent.
  await expect(ring.getByRole('img', { name: 'Missed Calls' })).toHaveText(`${Math.round(current)}%`);
  await expect(ring.getByTestId('ring-previous')).toHaveText(`Previous Period: ${Math.round(previous)}%`);
  // Negative when the current percent exceeds the previous one, else positive.
  await expect(ring).toHaveAttribute('data-tone', current > previous ? 'negative' : 'positive');

  for (const [id, code, title] of [
    ['tile-inbound', 100, 'Inbound Calls'],
    ['tile-prospects', 102, 'Prospect Calls'],
  ] as const) {
    const answer = await codeAnswer(page, requests, code);
    const tile = panel.getByTestId(id).getByTestId('tile');
    await expect(tile.getByText(title, { exact: true })).toBeVisible();
    await expect(tile.getByTestId('tile-main')).toHaveText(plain(answer.values[0][0] as number));
  }
});

test("Employee Call Performance: 'Appt. Conversion' ring with 'Industry Avg' and the two TPA tiles", async ({
  page,
}) => {
  const requests = await openDashboard(page, '/dashboard', 'home');
  const panel = page.getByTestId('panel-employee');

  const conversion = await codeAnswer(page, requests, 304);
  const [current, previous] = conversion.values[0] as number[];
  const industry = conversion.values[1][0] as number;
  const ring = panel.getByTestId('ring-conversion');
  await expect(ring.getByText('Appt. Conversion', { exact: true })).toBeVisible();
  await expect(ring.getByRole('img', { name: 'Appt. Conversion' })).toHaveText(`${Math.round(current)}%`);
  // As the Appointment Conversion tile of Employee Call Performance shows it: a percent without decimals.
  await expect(ring.getByTestId('detail')).toHaveText(`Industry Avg ${Math.round(industry)}%`);
  await expect(ring).toHaveAttribute('data-tone', current >= previous ? 'positive' : 'negative');

  const score = await codeAnswer(page, requests, 303);
  const [main, avg] = score.values[0] as number[];
  const scoreTile = panel.getByTestId('tile-tpa-score').getByTestId('tile');
  await expect(scoreTile.getByText('Average TPA Score', { exact: true })).toBeVisible();
  await expect(scoreTile.getByTestId('tile-main')).toHaveText(plain(main));
  await expect(scoreTile.getByTestId('tile-previous')).toHaveText(`Industry Avg. ${plain(avg)}`);
  // Values that read the same are a tie (up, the tile's tie rule).
  await expect(scoreTile.getByTestId('tile-indicator')).toHaveText(
    plain(main) === plain(avg) || main >= avg ? '\u25B2' : '\u25BC',
  );
  await expect(scoreTile.getByTestId('tile-indicator')).toHaveAttribute(
    'data-tone',
    main >= avg ? 'positive' : 'negative',
  );

  const appointments = await codeAnswer(page, requests, 300);
  const appTile = panel.getByTestId('tile-appointments').getByTestId('tile');
  await expect(appTile.getByText('Appointments (TPA)', { exact: true })).toBeVisible();
  await expect(appTile.getByTestId('tile-main')).toHaveText(plain(appointments.values[0][0] as number));
  await expect(appTile.getByTestId('detail')).toHaveText(
    `Qualified Calls ${plain(appointments.values[1][0] as number)}`,
  );
});

test("Action Required: the bar chart and 'Action Required Data as of' the last data update", async ({
  page,
}) => {
  await openDashboard(page, '/dashboard', 'home');
  const panel = page.getByTestId('panel-actionRequired');
  const { accessToken, extendedDataToken } = await sessionTokens(page);
  const res = await page.request.get('/api/data/refresh_time', {
    headers: { Authorization: `Bearer ${accessToken}`, 'x-extended-data-token': extendedDataToken },
  });
  expect(res.status()).toBe(200);
  const { lastDataUpdate } = (await res.json()) as { lastDataUpdate: string };
  // M/D/YYYY h:mm A in the browser's local time.
  const expected = await page.evaluate((iso) => {
    const d = new Date(iso);
    const h = d.getHours() % 12 || 12;
    const mm = String(d.getMinutes()).padStart(2, '0');
    return `${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()} ${h}:${mm} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
  }, lastDataUpdate);
  await expect(panel.getByText(`Action Required Data as of ${expected}`, { exact: true })).toBeVisible();

  const bars = panel.getByTestId('chart-action-required').locator('path[aria-roledescription="bar"]');
  await expect(bars.first()).toBeVisible();
  const labels = await bars.evaluateAll((ps) => ps.map((p) => p.getAttribute('aria-label') ?? ''));
  // Stacked by age: New, Older Than 24hrs and Older Than 48hrs over the relationships.
  const groups = new Set(labels.map((l) => /group: ([^;]+)/.exec(l)?.[1]));
  expect([...groups].sort()).toEqual(['New', 'Older Than 24hrs', 'Older Than 48hrs']);
  expect(labels.some((l) => l.includes('relationship: Leads;'))).toBe(true);
});

test('Response Time trend lines and Volume inbound/outbound bars are drawn', async ({ page }) => {
  const requests = await openDashboard(page, '/dashboard', 'home');
  const trendRequest = requests.filter(
    (r) => new URL(r.url()).pathname === '/api/data/communication/average_response_time_trend',
  );
  expect(trendRequest.length).toBeGreaterThan(0);
  // Last 30 Days: weekly buckets.
  expect(requestBody(trendRequest.at(-1)!)).toMatchObject({ timeTrendGroup: 'week' });
  const trend = page.getByTestId('panel-responseTime').getByTestId('chart-response-trend');
  const lines = trend.locator('path[aria-roledescription="line mark"]');
  await expect(lines).toHaveCount(4);
  const series = await lines.evaluateAll((ps) =>
    ps.map((p) => /group: ([^;]+)$/.exec(p.getAttribute('aria-label') ?? '')?.[1]),
  );
  expect(series.sort()).toEqual(['Email', 'Missed Call', 'Overall', 'Text']);
  for (const d of await lines.evaluateAll((ps) => ps.map((p) => p.getAttribute('d') ?? '')))
    expect(d.length).toBeGreaterThan(10);

  const volumeRequest = requests.filter(
    (r) => new URL(r.url()).pathname === '/api/data/communication/volume/by_type',
  );
  expect(volumeRequest.length).toBeGreaterThan(0);
  const volume = (await replay(page, volumeRequest.at(-1)!)) as {
    series: { group: string; values: { category: string; value: number }[] }[];
  };
  const bars = page
    .getByTestId('panel-volume')
    .getByTestId('chart-volume')
    .locator('path[aria-roledescription="bar"]');
  const expected = volume.series.flatMap((s) =>
    s.values.map((v) => `category: ${v.category}; Communications: ${v.value}; group: ${s.group}`),
  );
  await expect
    .poll(async () =>
      (await bars.evaluateAll((ps) => ps.map((p) => p.getAttribute('aria-label') ?? ''))).sort(),
    )
    .toEqual(expected.sort());
  expect(new Set(volume.series.map((s) => s.group))).toEqual(new Set(['Inbound', 'Outbound']));
});

test("the page's charts and pies draw without loading Vega-Lite's compiler", async ({ page }) => {
  await openDashboard(page, '/dashboard', 'home');
  const home = page.getByTestId('dashboard-home');
  await expect(home.locator('[data-testid^="chart-"] svg.marks').first()).toBeVisible();
  await expect(home.locator('[data-testid^="pie-"] svg.marks').first()).toBeVisible();
  await expect(home.locator('[data-testid^="chart-"] svg.marks')).toHaveCount(3);
  // Every script the page loaded, read back: none is Vega-Lite's compiler (its message for a spec
  // with no mark is in no other module).
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((url) => /\.m?js(\?|$)/.test(url)),
  );
  expect(scripts.some((url) => url.includes('vega'))).toBe(true);
  for (const url of scripts) {
    const text = await (await page.request.get(url)).text();
    expect(text.includes(VEGA_LITE_COMPILER), url).toBe(false);
  }
});
