import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  clickSlice,
  type ExtraServer,
  hoverSlice,
  openDashboard,
  pieSlicesShown,
  replay,
  sliceLabels,
  startExtraServer,
} from './helpers';
import { expect, type Locator, type Page, type Request, test } from './test';

interface TileAnswer {
  headers: string[];
  values: (number | string | null)[][];
}

const tiles = [
  { code: 100, title: 'Inbound Calls', testId: 'tile-inbound' },
  { code: 101, title: 'Missed Calls', testId: 'tile-missed' },
  { code: 102, title: 'Prospect Calls', testId: 'tile-prospects' },
  { code: 103, title: 'Avg. Prospect Call Time', testId: 'tile-talkTime' },
] as const;

/** SPEC.md section 5: thousands comma-separated, at most 2 decimals (no value here reaches a million). */
const plain = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
/** The missed-call percent tile: rounded to 2 decimals. */
const percent2 = (n: number) =>
  n === 0
    ? '0%'
    : `${(Math.round(n * 100) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\.00$/, '')}%`;

/**
 * SPEC.md section 4, Caller Behavior tiles. Inbound: previous > current is down/negative, else
 * up/positive. Missed rate: current > previous is up/negative, else down/positive. Prospect: current >
 * previous is up/positive, else down/negative. Avg. call time: the generic tile rule (main >= sub is
 * up/positive).
 */
function expectedIndicator(code: number, current: number, previous: number): { arrow: string; tone: string } {
  const up = { arrow: '\u25B2' };
  const down = { arrow: '\u25BC' };
  switch (code) {
    case 100:
      return previous > current ? { ...down, tone: 'negative' } : { ...up, tone: 'positive' };
    case 101:
      return current > previous ? { ...up, tone: 'negative' } : { ...down, tone: 'positive' };
    case 102:
      return current > previous ? { ...up, tone: 'positive' } : { ...down, tone: 'negative' };
    default:
      return current >= previous ? { ...up, tone: 'positive' } : { ...down, tone: 'negative' };
  }
}

const ROUTE = '/dashboard/caller-behavior';

/**
 * Opens the page by its URL, signed in (on `baseUrl`, the tests' server by default), and records
 * every data request it sends. The menu's way there is shell.spec.ts's.
 */
const openCallerBehavior = (page: Page, baseUrl = ''): Promise<Request[]> =>
  openDashboard(page, ROUTE, 'caller-behavior', 'admin', baseUrl);

function bodyOf(r: Request): Record<string, unknown> {
  return (r.postDataJSON() ?? {}) as Record<string, unknown>;
}

test('the four tiles show the API answer for the same body, with the SPEC indicators', async ({ page }) => {
  const requests = await openCallerBehavior(page);
  for (const tile of tiles) {
    const sent = requests.filter(
      (r) => new URL(r.url()).pathname === '/api/data' && bodyOf(r).requestedData === tile.code,
    );
    // (A 401 refresh retries a call: the last one sent is the one the tile shows.)
    expect(sent.length, `a request for code ${tile.code}`).toBeGreaterThan(0);
    const last = sent[sent.length - 1];
    const body = bodyOf(last);
    expect(body).toMatchObject({ requestedData: tile.code });
    expect(typeof body.startDate).toBe('string');
    expect(typeof body.endDate).toBe('string');
    const answer = (await replay(page, last)) as TileAnswer;
    const [current, previous] = answer.values[0];
    expect(typeof current, `code ${tile.code} has a current value in the demo data`).toBe('number');
    expect(typeof previous, `code ${tile.code} has a previous value in the demo data`).toBe('number');

    const card = page.getByTestId(tile.testId).getByTestId('tile');
    await expect(card.getByText(tile.title, { exact: true })).toBeVisible();
    const main = tile.code === 101 ? percent2(current as number) : plain(current as number);
    const sub = tile.code === 101 ? percent2(previous as number) : plain(previous as number);
    await expect(card.getByTestId('tile-main')).toHaveText(main);
    await expect(card.getByTestId('tile-previous')).toHaveText(
      `Previous Period: ${sub}${tile.code === 103 ? ' min' : ''}`,
    );
    if (tile.code === 103) await expect(card.getByText('Minutes', { exact: true })).toBeVisible();
    if (tile.code === 101) {
      await expect(card.getByTestId('detail')).toHaveText(
        `Missed calls: ${plain(answer.values[1][0] as number)}`,
      );
    }
    const want = expectedIndicator(tile.code, current as number, previous as number);
    const indicator = card.getByTestId('tile-indicator');
    await expect(indicator).toHaveText(want.arrow);
    await expect(indicator).toHaveAttribute('data-tone', want.tone);
  }
});

