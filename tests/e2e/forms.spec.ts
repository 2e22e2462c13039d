import { mkdirSync } from 'node:fs';
import { formSubmissions, openAccountMenu, outboxFiles, outboxText, signInQuickly } from './helpers';
import { expect, type Locator, type Page, type Request, type Route, test } from './test';

/** SPEC.md section 8, to the letter. */
const SUPPORT_RECEIVED =
  'Your request for support has been received. Our team will be in touch with you soon.';
const FEEDBACK_RECEIVED =
  "Your feedback has been received. Thanks for sharing your thoughts and ideas with LeaseHawk! If you selected to be contacted, you'll hear from our team soon.";
/** SPEC.md section 5. */
const REQUIRED = 'This field is required';
const INVALID_EMAIL = 'Invalid email address';
const INVALID_PHONE = 'Invalid phone number';
const EMAIL_MISMATCH = 'Email address does not match';

const SHOTS_DIR = '/tmp/shots';
mkdirSync(SHOTS_DIR, { recursive: true });

/** A marker no other test writes, to find this test's row and mail. */
function marker(what: string): string {
  return `${what}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Every POST to `path` the page makes, recorded from now on (routed requests included). */
function recordPosts(page: Page, path: string): Request[] {
  const posts: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === path) posts.push(r);
  });
  return posts;
}

/** Holds every request to `path` until `release()` is called, then lets it through to the real server. */
async function holdRequests(page: Page, path: string): Promise<{ release(): void; held: Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let arrived!: () => void;
  const held = new Promise<void>((r) => {
    arrived = r;
  });
  await page.route(`**${path}`, async (route: Route) => {
    arrived();
    await gate;
    await route.continue();
  });
  return { release, held };
}

/** The new outbox message that mentions `needle`, waited for. */
async function outboxMessageWith(before: ReadonlySet<string>, needle: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = outboxFiles()
          .filter((f) => !before.has(f))
          .map(outboxText)
          .find((t) => t.includes(needle));
        return found !== undefined;
      },
      { message: `an outbox message containing ${needle}` },
    )
    .toBe(true);
  return found!;
}

/** The stored row whose payload mentions `needle`, once its copy has been mailed. */
async function storedRowWith(kind: 'feedback' | 'support', needle: string) {
  await expect
    .poll(
      async () =>
        (await formSubmissions()).find((s) => s.kind === kind && JSON.stringify(s.payload).includes(needle))
          ?.mailedAt ?? null,
      { message: `a mailed ${kind} row containing ${needle}` },
    )
    .not.toBeNull();
  const row = (await formSubmissions()).find(
    (s) => s.kind === kind && JSON.stringify(s.payload).includes(needle),
  );
  return row!;
}

async function openSupport(page: Page): Promise<void> {
  await signInQuickly(page);
  await page.goto('/request-support');
  await expect(page.getByRole('heading', { name: 'Request Support', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Support Question' })).toBeVisible();
}

async function openFeedback(page: Page): Promise<void> {
  await signInQuickly(page);
  await page.goto('/share-feedback');
  await expect(page.getByRole('heading', { name: 'Share Feedback', level: 1 })).toBeVisible();
}

/** The support form's controls. */
function support(page: Page) {
  const form = page.getByRole('form', { name: 'Request Support' });
  return {
    form,
    company: form.getByLabel('Company Name'),
    site: form.getByLabel('Site/Property Name(s)'),
    product: form.getByLabel('Product'),
    device: form.getByLabel('Device'),
    description: form.getByLabel('Description'),
    firstName: form.getByLabel('First Name'),
    lastName: form.getByLabel('Last Name'),
    phone: form.getByLabel('Phone Number'),
    email: form.getByRole('textbox', { name: 'Email', exact: true }),
    confirm: form.getByLabel('Confirm Email'),
    submit: form.getByRole('button', { name: 'Submit' }),
    button: form.locator('button[type="submit"]'),
  };
}

/** Fills the support form with valid values; returns the body the page should post. */
async function fillSupport(page: Page, tag: string): Promise<Record<string, string>> {
  const f = support(page);
  await f.company.fill(`QA Company ${tag}`);
  await f.site.fill('Maple Court, Birch Gardens');
  await f.product.selectOption({ label: 'CallTrack' });
  await f.device.selectOption({ label: 'Desktop / Mac' });
  await f.description.fill(`The volume page stays empty.\nSteps: open Volume, apply Last 30 Days. ${tag}`);
  await f.phone.pressSequentially('4805551234');
  await expect(f.phone).toHaveValue('(480) 555-1234');
  return {
    tfa_1: `QA Company ${tag}`,
    tfa_2: 'Maple Court, Birch Gardens',
    tfa_4: 'tfa_6',
    tfa_14: 'tfa_16',
    tfa_21: `The volume page stays empty.\nSteps: open Volume, apply Last 30 Days. ${tag}`,
    tfa_22: 'Alex',
    tfa_23: 'Admin',
    tfa_25: '(480) 555-1234',
    tfa_26: 'admin@example.com',
    tfa_27: 'admin@example.com',
  };
}

test.describe('Request Support', () => {
  test('an invalid submit marks every control touched, shows each required message and sends nothing', async ({
    page,
  }) => {
    await openSupport(page);
    const posts = recordPosts(page, '/post-support');
    const f = support(page);
    // Names and both emails start from the signed-in user; the product from its default.
    await expect(f.firstName).toHaveValue('Alex');
    await expect(f.lastName).toHaveValue('Admin');
    await expect(f.email).toHaveValue('admin@example.com');
    await expect(f.confirm).toHaveValue('admin@example.com');
    await expect(f.product).toHaveValue('tfa_8');
    await expect(f.product.locator('option:checked')).toHaveText('HawkEye Business Intelligence');
    await expect(f.device).toHaveValue('');
    await expect(f.device.locator('option:checked')).toHaveText('Select One');

    // Nothing has been touched: no message yet.
    await expect(f.form.getByText(REQUIRED)).toHaveCount(0);
    for (const c of [f.company, f.site, f.device, f.description, f.phone]) {
      await expect(c).toHaveAccessibleDescription('');
      await expect(c).not.toHaveAttribute('aria-invalid', 'true');
    }

    await f.submit.click();
    for (const c of [f.company, f.site, f.device, f.phone]) {
      await expect(c).toHaveAccessibleDescription(REQUIRED);
      await expect(c).toHaveAttribute('aria-invalid', 'true');
    }
    // The text area's own wording (SPEC.md section 5): its name, then 'is required'.
    await expect(f.description).toHaveAccessibleDescription('Description is required');
    await expect(f.description).toHaveAttribute('aria-invalid', 'true');
    // Prefilled fields are valid and stay quiet.
    for (const c of [f.product, f.firstName, f.lastName, f.email, f.confirm]) {
      await expect(c).toHaveAccessibleDescription('');
    }
    await expect(f.form.getByText(REQUIRED)).toHaveCount(4);

    // Emptying the prefilled fields gives them the required message too.
    for (const c of [f.firstName, f.lastName, f.email, f.confirm]) await c.fill('');
    await f.submit.click();
    for (const c of [f.company, f.site, f.device, f.phone, f.firstName, f.lastName, f.email, f.confirm]) {
      await expect(c).toHaveAccessibleDescription(REQUIRED);
    }
    await expect(f.form.getByText(REQUIRED)).toHaveCount(8);
    await expect(page.getByTestId('form-error')).toHaveCount(0);
    await expect(page.getByTestId('form-success')).toHaveCount(0);

    // Filling a field clears its message; the others stay.
    await f.company.fill('Acme Leasing');
    await expect(f.company).toHaveAccessibleDescription('');
    await expect(f.site).toHaveAccessibleDescription(REQUIRED);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS_DIR}/forms-request-support-errors-1280.png`, fullPage: true });
    // Give a stray request every chance to show up.
    await page.waitForTimeout(500);
    expect(posts).toHaveLength(0);
  });

  test('email and phone formats, and the phone input mask', async ({ page }) => {
    await openSupport(page);
    const f = support(page);

    for (const bad of ['not-an-email', 'a@b', 'a@b.comm', 'a..b@example.com', 'a b@example.com']) {
      await f.email.fill(bad);
      await expect(f.email, bad).toHaveAccessibleDescription(INVALID_EMAIL);
    }
    for (const good of ['qa@example.com', 'first.last-x@mail.example.org', 'a_b@c-d.io']) {
      await f.email.fill(good);
      await expect(f.email, good).toHaveAccessibleDescription('');
    }

    // The mask: the first digit is 1-9, leading zeros are dropped, non-digits ignored, ten digits at most.
    await f.phone.pressSequentially('0');
    await expect(f.phone).toHaveValue('');
    await f.phone.pressSequentially('00');
    await expect(f.phone).toHaveValue('');
    await f.phone.pressSequentially('5');
    await expect(f.phone).toHaveValue('(5');
    await f.phone.pressSequentially('5x5');
    await expect(f.phone).toHaveValue('(555');
    await f.phone.pressSequentially('1');
    await expect(f.phone).toHaveValue('(555) 1');
    await f.phone.pressSequentially('234');
    await expect(f.phone).toHaveValue('(555) 123-4');
    // Incomplete: the format message.
    await expect(f.phone).toHaveAccessibleDescription(INVALID_PHONE);
    await f.phone.pressSequentially('567');
    await expect(f.phone).toHaveValue('(555) 123-4567');
    await expect(f.phone).toHaveAccessibleDescription('');
    await f.phone.pressSequentially('89');
    await expect(f.phone).toHaveValue('(555) 123-4567');
    // Pasted text goes through the mask as well.
    await f.phone.fill('0-480.555.4444');
    await expect(f.phone).toHaveValue('(480) 555-4444');
    await f.phone.fill('(012) 345-6789');
    await expect(f.phone).toHaveValue('(123) 456-789');
    await expect(f.phone).toHaveAccessibleDescription(INVALID_PHONE);
    await f.phone.fill('');
    await expect(f.phone).toHaveAccessibleDescription(REQUIRED);
  });

  test('a confirm-email mismatch shows on both fields and clears on both once they are equal', async ({
    page,
  }) => {
    await openSupport(page);
    const f = support(page);
    // Changing the email alone: the confirmation has not been touched yet, so no complaint.
    await f.email.fill('qa.one@example.com');
    await expect(f.email).toHaveAccessibleDescription('');

    await f.confirm.fill('qa.two@example.com');
    await expect(f.confirm).toHaveAccessibleDescription(EMAIL_MISMATCH);
    await expect(f.email).toHaveAccessibleDescription(EMAIL_MISMATCH);

    // Equal by editing the email: both clear.
    await f.email.fill('qa.two@example.com');
    await expect(f.email).toHaveAccessibleDescription('');
    await expect(f.confirm).toHaveAccessibleDescription('');
    await expect(f.form.getByText(EMAIL_MISMATCH)).toHaveCount(0);

    // Different again, then equal by editing the confirmation: both clear.
    await f.confirm.fill('qa.three@example.com');
    await expect(f.confirm).toHaveAccessibleDescription(EMAIL_MISMATCH);
    await expect(f.email).toHaveAccessibleDescription(EMAIL_MISMATCH);
    await f.confirm.fill('qa.two@example.com');
    await expect(f.confirm).toHaveAccessibleDescription('');
    await expect(f.email).toHaveAccessibleDescription('');
    await expect(f.form.getByText(EMAIL_MISMATCH)).toHaveCount(0);

    // A mismatch blocks the submit like any other error.
    const posts = recordPosts(page, '/post-support');
    await fillSupport(page, marker('mismatch'));
    await f.email.fill('qa.two@example.com');
    await f.confirm.fill('qa.four@example.com');
    await f.submit.click();
    await expect(f.confirm).toHaveAccessibleDescription(EMAIL_MISMATCH);
    await page.waitForTimeout(500);
    expect(posts).toHaveLength(0);
  });

  test('a successful request reads Sending... while pending, then the exact message; it is stored and mailed', async ({
    page,
  }) => {
    await openSupport(page);
    const f = support(page);
    const tag = marker('support');
    const expected = await fillSupport(page, tag);
    const posts = recordPosts(page, '/post-support');
    const before = new Set(outboxFiles());
    const gate = await holdRequests(page, '/post-support');

    await expect(f.button).toHaveText('Submit');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/post-support');
    await f.submit.click();
    await gate.held;
    await expect(f.button).toHaveText('Sending...');
    await expect(f.button).toBeDisabled();
    // A second press while pending sends nothing more.
    await f.button.click({ force: true });
    await expect(page.getByTestId('form-success')).toHaveCount(0);
    gate.release();

    const response = await answered;
    expect(response.status()).toBe(200);
    const { id } = (await response.json()) as { id: number };
    await expect(page.getByTestId('form-success')).toHaveText(SUPPORT_RECEIVED);
    await expect(page.getByTestId('form-error')).toHaveCount(0);
    await expect(f.button).toHaveText('Submit');
    await expect(f.button).toBeEnabled();
    expect(posts).toHaveLength(1);
    expect(posts[0].postDataJSON()).toEqual(expected);
    // The form starts over (names and emails from the user again).
    await expect(f.company).toHaveValue('');
    await expect(f.device).toHaveValue('');
    await expect(f.firstName).toHaveValue('Alex');
    await expect(f.email).toHaveValue('admin@example.com');
    await expect(f.form.getByText(REQUIRED)).toHaveCount(0);

    // Stored in form_submissions...
    const row = await storedRowWith('support', tag);
    expect(row.id).toBe(id);
    expect(row.username).toBe('admin');
    expect(row.impersonator).toBeNull();
    expect(row.payload).toEqual(expected);
    expect(row.mailError).toBeNull();
    // ...and its copy is in the outbox, with the fields as people read them.
    const mail = await outboxMessageWith(before, `Support request #${id} from admin`);
    expect(mail).toContain('A reply is promised within 1 business day.');
    expect(mail).toContain(`Company Name: QA Company ${tag}`);
    expect(mail).toContain('Site/Property Name(s): Maple Court, Birch Gardens');
    expect(mail).toContain('Product: CallTrack');
    expect(mail).toContain('Device: Desktop / Mac');
    expect(mail).toContain('The volume page stays empty.');
    expect(mail).toContain(`Steps: open Volume, apply Last 30 Days. ${tag}`);
    expect(mail).toContain('First Name: Alex');
    expect(mail).toContain('Last Name: Admin');
    expect(mail).toContain('Phone Number: (480) 555-1234');
    expect(mail).toContain('Email: admin@example.com');
    expect(mail).toMatch(/^Reply-To: admin@example\.com$/m);
  });

  test("a 406 shows the server's StatusDescription and stores nothing", async ({ page }) => {
    await openSupport(page);
    const f = support(page);
    const tag = marker('refused');
    await fillSupport(page, tag);
    const rowsBefore = (await formSubmissions()).length;
    // The page posts a valid product; the body is rewritten on its way so that the real server refuses it.
    await page.route('**/post-support', async (route) => {
      const body = route.request().postDataJSON() as Record<string, string>;
      expect(body.tfa_4).toBe('tfa_6');
      await route.continue({ postData: JSON.stringify({ ...body, tfa_4: 'tfa_99' }) });
    });
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/post-support');
    await f.submit.click();
    const response = await answered;
    expect(response.status()).toBe(406);
    const { StatusDescription } = (await response.json()) as { StatusDescription: string };
    expect(StatusDescription).toBe(
      "Unknown product code 'tfa_99': choose one of tfa_5, tfa_6, tfa_7, tfa_8, tfa_9, tfa_10, tfa_11",
    );
    await expect(page.getByTestId('form-error')).toHaveText(StatusDescription);
    await expect(page.getByTestId('form-success')).toHaveCount(0);
    await expect(f.button).toHaveText('Submit');
    // Nothing was lost on the page, and nothing was stored.
    await expect(f.company).toHaveValue(`QA Company ${tag}`);
    expect((await formSubmissions()).length).toBe(rowsBefore);

    // Sent as it is, the same form is accepted and the error gives way to the success.
    await page.unroute('**/post-support');
    await f.submit.click();
    await expect(page.getByTestId('form-success')).toHaveText(SUPPORT_RECEIVED);
    await expect(page.getByTestId('form-error')).toHaveCount(0);
    const row = await storedRowWith('support', tag);
    expect(row.payload).toMatchObject({ tfa_4: 'tfa_6' });
  });
});

