import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_DATA_DIR } from './e2eEnv';
import { DEMO_PASSWORD, openAccountMenu, signInQuickly } from './helpers';
import { expect, type Page, test } from './test';

async function submitLogin(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a wrong password shows Invalid username or password', async ({ page }) => {
  await submitLogin(page, 'admin', 'wrong-password');
  await expect(page.getByTestId('form-error')).toHaveText('Invalid username or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('a user without permission is told to request it', async ({ page }) => {
  await submitLogin(page, 'noaccess', DEMO_PASSWORD);
  await expect(page.getByTestId('form-error')).toHaveText('You must request permission to use HawkEye');
});

test('empty fields are required and the form says Invalid username or password', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(2);
  await expect(page.getByTestId('form-error')).toHaveText('Invalid username or password');
});

test('the password toggle shows and hides the password', async ({ page }) => {
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
});

test('remember me pre-fills the username next time and unchecking forgets it', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill('manager');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard(\?.*)?$/);
  expect(await page.evaluate(() => localStorage.getItem('remember-me-username'))).toBe('manager');
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Username')).toHaveValue('manager');
  await expect(page.getByLabel('Remember me')).toBeChecked();
  await page.getByLabel('Remember me').uncheck();
  await page.reload();
  await expect(page.getByLabel('Username')).toHaveValue('');
  expect(await page.evaluate(() => localStorage.getItem('remember-me'))).toBeNull();
});

/** Outbox file names (DATA_DIR/outbox), oldest first. */
function outboxFiles(): string[] {
  try {
    return readdirSync(join(E2E_DATA_DIR, 'outbox')).sort();
  } catch {
    return [];
  }
}

/** The reset link in an outbox message, with quoted-printable soft breaks and escapes undone. */
function resetLinkIn(file: string): string | undefined {
  const text = readFileSync(join(E2E_DATA_DIR, 'outbox', file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/gi, '=');
  return text.match(/https?:\/\/[^\s"<>]*\/reset-password\/[A-Za-z0-9_\-.%~]+/)?.[0];
}

/** Asks for reset instructions through the page and returns the path of the emailed link. */
async function requestReset(page: Page, username: string): Promise<string> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
  await expect(page.getByText('Please enter your username')).toBeVisible();
  const before = new Set(outboxFiles());
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
  await expect(page.getByTestId('reset-sent')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Reset Instructions' })).toBeDisabled();
  let link: string | undefined;
  await expect
    .poll(() => {
      const fresh = outboxFiles().filter((f) => !before.has(f));
      link = fresh.map(resetLinkIn).find(Boolean);
      return link;
    })
    .toBeTruthy();
  return new URL(link!).pathname;
}

async function resetTo(page: Page, path: string, password: string) {
  await page.goto(path);
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password Reset Successfully')).toBeVisible();
}

test('forgot password emails a link that resets the password', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/forgot-password');
  await page.getByLabel('Username').fill('nobody-here');
  await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('The username entered does not match our records');

  const path = await requestReset(page, 'noaccess');
  await page.goto(path);
  await page.getByLabel('New Password').fill('Better1234');
  await page.getByLabel('Confirm Password').fill('Better12345');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByTestId('form-error')).toHaveText(
    'The New Password and Confirm Password entries do not match',
  );
  await page.getByLabel('New Password').fill('weakpass');
  await page.getByLabel('Confirm Password').fill('weakpass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByTestId('form-error')).toHaveText(
    'Password must be at least 8 characters, contain at least one upper and lower case letter and at least one number',
  );
  // Surrounding spaces are trimmed before comparing.
  await page.getByLabel('New Password').fill(' Better1234');
  await page.getByLabel('Confirm Password').fill('Better1234 ');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password Reset Successfully')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works (401); the new one is accepted (this user then gets 403).
  await submitLogin(page, 'noaccess', DEMO_PASSWORD);
  await expect(page.getByTestId('form-error')).toHaveText('Invalid username or password');
  await submitLogin(page, 'noaccess', 'Better1234');
  await expect(page.getByTestId('form-error')).toHaveText('You must request permission to use HawkEye');

  // A used link is refused.
  await page.goto(path);
  await page.getByLabel('New Password').fill('Another1234');
  await page.getByLabel('Confirm Password').fill('Another1234');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('Invalid reset token - please contact support');

  // Put the demo password back for the other tests.
  await resetTo(page, await requestReset(page, 'noaccess'), DEMO_PASSWORD);
});

test('signed-in users are sent from the sign-in pages to /dashboard; others from guarded routes to /login', async ({
  page,
}) => {
  await page.goto('/dashboard/volume');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
  await signInQuickly(page);
  await page.goto('/forgot-password');
  await expect(page).toHaveURL(/\/dashboard(\?.*)?$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard(\?.*)?$/);
});
