import { impersonationCode, openAccountMenu, signIn } from './helpers';
import { expect, test } from './test';

test('impersonation: errors in the modal, then the red bar with the impersonated name', async ({ page }) => {
  await signIn(page, 'admin');
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Impersonate User' }).click();
  const modal = page.getByRole('dialog', { name: 'Impersonate User' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Impersonate' }).click();
  await expect(modal.getByText('Impersonation code expired or does not exist')).toBeVisible();

  await modal.getByLabel('Impersonation Code').fill('not-a-real-code');
  await modal.getByRole('button', { name: 'Impersonate' }).click();
  await expect(modal.getByText('Impersonation code expired or does not exist')).toBeVisible();
  // An invalid code does not sign the admin out.
  await expect(page).toHaveURL(/\/dashboard(\?.*)?$/);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();

  const code = await impersonationCode('manager');
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Impersonate User' }).click();
  await modal.getByLabel('Impersonation Code').fill(code);
  await modal.getByRole('button', { name: 'Impersonate' }).click();
  await expect(page.getByTestId('top-bar')).toHaveAttribute('data-impersonating', 'true');
  await expect(page.getByTestId('impersonating')).toHaveText('Impersonating: Morgan Manager');
  await expect(page.getByTestId('top-bar')).toHaveClass(/top-bar--impersonating/);
  await expect(page.getByTestId('logo').locator('svg')).toHaveAttribute('data-grey', 'true');
  const red = await page.getByTestId('top-bar').evaluate((el) => getComputedStyle(el).animationName);
  expect(red).toBe('impersonation-sweep');
  // The manager is not an all-account user: no Accounts filter, no Impersonate User.
  await expect(page.getByTestId('accounts-select')).toHaveCount(0);
  await expect(page.getByTestId('sites-select')).toHaveText('All');
  await openAccountMenu(page);
  await expect(page.getByTestId('signed-in-as')).toHaveText('manager');
  await expect(page.getByRole('menuitem', { name: 'Impersonate User' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('users without all-account access see neither the Accounts filter nor Impersonate User', async ({
  page,
}) => {
  await signIn(page, 'manager');
  await expect(page.getByTestId('accounts-select')).toHaveCount(0);
  await openAccountMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Request Support' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Impersonate User' })).toHaveCount(0);
});

test('at 375 px the impersonated name shows in full in the top bar', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'admin');
  const code = await impersonationCode('manager');
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Impersonate User' }).click();
  const modal = page.getByRole('dialog', { name: 'Impersonate User' });
  await modal.getByLabel('Impersonation Code').fill(code);
  await modal.getByRole('button', { name: 'Impersonate' }).click();
  const notice = page.getByTestId('impersonating');
  await expect(notice).toHaveText('Impersonating: Morgan Manager');
  // Nothing cut: the text fits its box, and the box sits between the logo and the account button.
  const clipped = await notice.evaluate(
    (el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1,
  );
  expect(clipped).toBe(false);
  const box = (await notice.boundingBox())!;
  const account = (await page.getByTestId('account-menu').boundingBox())!;
  const logo = (await page.getByTestId('logo').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(logo.x + logo.width - 1);
  expect(box.x + box.width).toBeLessThanOrEqual(account.x + 1);
  await page.getByTestId('top-bar').screenshot({ path: 'test-results/impersonation-375.png' });
});
