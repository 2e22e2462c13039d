import { appliedFilter, openDashboard, requestBody } from './helpers';
import { expect, test } from './test';

// What a digest's 'Prior Month' link carries (src/server/deliveries/compute.ts pageLink): October
// compared with September, the calendar month before, as the email's figures were computed.
const LINK =
  '/dashboard/caller-behavior?period=custom&from=2026-10-01&to=2026-10-31&compare-from=2026-09-01&compare-to=2026-09-30';

test("a digest's link opens its period compared with the period the email used", async ({ page }) => {
  const requests = await openDashboard(page, LINK, 'caller-behavior', 'manager');
  const filter = (await appliedFilter(page)) as Awaited<ReturnType<typeof appliedFilter>> & {
    dateRange: { previousPeriod: { start: string; end: string } };
  };
  expect(filter.dateRange).toEqual({
    label: 'Custom',
    currentPeriod: { start: '2026-10-01', end: '2026-10-31' },
    previousPeriod: { start: '2026-09-01', end: '2026-09-30' },
  });
  // The figures are asked for that comparison, not for the 31 days before October.
  const compared = requests.map(requestBody).filter((b) => b.previousStartDate !== undefined);
  expect(compared.length).toBeGreaterThan(0);
  for (const body of compared) {
    expect(body.previousStartDate).toBe('2026-09-01');
    expect(body.previousEndDate).toBe('2026-09-30');
  }
  await expect(page).toHaveURL(/[?&]compare-from=2026-09-01&compare-to=2026-09-30(&|$)/);
  await page.getByTestId('period-picker').click();
  await expect(page.getByTestId('period-comparison')).toHaveText('Compared with 09/01/2026 - 09/30/2026');
});