test.describe('Share Feedback', () => {
  test('names and email are prefilled from the signed-in user; the satisfaction is required', async ({
    page,
  }) => {
    await openFeedback(page);
    const form = page.getByRole('form', { name: 'Share Feedback' });
    const header = page.getByRole('heading', { name: 'We ♥ Feedback', level: 2 });
    await expect(header).toBeVisible();
    await expect(header.locator('svg')).toBeVisible();
    await expect(form.getByLabel('First Name')).toHaveValue('Alex');
    await expect(form.getByLabel('Last Name')).toHaveValue('Admin');
    await expect(form.getByLabel('Email')).toHaveValue('admin@example.com');
    await expect(form.getByLabel('Please share your feedback with us.')).toHaveValue('');
    await expect(form.getByLabel('Please contact me about my feedback')).not.toBeChecked();
    const radios = form.getByRole('radio');
    await expect(radios).toHaveCount(5);
    for (const [i, label] of [
      'Very Satisfied',
      'Somewhat Satisfied',
      'Neither Satisfied nor Dissatisfied',
      'Somewhat Dissatisfied',
      'Very Dissatisfied',
    ].entries()) {
      await expect(radios.nth(i)).toHaveAccessibleName(label);
      await expect(radios.nth(i)).not.toBeChecked();
    }

    const posts = recordPosts(page, '/post-feedback');
    const group = page.locator('.mantine-RadioGroup-root');
    await expect(group.locator('.mantine-RadioGroup-error')).toHaveCount(0);
    // Comments alone are not enough: the satisfaction is the one required field.
    await form.getByLabel('Please share your feedback with us.').fill('Nice charts.');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(group.locator('.mantine-RadioGroup-error')).toHaveText(REQUIRED);
    await expect(form.getByText(REQUIRED)).toHaveCount(1);
    // The optional fields may be empty.
    for (const label of ['First Name', 'Last Name', 'Email']) await form.getByLabel(label).fill('');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText(REQUIRED)).toHaveCount(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS_DIR}/forms-share-feedback-errors-1280.png`, fullPage: true });
    await page.waitForTimeout(500);
    expect(posts).toHaveLength(0);

    await form.getByRole('radio', { name: 'Very Dissatisfied', exact: true }).check();
    await expect(group.locator('.mantine-RadioGroup-error')).toHaveCount(0);
    // A malformed optional email is still refused.
    await form.getByLabel('Email').fill('nobody@');
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription(INVALID_EMAIL);
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.waitForTimeout(500);
    expect(posts).toHaveLength(0);
  });

  test('a successful submission reads Sending... while pending, then the exact message; stored and mailed', async ({
    page,
  }) => {
    await openFeedback(page);
    const form = page.getByRole('form', { name: 'Share Feedback' });
    const button = form.locator('button[type="submit"]');
    const tag = marker('feedback');
    await form.getByRole('radio', { name: 'Somewhat Satisfied', exact: true }).check();
    await form.getByLabel('Please share your feedback with us.').fill(`The volume page is great. ${tag}`);
    await form.getByLabel('Please contact me about my feedback').check();
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const expected = {
      overallSatisfaction: '4',
      comments: `The volume page is great. ${tag}`,
      contactMe: true,
      firstName: 'Alex',
      lastName: 'Admin',
      email: 'admin@example.com',
      ao_jstzo: timeZone,
    };
    await expect(form.locator('input[type="hidden"][name="ao_jstzo"]')).toHaveValue(timeZone);

    const posts = recordPosts(page, '/post-feedback');
    const before = new Set(outboxFiles());
    const gate = await holdRequests(page, '/post-feedback');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/post-feedback');
    await expect(button).toHaveText('Submit');
    await button.click();
    await gate.held;
    await expect(button).toHaveText('Sending...');
    await expect(button).toBeDisabled();
    await expect(page.getByTestId('form-success')).toHaveCount(0);
    gate.release();

    const response = await answered;
    expect(response.status()).toBe(200);
    const { id } = (await response.json()) as { id: number };
    await expect(page.getByTestId('form-success')).toHaveText(FEEDBACK_RECEIVED);
    await expect(page.getByTestId('form-error')).toHaveCount(0);
    await expect(button).toHaveText('Submit');
    expect(posts).toHaveLength(1);
    expect(posts[0].postDataJSON()).toEqual(expected);
    // The form starts over.
    await expect(form.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(form.getByLabel('Please share your feedback with us.')).toHaveValue('');
    await expect(form.getByLabel('First Name')).toHaveValue('Alex');
    await expect(form.getByText(REQUIRED)).toHaveCount(0);

    const row = await storedRowWith('feedback', tag);
    expect(row.id).toBe(id);
    expect(row.username).toBe('admin');
    expect(row.payload).toEqual(expected);
    expect(row.mailError).toBeNull();
    const mail = await outboxMessageWith(before, `Feedback #${id} from admin`);
    expect(mail).toContain('Overall satisfaction: 4 - Somewhat Satisfied');
    expect(mail).toContain('Contact me: Yes');
    expect(mail).toContain('First name: Alex');
    expect(mail).toContain('Last name: Admin');
    expect(mail).toContain('Email: admin@example.com');
    expect(mail).toContain(`Comments: The volume page is great. ${tag}`);
    expect(mail).toMatch(/^Reply-To: admin@example\.com$/m);
  });
});

