import { signInQuickly } from './helpers';
import { expect, test } from './test';

// Test sends are limited per user (5 a minute): past the limit, the card says to wait and for how
// long, in the server's words, rather than that something went wrong.

test('a test send past the limit tells the user how long to wait', async ({ page }) => {
  test.setTimeout(180_000);
  // The administrator's own budget: the manager's test send of the other spec is not counted in it.
  await signInQuickly(page, 'admin');
  await page.goto('/dashboard/email-alerts');
  await expect(page.getByTestId('new-digest')).toBeEnabled();
  await page.getByTestId('new-digest').click();
  const dialog = page.getByRole('dialog', { name: 'New digest' });
  await dialog.getByTestId('subscription-save').click();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('subscription').last();
  const send = card.getByRole('button', { name: 'Send test' });
  const result = card.getByTestId('test-result');
  for (let i = 0; i < 5; i++) {
    await send.click();
    await expect(send).toBeEnabled({ timeout: 60_000 });
    await expect(result).toHaveText(/^Test sent to /);
  }
  await send.click();
  await expect(result).toHaveText(
    /^Too many test sends\. Please wait (\d+ seconds?|1 minute) and try again\.$/,
    {
      timeout: 60_000,
    },
  );
});