/**
 * The right pie's slice labels for the 105 answer, narrowed to one caller type or not: 'type - result'
 * summed per label, the 9 largest kept and the rest folded into 'Misc.' (SPEC.md section 9), sorted.
 */
function expectedSlices(answer: TileAnswer, group: string | null): string[] {
  const type = answer.headers.indexOf('callerType');
  const result = answer.headers.indexOf('callResult');
  const count = answer.headers.indexOf('count');
  const sums = new Map<string, number>();
  for (const v of answer.values) {
    if (group !== null && v[type] !== group) continue;
    const label = `${v[type]} - ${v[result]}`;
    sums.set(label, (sums.get(label) ?? 0) + Number(v[count]));
  }
  const byValue = [...sums].sort((a, b) => b[1] - a[1]);
  const kept = byValue.slice(0, 9).map(([l]) => l);
  if (byValue.length > 9) kept.push('Misc.');
  return kept.sort();
}

test('a Caller Type slice filters the right pie to its group; a second click clears it', async ({ page }) => {
  const requests = await openCallerBehavior(page);
  const left = page.getByTestId('pie-caller-type');
  const right = page.getByTestId('pie-call-result');
  const rightRequest = requests.find((r) => bodyOf(r).requestedData === 105);
  expect(rightRequest).toBeDefined();
  const results = (await replay(page, rightRequest!)) as TileAnswer;
  const typeIndex = results.headers.indexOf('callerType');
  const groups = [...new Set(results.values.map((v) => String(v[typeIndex])))];
  expect(groups.length).toBeGreaterThan(1);

  // Vega draws the SVG after the widget has its rows: wait for the arcs.
  await expect.poll(async () => (await sliceLabels(left)).sort()).toEqual([...groups].sort());
  const leftLabels = await sliceLabels(left);
  await expect.poll(async () => (await sliceLabels(right)).sort()).toEqual(expectedSlices(results, null));
  const allRight = await sliceLabels(right);
  const group = leftLabels.includes('Prospect') ? 'Prospect' : leftLabels[0];
  const requestsBefore = requests.length;

  const coloursBefore = new Map((await pieSlicesShown(right)).map((s) => [s.label, s.fill]));
  await clickSlice(left, group);
  await expect.poll(async () => (await sliceLabels(right)).sort()).toEqual(expectedSlices(results, group));
  const filtered = await sliceLabels(right);
  // A label keeps its colour when the slices around it change.
  const coloursAfter = (await pieSlicesShown(right)).filter((s) => coloursBefore.has(s.label));
  expect(coloursAfter.length).toBeGreaterThan(0);
  for (const s of coloursAfter) expect(s.fill, s.label).toBe(coloursBefore.get(s.label));
  expect(new Set((await pieSlicesShown(right)).map((s) => s.fill)).size).toBe(filtered.length);
  expect(filtered.filter((l) => l !== 'Misc.').every((l) => l.startsWith(`${group} - `))).toBe(true);
  expect(filtered).not.toEqual(allRight);
  // The selection is drawn on the left pie: the other slices fade.
  const drawn = await pieSlicesShown(left);
  expect(drawn.map((s) => s.label).sort()).toEqual([...leftLabels].sort());
  for (const s of drawn) expect(s.opacity, s.label).toBe(s.label === group ? 1 : 0.35);

  await clickSlice(left, group);
  await expect.poll(async () => (await sliceLabels(right)).sort()).toEqual([...allRight].sort());
  for (const s of await pieSlicesShown(left)) expect(s.opacity, s.label).toBe(1);
  // Filtering is done on the answer already loaded: no refetch of the pies.
  expect(requests.slice(requestsBefore).filter((r) => bodyOf(r).requestedData === 105)).toHaveLength(0);
});

async function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())),
    );
}

const percent1 = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const pct = (s: string) => (s === '0%' ? 0 : Number(s.replace(/[%,]/g, '')));

