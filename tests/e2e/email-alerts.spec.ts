import { seriousViolations } from './axe';
import { fullPageShot, openAccountMenu, runDeliveries, signInQuickly } from './helpers';
import { expect, type Locator, type Page, test } from './test';

// The 'Email & alerts' page as a manager uses it: reached from the account menu, a digest
// subscribed to, paused and resumed, test-sent with its history shown, edited, and deleted after a
// confirmation; dialogs close with Escape, and nothing on the page is a serious axe finding.

/** Opens the page the way a user does: the account menu's 'Email & alerts'. */
async function openFromAccountMenu(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Email & alerts' }).click();
  await expect(page).toHaveURL(/\/dashboard\/email-alerts$/);
  await expect(page.getByRole('heading', { name: 'Email & alerts', level: 1 })).toBeVisible();
  await expect(page.getByTestId('new-digest')).toBeEnabled();
}

/** Picks `option` of the Mantine Select whose input has test id `testId`. */
async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The card of the subscription whose schedule reads `when` (the newest one, if several). */
function cardWith(page: Page, when: string | RegExp): Locator {
  return page
    .getByTestId('subscription')
    .filter({ has: page.getByTestId('subscription-when').getByText(when) })
    .last();
}

test('a manager subscribes to a digest, pauses it, test-sends it and sees its history, then deletes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInQuickly(page, 'manager');
  await openFromAccountMenu(page);

  await page.getByTestId('new-digest').click();
  const dialog = page.getByRole('dialog', { name: 'New digest' });
  await expect(dialog).toBeVisible();
  await choose(page, 'subscription-frequency', 'Every week');
  await choose(page, 'subscription-weekday', 'Tuesday');
  await choose(page, 'subscription-hour', '6:00 AM');
  await dialog.getByTestId('subscription-save').click();
  await expect(dialog).toBeHidden();

  const card = cardWith(page, /^Every Tuesday at 6:00 AM /);
  await expect(card).toBeVisible();
  await expect(card.getByText('By email')).toBeVisible();

  // It says when it sends next, on the manager's clock, and that nothing was sent yet.
  const next = /^Next: Tue, [A-Z][a-z]{2} \d{1,2}, 6:00 AM C[SD]T$/;
  await expect(card.getByTestId('subscription-next')).toHaveText(next);
  await expect(card.getByTestId('subscription-last')).toHaveText('Last: none yet');

  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card.getByTestId('subscription-paused')).toHaveText('Paused');
  await expect(card.getByTestId('subscription-next')).toHaveText('Paused');
  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(card.getByTestId('subscription-paused')).toHaveCount(0);
  await expect(card.getByTestId('subscription-next')).toHaveText(next);

  await card.getByRole('button', { name: 'Send test' }).click();
  const result = card.getByTestId('test-result');
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result).toHaveText('Test sent to manager@example.com.');
  // The history opens with the test at its top, marked as one.
  const first = card.getByTestId('delivery-record').first();
  await expect(first).toBeVisible();
  await expect(first.getByText('Test', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Hide history' })).toHaveAttribute('aria-expanded', 'true');
  for (const width of [1280, 375]) await fullPageShot(page, 'email-alerts-history', width);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Edit: the schedule moves to the 1st of every month; Escape leaves a dialog without saving.
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit digest' });
  await expect(edit).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await card.getByRole('button', { name: 'Edit' }).click();
  await choose(page, 'subscription-frequency', 'Every month');
  await choose(page, 'subscription-monthday', '1st');
  await edit.getByTestId('subscription-save').click();
  await expect(edit).toBeHidden();
  const monthly = cardWith(page, /^On the 1st of every month at 6:00 AM /);
  await expect(monthly).toBeVisible();

  await monthly.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this subscription?' });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(monthly).toBeVisible();
  await monthly.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByTestId('delete-confirm').click();
  await expect(confirm).toBeHidden();
  await expect(cardWith(page, /^On the 1st of every month at 6:00 AM /)).toHaveCount(0);
});

