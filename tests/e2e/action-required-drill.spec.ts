import { fullPageShot, openDashboard, widgetsReady } from './helpers';
import { drillTo, firstNonZero } from './logDrill';
import { expect, type Page, test } from './test';

// Action Required drills to the communications log (issue 17): a count of a site or an employee,
// or a bar of the chart, opens the log of the communications behind it, as many as the number
// clicked; the log shows them whatever the period, since Action Required counts as of the last update.

const ALL_AGES = ['new', 'olderThan24Hours', 'olderThan48Hours'];

const panelOf = (page: Page) => page.getByTestId('panel-actionRequired');

test('Action Required: each count of a site opens the log of the communications behind it, as many; Back returns', async ({
  page,
}) => {
  await openDashboard(page, '/dashboard/action-required', 'action-required');
  const table = panelOf(page).locator('[data-widget-kind="table"]');
  for (const [col, ages, name] of [
    [2, ALL_AGES, 'All'],
    [3, ['new'], 'New'],
    [4, ['olderThan24Hours'], 'Older Than 24hrs'],
    [5, ['olderThan48Hours'], 'Older Than 48hrs'],
  ] as const) {
    const { link, count } = await firstNonZero(table, col);
    const body = await drillTo(page, link, count, /action-required=/);
    expect(body).toMatchObject({ actionRequiredAges: ages, relationshipIds: [1, 2, 3, 4, 5, 6] });
    expect(typeof body.siteId).toBe('number');
    await expect(
      page.getByText(`Action required: ${name} (as of the last update, any period)`, { exact: true }),
    ).toBeVisible();
    await page.goBack();
    await widgetsReady(page.getByTestId('dashboard-action-required'));
  }
});

test("Action Required: an employee's count opens the log of that employee's waiting communications, as many", async ({
  page,
}) => {
  await openDashboard(page, '/dashboard/action-required', 'action-required');
  const panel = panelOf(page);
  await panel.getByRole('group').getByRole('button', { name: 'Employee', exact: true }).click();
  const table = panel.locator('[data-widget-kind="table"]');
  await expect(table.locator('thead th').nth(1)).toHaveText(/Employee/);
  await widgetsReady(panel);
  const { link, count } = await firstNonZero(table, 3);
  const body = await drillTo(page, link, count, /action-required=/);
  expect(body).toMatchObject({ actionRequiredAges: ALL_AGES });
  expect(typeof body.employeeId).toBe('number');
  // Every row waits for a reply: inbound, no first reply.
  const log = page.getByTestId('dashboard-communications-log').locator('[data-widget-kind="table"]');
  const column = (n: number) => log.locator(`tbody tr td:nth-child(${n})`).allTextContents();
  expect((await column(14)).length).toBeGreaterThan(0);
  expect(new Set(await column(6))).toEqual(new Set(['Inbound']));
  expect(new Set(await column(13))).toEqual(new Set(['—']));
  expect(new Set(await column(14))).toEqual(new Set(['Not Responded To']));
  for (const width of [1280, 375]) await fullPageShot(page, 'action-required-drill', width);
});

test('Action Required: a bar of the chart opens the log of that relationship and age, as many', async ({
  page,
}) => {
  await openDashboard(page, '/dashboard/action-required', 'action-required');
  const bars = page.getByTestId('chart-action-required').locator('path[aria-roledescription="bar"]');
  await expect(bars.first()).toBeVisible();
  const labels = await bars.evaluateAll((paths) => paths.map((p) => p.getAttribute('aria-label') ?? ''));
  // The tallest bar of the oldest age: its relationship and count, as the bar's label says them.
  const counted = labels
    .filter((l) => l.includes('Older Than 48hrs'))
    .map((l) => ({ label: l, count: Number(/Action Required: ([\d,]+)/.exec(l)?.[1].replace(/,/g, '')) }))
    .sort((a, b) => b.count - a.count);
  expect(counted.length).toBeGreaterThan(0);
  const [{ label, count }] = counted;
  expect(count).toBeGreaterThan(0);
  const bar = page.getByTestId('chart-action-required').locator(`path[aria-label="${label}"]`);
  const body = await drillTo(page, bar, count, /action-required=/);
  expect(body.actionRequiredAges).toEqual(['olderThan48Hours']);
  expect((body.relationshipIds as number[]).length).toBe(1);
});
