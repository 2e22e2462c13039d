import { expect, type Page } from '@playwright/test';
import { E2E_HELPER_PORT } from './e2eEnv';

export const DEMO_PASSWORD = 'Demo1234';

/** Signs in through the login page and waits for the dashboard with its filter applied. */
export async function signIn(page: Page, username = 'admin', password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-content')).toHaveAttribute('data-applied-count', /[1-9]/);
}

/** The applied filter the shell published (read from the dashboard mount point). */
export async function appliedFilter(page: Page): Promise<{
  siteIds: number[];
  accountIds: number[];
  dateRange: { label: string; currentPeriod: { start: string; end: string } };
}> {
  const content = page.getByTestId('dashboard-content');
  await expect(content).toHaveAttribute('data-applied-filter', /siteIds/);
  return JSON.parse((await content.getAttribute('data-applied-filter')) ?? 'null');
}

/** A fresh single-use impersonation code for `username`, made by the e2e server's helper endpoint. */
export async function impersonationCode(username: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${E2E_HELPER_PORT}/impersonation-code?username=${username}`);
  if (!res.ok) throw new Error(`no impersonation code: ${await res.text()}`);
  return res.text();
}

/** Opens the account dropdown in the top bar. */
export async function openAccountMenu(page: Page): Promise<void> {
  await page.getByTestId('account-menu').click();
}
