// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, type ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type FormResponse,
  type FormUser,
  RequestSupportPage,
  ShareFeedbackPage,
} from '../../src/client/forms';
import { PrivacyPolicyPage, TermsOfUsePage } from '../../src/client/pages/legal';
import { mountPointPerTest } from '../support/mountPoint';
import { stubBrowserApis } from '../support/stubBrowserApis';

beforeAll(() => stubBrowserApis());

const mount = mountPointPerTest();

function render(ui: ReactNode): HTMLElement {
  return mount.render(<MantineProvider env="test">{ui}</MantineProvider>);
}

const $ = <E extends Element = HTMLInputElement>(selector: string): E => {
  const el = mount.element.querySelector<E>(selector);
  if (!el) throw new Error(`Nothing matches ${selector}`);
  return el;
};
const field = (name: string) => $<HTMLInputElement>(`[name="${name}"]`);

/** Types a value as a user would: React sees an input event with the new value. */
function type(name: string, value: string) {
  const el = field(name);
  const proto =
    el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function choose(name: string, value: string) {
  const el = $<HTMLSelectElement>(`select[name="${name}"]`);
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

function blur(name: string) {
  act(() => {
    field(name).dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

function click(el: HTMLElement) {
  act(() => el.click());
}

const submitButton = () => $<HTMLButtonElement>('button[type="submit"]');

async function submit() {
  await act(async () => submitButton().click());
}

/** The message shown under a field (Mantine links it through aria-describedby), or undefined. */
function errorOf(name: string): string | undefined {
  const el = field(name);
  const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
  const shown = ids.map((id) => document.getElementById(id)?.textContent).find(Boolean);
  return shown ?? undefined;
}

/** The radio group's message: Mantine shows it inside the group's wrapper. */
function groupError(): string | undefined {
  return (
    mount.element.querySelector('[role="radiogroup"] .mantine-InputWrapper-error, .mantine-RadioGroup-error')
      ?.textContent ?? undefined
  );
}

const banner = (kind: 'error' | 'success') =>
  mount.element.querySelector(`[data-testid="form-${kind}"]`)?.textContent ?? undefined;

const USER: FormUser = {
  username: 'manager',
  firstName: 'Morgan',
  lastName: 'Manager',
  email: 'morgan@example.com',
};

function deferred() {
  let resolve!: (r: FormResponse) => void;
  const promise = new Promise<FormResponse>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function fillSupport() {
  type('companyName', 'Sunrise Property Group');
  type('siteName', 'Desert Palms');
  choose('device', 'tfa_17');
  type('description', 'The Volume page is empty.');
  type('phoneNumber', '6025550147');
}

describe('Request Support', () => {
  it('shows its title, header, reply promise, codes and prefilled names and emails', () => {
    render(<RequestSupportPage user={USER} postForm={vi.fn()} />);
    expect($('h1').textContent).toBe('Request Support');
    expect(mount.element.textContent).toContain('Support Question');
    expect(mount.element.textContent).toContain('within 1 business day');
    expect(mount.element.textContent).toContain('Site/Property Name(s)');
    expect($<HTMLSelectElement>('select[name="product"]').value).toBe('tfa_8');
    const devices = [...$<HTMLSelectElement>('select[name="device"]').options].map((o) => [o.value, o.text]);
    expect(devices[0]).toEqual(['', 'Select One']);
    expect(devices.map((d) => d[0])).toEqual([
      '',
      'tfa_15',
      'tfa_16',
      'tfa_17',
      'tfa_18',
      'tfa_19',
      'tfa_20',
    ]);
    expect(field('firstName').value).toBe('Morgan');
    expect(field('lastName').value).toBe('Manager');
    expect(field('email').value).toBe('morgan@example.com');
    expect(field('emailConfirm').value).toBe('morgan@example.com');
    expect(submitButton().textContent).toBe('Submit');
  });

  it('an invalid submit marks every control touched, shows each required message and sends nothing', async () => {
    const postForm = vi.fn();
    render(<RequestSupportPage user={USER} postForm={postForm} />);
    for (const name of ['firstName', 'lastName', 'email', 'emailConfirm']) type(name, '');
    // Nothing is shown before the fields are dirty or touched...
    expect(errorOf('companyName')).toBeUndefined();
    await submit();
    expect(postForm).not.toHaveBeenCalled();
    // ...and after an invalid submit, every required field says so.
    for (const name of [
      'companyName',
      'siteName',
      'firstName',
      'lastName',
      'phoneNumber',
      'email',
      'emailConfirm',
    ])
      expect(errorOf(name), name).toBe('This field is required');
    expect(errorOf('description')).toBe('Description is required');
    expect(
      $<HTMLSelectElement>('select[name="device"]').closest('.mantine-InputWrapper-root')?.textContent,
    ).toContain('This field is required');
  });

  it('shows a message once a field is touched, and only the first error', () => {
    render(<RequestSupportPage user={USER} postForm={vi.fn()} />);
    blur('companyName');
    expect(errorOf('companyName')).toBe('This field is required');
    expect(errorOf('siteName')).toBeUndefined();
    type('companyName', 'x'.repeat(201));
    expect(errorOf('companyName')).toBe('The max allowed number of characters is 200');
  });

  it('checks the email format', () => {
    render(<RequestSupportPage user={USER} postForm={vi.fn()} />);
    type('email', 'morgan@');
    expect(errorOf('email')).toBe('Invalid email address');
    type('email', 'morgan@example.com');
    expect(errorOf('email')).toBeUndefined();
  });

  it('masks the phone as (555) 555-5555, first digit 1-9, and checks its format', () => {
    render(<RequestSupportPage user={USER} postForm={vi.fn()} />);
    type('phoneNumber', '0602');
    expect(field('phoneNumber').value).toBe('(602');
    expect(errorOf('phoneNumber')).toBe('Invalid phone number');
    type('phoneNumber', '602555014799');
    expect(field('phoneNumber').value).toBe('(602) 555-0147');
    expect(errorOf('phoneNumber')).toBeUndefined();
  });

  it('flags a confirm email that differs, on both fields, and clears both when they become equal', () => {
    render(<RequestSupportPage user={USER} postForm={vi.fn()} />);
    type('emailConfirm', 'morgan@example.org');
    expect(errorOf('emailConfirm')).toBe('Email address does not match');
    // The address itself is not blamed until the user works on it too.
    expect(errorOf('email')).toBeUndefined();
    type('email', 'morgan@example.net');
    expect(errorOf('email')).toBe('Email address does not match');
    expect(errorOf('emailConfirm')).toBe('Email address does not match');
    type('email', 'morgan@example.org');
    expect(errorOf('email')).toBeUndefined();
    expect(errorOf('emailConfirm')).toBeUndefined();
  });

  it("reads 'Sending...' while pending, sends the form's codes, then shows the success banner", async () => {
    const pending = deferred();
    const postForm = vi.fn(() => pending.promise);
    render(<RequestSupportPage user={USER} postForm={postForm} />);
    fillSupport();
    await submit();
    expect(submitButton().textContent).toBe('Sending...');
    expect(submitButton().disabled).toBe(true);
    // A second press while pending sends nothing more.
    await submit();
    expect(postForm).toHaveBeenCalledTimes(1);
    expect(postForm).toHaveBeenCalledWith('/post-support', {
      tfa_1: 'Sunrise Property Group',
      tfa_2: 'Desert Palms',
      tfa_4: 'tfa_8',
      tfa_14: 'tfa_17',
      tfa_21: 'The Volume page is empty.',
      tfa_22: 'Morgan',
      tfa_23: 'Manager',
      tfa_25: '(602) 555-0147',
      tfa_26: 'morgan@example.com',
      tfa_27: 'morgan@example.com',
    });
    await act(async () => pending.resolve({ status: 200, data: { received: true, id: 1 } }));
    expect(submitButton().textContent).toBe('Submit');
    expect(banner('success')).toBe(
      'Your request for support has been received. Our team will be in touch with you soon.',
    );
    expect(banner('error')).toBeUndefined();
    // The form starts over for the next question.
    expect(field('companyName').value).toBe('');
    expect(errorOf('companyName')).toBeUndefined();
  });

  it.each([
    [
      { status: 406, data: { StatusDescription: "Unknown device code 'tfa_99'" } },
      "Unknown device code 'tfa_99'",
    ],
    [{ status: 401, data: {} }, 'Invalid username or password'],
    [{ status: 403, data: {} }, 'You must request permission to use HawkEye'],
    [{ status: 500, data: {} }, 'Something went wrong - please try again later'],
  ])('shows the error banner for %j', async (response, message) => {
    render(<RequestSupportPage user={USER} postForm={vi.fn(async () => response)} />);
    fillSupport();
    await submit();
    expect(banner('error')).toBe(message);
    expect(banner('success')).toBeUndefined();
    // What the user typed is kept so they can correct it.
    expect(field('companyName').value).toBe('Sunrise Property Group');
  });

  it('shows the try-later banner when no answer comes', async () => {
    render(
      <RequestSupportPage user={USER} postForm={vi.fn(async () => Promise.reject(new TypeError('fetch')))} />,
    );
    fillSupport();
    await submit();
    expect(banner('error')).toBe('Something went wrong - please try again later');
    expect(submitButton().textContent).toBe('Submit');
  });
});

describe('Share Feedback', () => {
  it('shows its title, the heart header, the comments label and the prefilled contact details', () => {
    render(<ShareFeedbackPage user={USER} postForm={vi.fn()} />);
    expect($('h1').textContent).toBe('Share Feedback');
    expect($('h2').textContent).toBe('We ♥ Feedback');
    expect($('h2 svg')).toBeTruthy();
    expect(mount.element.textContent).toContain('Please share your feedback with us.');
    const labels = [...mount.element.querySelectorAll('input[type="radio"]')].map(
      (r) => `${(r as HTMLInputElement).value} ${r.closest('.mantine-Radio-root')?.textContent}`,
    );
    expect(labels).toEqual([
      '5 Very Satisfied',
      '4 Somewhat Satisfied',
      '3 Neither Satisfied nor Dissatisfied',
      '2 Somewhat Dissatisfied',
      '1 Very Dissatisfied',
    ]);
    expect(field('email').value).toBe('morgan@example.com');
    expect(field('ao_jstzo').value).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('requires only the satisfaction: an invalid submit sends nothing and says so', async () => {
    const postForm = vi.fn();
    render(<ShareFeedbackPage user={{ username: 'u', firstName: '', lastName: '' }} postForm={postForm} />);
    await submit();
    expect(postForm).not.toHaveBeenCalled();
    expect(groupError()).toBe('This field is required');
    expect(errorOf('email')).toBeUndefined();
    expect(errorOf('firstName')).toBeUndefined();
  });

  it("sends the answers with the time-zone marker, reads 'Sending...', then thanks the user", async () => {
    const pending = deferred();
    const postForm = vi.fn(() => pending.promise);
    render(<ShareFeedbackPage user={USER} postForm={postForm} />);
    click($('input[type="radio"][value="4"]'));
    type('comments', 'More export options, please.');
    click(field('contactMe'));
    await submit();
    expect(submitButton().textContent).toBe('Sending...');
    expect(postForm).toHaveBeenCalledWith('/post-feedback', {
      overallSatisfaction: '4',
      comments: 'More export options, please.',
      contactMe: true,
      firstName: 'Morgan',
      lastName: 'Manager',
      email: 'morgan@example.com',
      ao_jstzo: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    await act(async () => pending.resolve({ status: 200, data: undefined }));
    expect(submitButton().textContent).toBe('Submit');
    expect(banner('success')).toBe(
      "Your feedback has been received. Thanks for sharing your thoughts and ideas with LeaseHawk! If you selected to be contacted, you'll hear from our team soon.",
    );
  });

  it('checks an email that is given', () => {
    render(<ShareFeedbackPage user={USER} postForm={vi.fn()} />);
    type('email', 'nope');
    expect(errorOf('email')).toBe('Invalid email address');
    type('email', '');
    expect(errorOf('email')).toBeUndefined();
  });

  it.each([
    [401, 'Invalid username or password'],
    [403, 'You must request permission to use HawkEye'],
    [406, 'Something went wrong - please try again later'],
    [503, 'Something went wrong - please try again later'],
  ])('shows the error banner for status %i', async (status, message) => {
    render(<ShareFeedbackPage user={USER} postForm={vi.fn(async () => ({ status, data: {} }))} />);
    click($('input[type="radio"][value="1"]'));
    await submit();
    expect(banner('error')).toBe(message);
  });

  it('opens fresh: banners from an earlier visit are gone', async () => {
    render(<ShareFeedbackPage user={USER} postForm={vi.fn(async () => ({ status: 500, data: {} }))} />);
    click($('input[type="radio"][value="2"]'));
    await submit();
    expect(banner('error')).toBeDefined();
    mount.unmount();
    render(<ShareFeedbackPage user={USER} postForm={vi.fn()} />);
    expect(banner('error')).toBeUndefined();
    expect(banner('success')).toBeUndefined();
  });
});

describe('legal pages', () => {
  function tocTargets(): string[] {
    const links = [...mount.element.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Contents"] a')];
    for (const a of links)
      expect(document.getElementById(a.getAttribute('href')!.slice(1)), a.href).toBeTruthy();
    return links.map((a) => a.textContent ?? '');
  }

  it('Privacy Policy: date, contents linking to every section, age and country', () => {
    render(<PrivacyPolicyPage />);
    expect($('h1').textContent).toBe('Privacy Policy');
    expect(mount.element.textContent).toContain('Last modified April 19, 2017');
    expect(tocTargets()).toEqual([
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
    expect(mount.element.textContent).toContain('at least 18 years old');
    expect(mount.element.textContent).toContain('users in the United States only');
  });

  it('Terms of Use: date, twelve numbered sections, the privacy link and the key terms', () => {
    render(<TermsOfUsePage />);
    expect($('h1').textContent).toBe('Terms of Use');
    expect(mount.element.textContent).toContain('Last modified February 22, 2018');
    expect(tocTargets()).toHaveLength(12);
    const headings = [...mount.element.querySelectorAll('section h2')].map((h) => h.textContent);
    expect(headings).toHaveLength(12);
    expect(headings[0]).toBe('1. Changes to These Terms');
    expect(headings[10]).toBe('11. Copyright Complaints (DMCA)');
    expect(headings[11]).toBe('12. General Provisions');
    expect($<HTMLAnchorElement>('a[href="./privacy-policy"]').textContent).toBe('Privacy Policy');
    const text = mount.element.textContent ?? '';
    expect(text).toContain('($100)');
    expect(text).toContain('within one year');
    expect(text).toContain('State of Arizona');
    expect(text).toContain('Maricopa County, Arizona');
  });
});
