import { requestBody, requestTo, widgetsReady } from './helpers';
import { expect, type Locator, type Page } from './test';

// What the drill tests share (issue 17): a number on a page opens the communications log, whose
// total must be that number.

/** The communications log's data endpoint. */
export const LOG = '/api/data/communications/log';

/** The number a cell shows: '1,234', '12.5% (1,234)' or '1,234 (60.0%)'. */
export function countIn(text: string): number {
  const inParens = /\(([\d,]+)\)/.exec(text);
  const first = inParens ?? /^([\d,]+)/.exec(text.trim());
  if (!first) throw new Error(`no count in '${text}'`);
  return Number(first[1].replace(/,/g, ''));
}

/** The link of a body cell (row `row`, column `col`, counting the # column). */
export const cellLink = (table: Locator, row: number, col: number) =>
  table.locator('tbody tr').nth(row).locator('td').nth(col).getByRole('button');

/** The first row's cell in column `col` whose count is not zero, that count and the row. */
export async function firstNonZero(
  table: Locator,
  col: number,
): Promise<{ link: Locator; count: number; row: Locator }> {
  const rows = await table.locator('tbody tr').count();
  for (let i = 0; i < rows; i++) {
    const link = cellLink(table, i, col);
    const count = countIn(await link.innerText());
    if (count > 0) return { link, count, row: table.locator('tbody tr').nth(i) };
  }
  throw new Error('every cell is zero');
}

/**
 * Clicks a drill link (or runs `link`) and checks the log it opens: its address carries the filter
 * and the drilled params (`query`, by default any), and its total is `count`. Returns the log's
 * request body.
 */
export async function drillTo(
  page: Page,
  link: Locator | (() => Promise<void>),
  count: number,
  query: RegExp = /.+/,
): Promise<Record<string, unknown>> {
  const request = page.waitForRequest(requestTo(LOG));
  await (typeof link === 'function' ? link() : link.click());
  // The drilled view is a link: the log's address carries the filter and the drilled params.
  await expect(page).toHaveURL(/\/dashboard\/communications-log\?period=[^&]+&.+/);
  await expect(page).toHaveURL(query);
  const body = requestBody(await request);
  const dashboard = page.getByTestId('dashboard-communications-log');
  await widgetsReady(dashboard);
  await expect(dashboard.getByText(new RegExp(`^Show \\d+ of ${count} Entries$`))).toBeVisible();
  return body;
}
