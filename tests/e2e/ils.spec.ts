import { sessionTokens, signIn, widgetsReady } from './helpers';
import { expect, type Page, test } from './test';

const ROUTE = '/dashboard/ils-call-performance';
const PANELS = [
  ['calls', 'Calls by Listing Source'],
  ['missed', 'Missed Calls by Listing Source'],
  ['prospects', 'Prospect Calls by Listing Source'],
  ['leases', 'Leases by Listing Source'],
] as const;

/** The page ids GET /api/dashboards serves to the signed-in user. */
async function servedPageIds(page: Page): Promise<string[]> {
  const { accessToken } = await sessionTokens(page);
  const res = await page.request.get('/api/dashboards', {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { pages: { id: string }[] };
  return body.pages.map((p) => p.id);
}

test('admin (claim HawkEyeDashboardILS=Read) finds ILS Call Performance in the menu and opens it', async ({
  page,
}) => {
  await signIn(page, 'admin');
  expect(await servedPageIds(page)).toContain('ils-call-performance');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const link = menu.getByRole('link', { name: 'ILS Call Performance', exact: true });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${ROUTE}(\\?.*)?$`));
  const dashboard = page.getByTestId('dashboard-ils-call-performance');
  await expect(dashboard).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'ILS Call Performance' })).toBeVisible();
  for (const [name, title] of PANELS) {
    const panel = dashboard.getByTestId(`panel-${name}`);
    await expect(panel.getByText(title, { exact: true })).toBeVisible();
  }
  await widgetsReady(dashboard);
  // The menu entry is the active one, after Employee Call Performance.
  const labels = (await menu.getByRole('link').allTextContents()).map((t) => t.trim());
  expect(labels.indexOf('ILS Call Performance')).toBe(labels.indexOf('Employee Call Performance') + 1);
  // Reached by URL too.
  await page.goto(ROUTE);
  await expect(page.getByTestId('dashboard-ils-call-performance')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${ROUTE}(\\?.*)?$`));
});

test('manager (no ILS claim): no menu entry, not served, and its URL redirects to the dashboard', async ({
  page,
}) => {
  await signIn(page, 'manager');
  expect(await servedPageIds(page)).not.toContain('ils-call-performance');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Employee Call Performance', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'ILS Call Performance' })).toHaveCount(0);
  await page.goto(ROUTE);
  // An unknown path (as this page is to them) goes to /login, which sends them on to /dashboard.
  await expect(page).toHaveURL(/\/dashboard(\?.*)?$/);
  await expect(page.getByTestId('dashboard-home')).toBeVisible();
  await expect(page.getByTestId('dashboard-ils-call-performance')).toHaveCount(0);
  // The data behind it is not the point here; the page itself is refused.
  await expect(page.getByTestId('panel-calls')).toHaveCount(0);
});
