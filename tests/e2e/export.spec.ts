import { readFileSync } from 'node:fs';
import {
  appliedFilter,
  fullPageShot,
  openDashboard,
  replay,
  requestBody,
  requestTo,
  sessionTokens,
} from './helpers';
import { expect, test } from './test';

// Export CSV (issue 17): every row of the table under the applied filter and sort, its headers, the
// Total row, the cells as shown, UTF-8 with a byte order mark, named after page, panel and period.

const BY_SITE = '/api/data/caller_behavior/missed_calls/by_site';
const TOTALS = `${BY_SITE}/totals`;
const LOG = '/api/data/communications/log';

interface BySite {
  values: {
    site: string;
    siteIsActive: boolean;
    totalCallCount: number;
    missedCallCount: number;
    missedCallPercent: number | null;
  }[];
  totalRows: number;
}

/** Splits CSV text (RFC 4180 quoting, CRLF line ends) into lines of fields. */
function parseCsv(text: string): string[][] {
  const lines: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    const next = text[i + 1];
    i++;
    if (quoted && ch === '"' && next === '"') {
      field += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (quoted) field += ch;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else if (ch === '\r' && next === '\n') {
      fields.push(field);
      lines.push(fields);
      fields = [];
      field = '';
      i++;
    } else field += ch;
  }
  return lines;
}

test("Export CSV of Missed Calls By Site under Last 30 Days: header, every site, the Total row, the API's numbers", async ({
  page,
}) => {
  const requests = await openDashboard(page, '/dashboard/caller-behavior', 'caller-behavior');
  const filter = await appliedFilter(page);
  expect(filter.dateRange.label).toBe('Last 30 Days');
  const shown = requests.find(requestTo(BY_SITE))!;
  // Every site: the shown request's body (filter and sort) at the largest page.
  const { accessToken } = await sessionTokens(page);
  const res = await page.request.post(shown.url(), {
    data: { ...requestBody(shown), limit: 100, skip: 0 },
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
  });
  const all = (await res.json()) as BySite;
  const totals = (await replay(page, requests.find(requestTo(TOTALS))!)) as Record<string, number>;
  expect(all.values).toHaveLength(all.totalRows);

  // One row per site of the scale the tests run (60 at the demo scale).
  expect(all.totalRows).toBeGreaterThan(1);

  const panel = page.getByTestId('panel-missedBySite');
  const downloading = page.waitForEvent('download');
  // One request: the server streams the whole file (the endpoint's export form).
  const exported = page.waitForRequest((r) => new URL(r.url()).pathname === `${BY_SITE}/export`);
  await panel.getByTestId('table-export').click();
  expect((requestBody(await exported) as { request: unknown }).request).toMatchObject({
    startDate: requestBody(shown).startDate,
    endDate: requestBody(shown).endDate,
  });
  const download = await downloading;
  const { start, end } = filter.dateRange.currentPeriod;
  expect(download.suggestedFilename()).toBe(
    `Caller Behavior - Missed Calls By Site - Last 30 Days ${start} to ${end}.csv`,
  );
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = parseCsv(bytes.toString('utf8').slice(1));
  expect(lines[0]).toEqual(['#', 'Site', 'Calls', 'Missed Calls', '% Missed']);
  const body = lines.slice(1, -1);
  expect(body).toHaveLength(all.totalRows);
  const plain = (n: number) => n.toLocaleString('en-US');
  // Percent cells as shown: one decimal and a % sign.
  const percentOf = (cell: string) => {
    expect(cell).toMatch(/^\d+(\.\d)?%$/);
    return Number(cell.replace('%', ''));
  };
  all.values.forEach((r, i) => {
    const [n, site, calls, missed, percent] = body[i];
    expect([n, site, calls, missed]).toEqual([
      String(i + 1),
      `${r.site}${r.siteIsActive ? '' : ' (Inactive)'}`,
      plain(r.totalCallCount),
      plain(r.missedCallCount),
    ]);
    expect(percentOf(percent)).toBeCloseTo(r.missedCallPercent ?? 0, 1);
  });
  const total = lines.at(-1)!;
  expect(total.slice(0, 4)).toEqual([
    'Total',
    '',
    plain(totals.totalCallCount),
    plain(totals.missedCallCount),
  ]);
  expect(percentOf(total[4])).toBeCloseTo(totals.missedCallPercent, 1);
  await fullPageShot(page, 'export-caller-behavior', 1280);
});

test('a long export shows its progress on the button, then downloads every row of the log', async ({
  page,
}) => {
  const requests = await openDashboard(page, '/dashboard/communications-log', 'communications-log');
  const shown = requests.find(requestTo(LOG))!;
  const { totalRows } = (await replay(page, shown)) as { totalRows: number };
  expect(totalRows).toBeGreaterThan(5000);
  // A slow line, so the file takes a while to arrive.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: 64 * 1024,
    uploadThroughput: -1,
  });
  const button = page.getByTestId('panel-log').getByTestId('table-export');
  await expect(button).toHaveText('Export CSV');
  // Every text the button shows, as it changes (a poll could miss a short-lived one).
  await button.evaluate((el) => {
    const seen: string[] = [];
    (window as unknown as { exportTexts: string[] }).exportTexts = seen;
    new MutationObserver(() => seen.push(el.textContent ?? '')).observe(el, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  const downloading = page.waitForEvent('download');
  await button.click();
  await expect(button).toBeDisabled();
  const download = await downloading;
  await expect(button).toHaveText('Export CSV');
  // It showed the share received on the way: some value between 1 and 99 %.
  const texts = await page.evaluate(() => (window as unknown as { exportTexts: string[] }).exportTexts);
  expect(
    texts.some((t) => /^Exporting\.\.\. ([1-9]|[1-9]\d)%$/.test(t)),
    texts.join(' | '),
  ).toBe(true);
  const lines = parseCsv(
    readFileSync((await download.path())!)
      .toString('utf8')
      .slice(1),
  );
  expect(lines[0].slice(0, 3)).toEqual(['#', 'Time', 'Site']);
  expect(lines).toHaveLength(1 + totalRows);
  expect(lines.at(-1)![0]).toBe(String(totalRows));
});