async function checkPageOne(page: Page, requests: Request[]) {
  const panel = page.getByTestId('panel-missedBySite');
  await expect(panel.getByText('Missed Calls By Site', { exact: true })).toBeVisible();
  const table = panel.locator('[data-widget-kind="table"]');
  const headers = (await table.locator('thead th').allTextContents()).map((h) => h.trim());
  expect(headers).toEqual(['#', 'Site', 'Calls', 'Missed Calls', '% Missed\u00A0\u25BC']);
  await expect(table.getByRole('columnheader', { name: /% Missed/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  // One answered fetch on entry (a call retried after a shared token refresh counts once).
  const bySite: Request[] = [];
  for (const r of requests.filter((x) =>
    x.url().endsWith('/api/data/caller_behavior/missed_calls/by_site'),
  )) {
    if ((await r.response())?.status() === 200) bySite.push(r);
  }
  expect(bySite).toHaveLength(1);
  expect(bodyOf(bySite[0])).toMatchObject({
    limit: 10,
    skip: 0,
    sort: [{ column: 'missedCallPercent', direction: 'desc' }],
  });
  const answer = (await replay(page, bySite[0])) as { values: Record<string, unknown>[]; totalRows: number };
  const rows = await tableRows(table);
  expect(rows).toHaveLength(Math.min(10, answer.totalRows));
  expect(rows.map((r) => r[0])).toEqual(rows.map((_, i) => String(i + 1)));
  expect(rows.map((r) => r[1].replace(/ \(Inactive\)$/, ''))).toEqual(answer.values.map((v) => v.site));
  const percents = rows.map((r) => pct(r[4]));
  for (let i = 1; i < percents.length; i++) expect(percents[i]).toBeLessThanOrEqual(percents[i - 1]);
  // % Missed is missed / calls, rounded once to 1 decimal from the exact ratio (SPEC.md section 5).
  for (const r of rows) {
    const calls = Number(r[2].replace(/,/g, ''));
    const missed = Number(r[3].replace(/,/g, ''));
    const exact = calls ? (missed / calls) * 100 : 0;
    expect(r[4], `${missed} of ${calls}`).toBe(exact === 0 ? '0%' : `${percent1(exact)}%`);
  }
  await expect(table.getByText(`Show ${rows.length} of ${answer.totalRows} Entries`)).toBeVisible();
  return { table, bySite: bySite[0], answer, percents };
}

test('Missed Calls By Site: sorted by % Missed descending, and the Total row is the totals answer', async ({
  page,
}) => {
  const requests = await openCallerBehavior(page);
  const { table } = await checkPageOne(page, requests);

  // The Total row is the totals endpoint's answer for the same body.
  const totalsRequest = requests.find((r) =>
    r.url().endsWith('/api/data/caller_behavior/missed_calls/by_site/totals'),
  );
  expect(totalsRequest).toBeDefined();
  const totals = (await replay(page, totalsRequest!)) as Record<string, number>;
  expect(totals.totalCallCount).toBeGreaterThan(0);
  const dec0 = (n: number) => (n === 0 ? '\u2014' : n.toLocaleString('en-US', { maximumFractionDigits: 0 }));
  const pct1 = (n: number) =>
    n === 0
      ? '\u2014'
      : `${n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
  const totalRow = (await table.getByTestId('totals-row').locator('td').allTextContents()).map((t) =>
    t.trim(),
  );
  expect(totalRow).toEqual([
    'Total',
    '',
    dec0(totals.totalCallCount),
    dec0(totals.missedCallCount),
    pct1(totals.missedCallPercent),
  ]);
  // The totals are over every site, not the page: the page's calls add up to them here (one page).
  const rows = await tableRows(table);
  if (rows.length < 10) {
    expect(rows.reduce((sum, r) => sum + Number(r[2].replace(/,/g, '')), 0)).toBe(totals.totalCallCount);
  }
});

test.describe('a server with 24 sites', () => {
  // The e2e data has 9 sites, one page: this check needs a second server with more of them. It
  // starts (and seeds) in its own hook with its own time: beside another checkout's suite the test,
  // starting its server inside, took up to 56 s of its 60.
  let dataDir: string;
  let server: ExtraServer;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    dataDir = mkdtempSync(join(tmpdir(), 'cb-paging-'));
    server = await startExtraServer({ dataDir, sites: 24 });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('Missed Calls By Site: page 2 shows rows 11-20 in the same order', async ({ page }) => {
    const requests = await openCallerBehavior(page, server.url);
    const { table, answer, percents } = await checkPageOne(page, requests);
    expect(answer.totalRows).toBe(24);
    const paginator = table.getByTestId('paginator');
    await expect(paginator.getByRole('button', { name: '1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(paginator.getByRole('button', { name: 'Previous' })).toBeDisabled();

    const next = page.waitForRequest(
      (r) => r.url().endsWith('/missed_calls/by_site') && bodyOf(r).skip === 10,
    );
    await paginator.getByRole('button', { name: '2', exact: true }).click();
    const second = await next;
    expect(bodyOf(second)).toMatchObject({
      limit: 10,
      skip: 10,
      sort: [{ column: 'missedCallPercent', direction: 'desc' }],
    });
    await expect(paginator.getByRole('button', { name: '2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(paginator.getByRole('button', { name: '1', exact: true })).not.toHaveAttribute(
      'aria-current',
    );
    const secondAnswer = (await replay(page, second)) as { values: Record<string, unknown>[] };
    expect(secondAnswer.values).toHaveLength(10);
    await expect.poll(async () => (await tableRows(table))[0]?.[0]).toBe('11');
    const page2 = await tableRows(table);
    expect(page2.map((r) => r[0])).toEqual(['11', '12', '13', '14', '15', '16', '17', '18', '19', '20']);
    expect(page2.map((r) => r[1].replace(/ \(Inactive\)$/, ''))).toEqual(
      secondAnswer.values.map((v) => v.site),
    );
    // Still descending across the page boundary.
    expect(pct(page2[0][4])).toBeLessThanOrEqual(percents[percents.length - 1]);
    for (let i = 1; i < page2.length; i++) expect(pct(page2[i][4])).toBeLessThanOrEqual(pct(page2[i - 1][4]));

    // Page 3 holds the last 4 rows, numbered 21-24; Next is disabled there.
    await paginator.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(async () => (await tableRows(table)).map((r) => r[0]))
      .toEqual(['21', '22', '23', '24']);
    await expect(paginator.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});

test("a tile with no data says 'No Data' alone: no unit after it, none after the previous period", async ({
  page,
}) => {
  await openCallerBehavior(page);
  // The e2e data covers the six months before the last update: the prior year (and the one before) hold nothing.
  await page.getByTestId('period-picker').click();
  await page.getByTestId('period-dropdown').getByRole('option', { name: 'Prior Year', exact: true }).click();
  await page.getByTestId('filter-apply').click();
  const card = page.getByTestId('tile-talkTime').getByTestId('tile');
  await expect(card.getByTestId('tile-main')).toHaveText('No Data');
  await expect(card.getByText('Minutes', { exact: true })).toHaveCount(0);
  await expect(card.getByTestId('tile-previous')).toHaveText('Previous Period: No Data');
});

test('returning to a page draws it from what it had and fetches again on entry', async ({ page }) => {
  await openCallerBehavior(page);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByTestId('dashboard-home')).toBeVisible();
  const again = page.waitForRequest((r) =>
    r.url().endsWith('/api/data/caller_behavior/missed_calls/by_site'),
  );
  await menu.getByRole('link', { name: 'Caller Behavior', exact: true }).click();
  // The table is there at once, from the earlier visit, while the fetch goes out.
  await expect(page.getByTestId('panel-missedBySite').locator('tbody tr').first()).toBeVisible();
  expect(bodyOf(await again)).toMatchObject({ limit: 10, skip: 0 });
});

test("a pie's tooltip shows a count as a whole number and its percent with one decimal", async ({ page }) => {
  await openCallerBehavior(page);
  const pie = page.getByTestId('pie-caller-type');
  await expect.poll(async () => (await sliceLabels(pie)).length).toBeGreaterThan(0);
  const [label] = await sliceLabels(pie);
  await hoverSlice(pie, label);
  const tooltip = page.locator('#vg-tooltip-element');
  await expect(tooltip).toBeVisible();
  const cells = await tooltip
    .locator('tr')
    .evaluateAll((trs) =>
      Object.fromEntries(trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''))),
    );
  expect(cells.Label).toBe(label);
  // '8,358', not '8,358.0'.
  expect(cells.Value).toMatch(/^\d{1,3}(,\d{3})*$/);
  expect(cells.Percent).toMatch(/^\d+\.\d$/);
});

test('at 375 px a table scrolls sideways only, its Site column pinned, a shadow on its right edge until scrolled there; the page never scrolls sideways', async ({
  page,
}) => {
  // Opened at 375 px: the table opens scrolled to its sort column (% Missed, the last), beside the
  // pinned Site column; back at its left edge the shadow shows there is more to the right.
  await page.setViewportSize({ width: 375, height: 800 });
  await openCallerBehavior(page);
  const table = page.getByTestId('table-missedBySite');
  const viewport = table.locator('.mantine-ScrollArea-viewport').first();
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect.poll(() => viewport.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expect(table.getByTestId('table-more-right')).not.toBeAttached();
  await viewport.evaluate((el) => {
    el.scrollLeft = 0;
  });
  await expect(table.getByTestId('table-more-right')).toBeAttached();
  const size = await viewport.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
  }));
  // Wider than the screen: it scrolls sideways; all its rows show, so it never scrolls down.
  expect(size.scrollWidth).toBeGreaterThan(size.clientWidth);
  expect(size.scrollHeight).toBeLessThanOrEqual(size.clientHeight + 1);
  const site = table.locator('tbody tr').first().locator('td').nth(1);
  const before = (await site.boundingBox())!;
  await viewport.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  // Scrolled to the far right, the site name is still on screen, at the box's left edge, and
  // nothing is left off to the right.
  await expect.poll(async () => (await site.boundingBox())!.x).toBeLessThan(before.x);
  await expect(table.getByTestId('table-more-right')).not.toBeAttached();
  const box = (await viewport.boundingBox())!;
  const after = (await site.boundingBox())!;
  expect(after.x).toBeGreaterThanOrEqual(box.x - 1);
  expect(after.x + after.width).toBeLessThanOrEqual(box.x + box.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