test("the demo digest's card says when it sends next and how its last delivery went, at 1280 and 375 px", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The server's timer is off in these tests: the Monday, Nov 23, 08:00 CST digest is sent now.
  await runDeliveries('2026-11-23T14:00:00Z');
  await signInQuickly(page, 'manager');
  await openFromAccountMenu(page);
  const card = cardWith(page, /^Every Monday at 8:00 AM /).first();
  await expect(card.getByTestId('subscription-next')).toHaveText(
    /^Next: Mon, [A-Z][a-z]{2} \d{1,2}, 8:00 AM C[SD]T$/,
  );
  await expect(card.getByTestId('subscription-last')).toHaveText('Last: sent Mon, Nov 23, 8:00 AM');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(card.getByTestId('subscription-last')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${width} px: the page scrolls sideways`).toBeLessThanOrEqual(0);
    await fullPageShot(page, 'email-alerts-next', width);
  }
});

test('at 375 px the menu reaches the page, which has no filter bar and keeps no filter in its URL', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInQuickly(page, 'manager');
  await page.goto('/dashboard');
  await page.getByTestId('menu-toggle').click();
  await page.getByRole('dialog').getByRole('link', { name: 'Email & alerts' }).click();
  await expect(page.getByRole('heading', { name: 'Email & alerts', level: 1 })).toBeVisible();
  await expect(page.getByTestId('new-digest')).toBeEnabled();
  await expect(page.getByTestId('filter-bar')).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/email-alerts$/);
});

test("the digest dialog's schedule fields stand level at 1280 px, and the times name the time zone", async ({
  page,
}) => {
  await signInQuickly(page, 'manager');
  await openFromAccountMenu(page);
  await page.getByTestId('new-digest').click();
  const dialog = page.getByRole('dialog', { name: 'New digest' });
  await choose(page, 'subscription-frequency', 'Every week');
  const boxes = await Promise.all(
    ['subscription-frequency', 'subscription-weekday', 'subscription-hour'].map((id) =>
      dialog.getByTestId(id).boundingBox(),
    ),
  );
  const tops = boxes.map((b) => Math.round(b?.y ?? -1));
  expect(tops[0]).toBeGreaterThan(0);
  expect(tops).toEqual([tops[0], tops[0], tops[0]]);
  await expect(dialog.getByLabel('At (Central Time)')).toBeVisible();
  await dialog.getByTestId('subscription-quiet').click();
  await expect(dialog.getByText('Nothing is sent between these times (Central Time).')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a bad webhook address is refused under its field, and nothing is saved', async ({ page }) => {
  await signInQuickly(page, 'manager');
  await openFromAccountMenu(page);
  const before = await page.getByTestId('subscription').count();
  await page.getByTestId('new-digest').click();
  const dialog = page.getByRole('dialog', { name: 'New digest' });
  await dialog.getByText('Webhook (Slack-compatible)').click();
  await dialog.getByTestId('subscription-webhook-url').fill('ftp://example.com/hook');
  await dialog.getByTestId('subscription-webhook-secret').fill('a-long-enough-secret');
  await dialog.getByTestId('subscription-save').click();
  await expect(
    dialog.getByText(/channel\.url must be a web address starting with https:\/\//i),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('subscription')).toHaveCount(before);
});

test('the page and its dialog have no serious axe finding, at 1280 and 375 px (screenshots in /tmp/shots)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInQuickly(page, 'manager');
  await openFromAccountMenu(page);
  // A couple of subscriptions to show: a daily digest with quiet hours, and an alert.
  await page.getByTestId('new-digest').click();
  await choose(page, 'subscription-frequency', 'Every day');
  await choose(page, 'subscription-hour', '7:00 AM');
  await page.getByTestId('subscription-quiet').click();
  await page.getByTestId('subscription-save').click();
  await expect(cardWith(page, /^Every day at 7:00 AM /)).toBeVisible();
  await page.getByTestId('new-alert').click();
  const alertDialog = page.getByRole('dialog', { name: 'New alert' });
  await expect(alertDialog).toBeVisible();
  const found = await seriousViolations(page, 'new alert dialog');
  await fullPageShot(page, 'email-alerts-dialog', 1280);
  await alertDialog.getByTestId('subscription-save').click();
  await expect(alertDialog).toBeHidden();
  await expect(page.getByTestId('subscription').filter({ hasText: 'Alert' }).first()).toBeVisible();

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    found.push(...(await seriousViolations(page, `page at ${width} px`)));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (overflow > 0) found.push(`${width} px: the page scrolls sideways by ${overflow} px`);
    await fullPageShot(page, 'email-alerts', width);
  }
  await page.setViewportSize({ width: 375, height: 900 });
  await page.getByTestId('new-digest').click();
  await expect(page.getByRole('dialog', { name: 'New digest' })).toBeVisible();
  found.push(...(await seriousViolations(page, 'new digest dialog at 375 px')));
  await fullPageShot(page, 'email-alerts-dialog', 375);
  await page.keyboard.press('Escape');
  expect(found).toEqual([]);

  // Leave the manager's list as it was.
  const made = page.getByTestId('subscription').filter({ hasText: /Every day at 7:00 AM|Alert/ });
  for (let n = await made.count(); n > 0; n--) {
    await made.first().getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('delete-confirm').click();
    await expect(made).toHaveCount(n - 1);
  }
});
