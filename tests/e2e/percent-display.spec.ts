import { openDashboard, pill, tableCells, widgetsReady } from './helpers';
import { expect, test } from './test';

// One screen, one truth (SPEC.md section 5: zero shows 0 or 0%): a zero share reads the same
// whether the page formats the number (Ad Source By Site's Prospect %) or the server writes the
// cell's text (Response Time's 'NN.N% (count)').
test("a zero share reads '0%' on every page, whoever writes the text", async ({ page }) => {
  await openDashboard(page, '/dashboard/ad-source-effectiveness', 'ad-source-effectiveness');
  // A single day: sources without a prospect, buckets without a communication.
  await page.getByTestId('period-picker').click();
  await page.getByTestId('period-dropdown').getByRole('option', { name: 'Yesterday', exact: true }).click();
  await page.getByTestId('filter-apply').click();
  await expect(page).toHaveURL(/[?&]period=yesterday(&|$)/);
  const tables = page.getByTestId('panel-tables');
  await pill(tables, 'By Site').click();
  const bySite = tables.locator('[data-widget-kind="table"]');
  await widgetsReady(tables);
  await expect(bySite.locator('tbody tr').first()).toBeVisible();
  // Prospect % is the only percent column.
  const adSourcePercents = (await tableCells(bySite)).flat().filter((c) => c.endsWith('%'));
  const adSourceZeros = adSourcePercents.filter((c) => /^0(\.0+)?%$/.test(c));
  expect(adSourceZeros.length).toBeGreaterThan(0);

  await page.goto('/dashboard/response-time?period=yesterday');
  const rt = page.getByTestId('dashboard-response-time');
  await widgetsReady(rt);
  const byTable = page.getByTestId('panel-byTable').locator('[data-widget-kind="table"]');
  await expect(byTable.locator('tbody tr').first()).toBeVisible();
  // The percent of every cell counting nothing.
  const rtZeros = (await tableCells(byTable))
    .flat()
    .filter((c) => /% \(0\)$/.test(c))
    .map((c) => c.replace(/ \(0\)$/, ''));
  expect(rtZeros.length).toBeGreaterThan(0);

  // The same share, the same text, on both pages: '0%'.
  expect(new Set([...adSourceZeros, ...rtZeros])).toEqual(new Set(['0%']));
});