/** Every section heading keeps clear of the text before it (at least 16 px): none sits flush under a paragraph. */
async function expectHeadingsClear(sections: Locator, count: number): Promise<void> {
  const gaps = await sections.evaluateAll((all) =>
    all.map((s) => {
      const above = s.previousElementSibling?.lastElementChild ?? s.previousElementSibling;
      return Math.round(
        s.querySelector('h2')!.getBoundingClientRect().top - above!.getBoundingClientRect().bottom,
      );
    }),
  );
  expect(gaps).toHaveLength(count);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(16);
}

test.describe('Privacy Policy and Terms of Use', () => {
  test('the privacy policy renders its heading, date and key facts', async ({ page }) => {
    await signInQuickly(page);
    await page.goto('/privacy-policy');
    const doc = page.locator('article');
    await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
    await expect(doc.getByText('Last modified April 19, 2017', { exact: true })).toBeVisible();
    await expect(doc).toContainText('at least 18 years old');
    await expect(doc).toContainText('users in the United States only');
    const sections = doc.locator('section h2');
    await expect(sections).toHaveText([
      'Information We Collect',
      'How We Use Information',
      'When We Share Information',
      'How We Protect Information',
      'Links to Other Sites',
      'Indemnification',
      'Users Outside the United States',
      'Changes to This Policy',
      'Contact Us',
    ]);
    await expect(doc.getByRole('navigation', { name: 'Contents' }).getByRole('link')).toHaveCount(9);
    await expectHeadingsClear(doc.locator('section'), 9);
    await expect(page.getByTestId('filter-bar')).toHaveCount(0);
    // The contact section leads to the support form.
    await doc.getByRole('link', { name: 'Request Support' }).click();
    await expect(page).toHaveURL(/\/request-support$/);
    await expect(page.getByRole('heading', { name: 'Request Support', level: 1 })).toBeVisible();
  });

  test('the terms render twelve numbered sections and their key facts, and link to the privacy policy', async ({
    page,
  }) => {
    await signInQuickly(page);
    await page.goto('/terms-of-use');
    const doc = page.locator('article');
    await expect(page.getByRole('heading', { name: 'Terms of Use', level: 1 })).toBeVisible();
    await expect(doc.getByText('Last modified February 22, 2018', { exact: true })).toBeVisible();
    await expect(doc.locator('section h2')).toHaveText([
      '1. Changes to These Terms',
      '2. Your Promises and Prohibited Uses',
      '3. Your Limited Right to Use the Site',
      '4. Copyrights and Trademarks',
      '5. No Warranties',
      '6. Accessing the Site',
      '7. Indemnification',
      '8. Limitation of Liability',
      '9. Governing Law and Courts',
      '10. Severability',
      '11. Copyright Complaints (DMCA)',
      '12. General Provisions',
    ]);
    const contents = doc.getByRole('navigation', { name: 'Contents' });
    await expect(contents.locator('ol > li')).toHaveCount(12);
    await expectHeadingsClear(doc.locator('section'), 12);
    await expect(doc).toContainText('($100)');
    await expect(doc).toContainText('within one year');
    await expect(doc).toContainText('State of Arizona');
    await expect(doc).toContainText('Maricopa County, Arizona');
    await expect(doc).toContainText('at least 18');
    await expect(page.getByTestId('filter-bar')).toHaveCount(0);

    // The link to the privacy policy is a navigation inside the app (no reload: the marker survives).
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    await doc.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
    await expect(page.getByText('Last modified April 19, 2017', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await expect(page.getByTestId('filter-bar')).toHaveCount(0);
  });

  test('a contents link scrolls to its section', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await signInQuickly(page);
    await page.goto('/terms-of-use');
    const heading = page.getByRole('heading', { name: '8. Limitation of Liability' });
    await expect(heading).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(heading).not.toBeInViewport();

    await page
      .getByRole('navigation', { name: 'Contents' })
      .getByRole('link', { name: 'Limitation of Liability' })
      .click();
    await expect(heading).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // It lands near the top, below the fixed 60 px header.
    await expect
      .poll(() => heading.evaluate((h) => Math.round(h.getBoundingClientRect().top)))
      .toBeGreaterThanOrEqual(60);
    await expect
      .poll(() => heading.evaluate((h) => Math.round(h.getBoundingClientRect().top)))
      .toBeLessThan(150);
    await expect(heading).toBeFocused();
    await expect(page).toHaveURL(/\/terms-of-use#limitation-of-liability$/);
  });

  test('the filter bar is hidden on all four pages and back on the dashboard', async ({ page }) => {
    await signInQuickly(page);
    const pages: [string, string][] = [
      ['/share-feedback', 'Share Feedback'],
      ['/request-support', 'Request Support'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-of-use', 'Terms of Use'],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(page.getByTestId('filter-bar'), path).toHaveCount(0);
    }
    // Reached through the account menu too (no reload).
    await page.goto('/dashboard');
    await expect(page.getByTestId('filter-bar')).toBeVisible();
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Request Support' }).click();
    await expect(page).toHaveURL(/\/request-support$/);
    await expect(page.getByTestId('filter-bar')).toHaveCount(0);
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Share Feedback' }).click();
    await expect(page).toHaveURL(/\/share-feedback$/);
    await expect(page.getByTestId('filter-bar')).toHaveCount(0);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('filter-bar')).toBeVisible();
  });
});
