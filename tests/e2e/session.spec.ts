import { openAccountMenu, signIn } from './helpers';
import { expect, test } from './test';

test('an expired access token is refreshed once and the calls are retried transparently', async ({
  page,
}) => {
  await signIn(page);
  // Spoil the stored access token: every call now answers 401 until the refresh grant replaces it.
  await page.evaluate(() => {
    const tokens = JSON.parse(sessionStorage.getItem('hawkeye-jwt') ?? '{}');
    sessionStorage.setItem(
      'hawkeye-jwt',
      JSON.stringify({ ...tokens, accessToken: `${tokens.accessToken}x` }),
    );
  });
  const grants: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/token')) grants.push(JSON.parse(r.postData() ?? '{}').grantType);
  });
  const unauthorised: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) unauthorised.push(new URL(r.url()).pathname);
  });
  await page.reload();
  // Sites, accounts and the dashboard definitions all failed with 401, shared one refresh, and were retried.
  await expect(page.getByTestId('sites-select')).toContainText('All');
  await expect(page.getByTestId('accounts-select')).toContainText('All');
  expect(unauthorised.sort()).toEqual(['/api/account', '/api/dashboards', '/api/sites']);
  expect(grants).toEqual(['refresh_token']);
  await expect(page).toHaveURL(/\/dashboard(\?.*)?$/);
  const stored = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('hawkeye-jwt') ?? '{}').accessToken,
  );
  expect(stored).not.toMatch(/x$/);
});

test('a refused refresh signs the user out', async ({ page }) => {
  await signIn(page);
  await page.evaluate(() => {
    const tokens = JSON.parse(sessionStorage.getItem('hawkeye-jwt') ?? '{}');
    sessionStorage.setItem(
      'hawkeye-jwt',
      JSON.stringify({ ...tokens, accessToken: 'spoilt', refreshToken: 'not-a-refresh-token' }),
    );
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
});

test('sign out returns to /login, clears the session, and Back shows no data', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Caller Behavior' }).click();
  await expect(page).toHaveURL(/\/dashboard\/caller-behavior(\?.*)?$/);
  await openAccountMenu(page);
  await expect(page.getByText('Signed in as')).toBeVisible();
  await expect(page.getByTestId('signed-in-as')).toHaveText('admin');
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('filter-bar')).toHaveCount(0);
  await expect(page.getByTestId('top-bar')).toHaveCount(0);
});
