import { describe, expect, it } from 'vitest';
import { feedbackOutcome, supportOutcome } from '../../src/client/forms/formMessages';
import {
  confirmedBy,
  confirms,
  DEFAULT_PRODUCT,
  DEVICE_OPTIONS,
  EMAIL_PATTERN,
  email,
  FORM_MESSAGES,
  firstError,
  isEmailValid,
  isPhoneValid,
  maskPhone,
  maxLength,
  minLength,
  mismatchMessage,
  optionLabel,
  PRODUCT_OPTIONS,
  pattern,
  phone,
  type RuleContext,
  required,
  SATISFACTION_OPTIONS,
} from '../../src/shared/formRules';

const ctx = (values: Record<string, unknown> = {}, seen: string[] = []): RuleContext => ({
  values,
  seen: (name) => seen.includes(name),
});

describe('email rule', () => {
  it.each([
    'a@b.co',
    'morgan.manager@example.com',
    'first-last@mail.example.org',
    'x_y@sub-domain.io',
    'user123@host.co.uk',
  ])('accepts %s', (v) => {
    expect(isEmailValid(v)).toBe(true);
    expect(email(v, ctx())).toBeUndefined();
  });

  it.each([
    'plain',
    'a@b',
    'a@b.c',
    'a@b.comm',
    'admin@hawkeye.local',
    'a..b@example.com',
    '.a@example.com',
    'a@example..com',
    'a b@example.com',
    'a@ex ample.com',
    'a@-example.com',
    'a@example.c0m',
  ])('refuses %s with "Invalid email address"', (v) => {
    expect(isEmailValid(v)).toBe(false);
    expect(email(v, ctx())).toBe('Invalid email address');
  });

  it('allows an empty value (required is a separate rule)', () => {
    expect(email('', ctx())).toBeUndefined();
  });

  it('answers at once even for input built to make a naive pattern backtrack', () => {
    const evil = `${'a.'.repeat(5000)}a@${'b-'.repeat(5000)}!`;
    const started = performance.now();
    expect(EMAIL_PATTERN.test(evil)).toBe(false);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('phone rule and input mask', () => {
  it.each(['(555) 555-5555', '(602) 555-0147', '(100) 000-0000'])('accepts %s', (v) => {
    expect(isPhoneValid(v)).toBe(true);
    expect(phone(v, ctx())).toBeUndefined();
  });

  it.each(['555-555-5555', '(555)555-5555', '(055) 555-5555', '(555) 555-555', '5555555555'])(
    'refuses %s with "Invalid phone number"',
    (v) => {
      expect(phone(v, ctx())).toBe('Invalid phone number');
    },
  );

  it('allows an empty value', () => {
    expect(phone('', ctx())).toBeUndefined();
  });

  it.each([
    ['', ''],
    ['6', '(6'],
    ['602', '(602'],
    ['6025', '(602) 5'],
    ['602555', '(602) 555'],
    ['6025550', '(602) 555-0'],
    ['6025550147', '(602) 555-0147'],
    ['60255501479999', '(602) 555-0147'],
    ['(602) 555-0147', '(602) 555-0147'],
    ['602.555.0147', '(602) 555-0147'],
    ['0', ''],
    ['0602', '(602'],
    ['abc', ''],
  ])('masks %j as %j (first digit 1-9)', (raw, masked) => {
    expect(maskPhone(raw)).toBe(masked);
  });

  it('gives a full mask that always passes the phone rule', () => {
    expect(isPhoneValid(maskPhone('4805550100'))).toBe(true);
  });
});

describe('shared messages', () => {
  it('required: non-blank text, booleans pass', () => {
    expect(required('', ctx())).toBe('This field is required');
    expect(required('   ', ctx())).toBe('This field is required');
    expect(required(undefined, ctx())).toBe('This field is required');
    expect(required('x', ctx())).toBeUndefined();
    expect(required(false, ctx())).toBeUndefined();
  });

  it('minlength, maxlength and pattern name their limit', () => {
    expect(minLength(3)('ab', ctx())).toBe('The min number of characters is 3');
    expect(minLength(3)('', ctx())).toBeUndefined();
    expect(maxLength(5)('abcdef', ctx())).toBe('The max allowed number of characters is 5');
    expect(maxLength(5)('abcde', ctx())).toBeUndefined();
    expect(pattern(/^\d+$/, 'digits only')('12a', ctx())).toBe('The required pattern is: digits only');
    expect(pattern(/^\d+$/)('12a', ctx())).toBe('The required pattern is: ^\\d+$');
  });

  it('text area messages', () => {
    expect(FORM_MESSAGES.textAreaRequired).toBe('is required');
    expect(FORM_MESSAGES.textAreaUnknown).toBe('has an unknown error');
  });

  it('shows the first error only', () => {
    expect(firstError('', [required, minLength(3)], ctx())).toBe('This field is required');
    expect(firstError('ab', [required, minLength(3), maxLength(1)], ctx())).toBe(
      'The min number of characters is 3',
    );
    expect(firstError('abc', [required, minLength(3)], ctx())).toBeUndefined();
  });
});

describe('confirmation fields', () => {
  it('name what does not match', () => {
    expect(mismatchMessage('email')).toBe('Email address does not match');
    expect(mismatchMessage('password')).toBe('Passwords do not match');
    expect(mismatchMessage('other')).toBe('Fields do not match');
  });

  it('the confirmation must equal its partner', () => {
    const rule = confirms('email', 'email');
    expect(rule('b@example.com', ctx({ email: 'a@example.com' }))).toBe('Email address does not match');
    expect(rule('a@example.com', ctx({ email: 'a@example.com' }))).toBeUndefined();
    expect(confirms('pw', 'password')('x', ctx({ pw: 'y' }))).toBe('Passwords do not match');
    expect(confirms('code', 'other')('x', ctx({ code: 'y' }))).toBe('Fields do not match');
  });

  it('the confirmed field complains only once its confirmation has been touched', () => {
    const rule = confirmedBy('emailConfirm', 'email');
    const values = { emailConfirm: 'b@example.com' };
    expect(rule('a@example.com', ctx(values))).toBeUndefined();
    expect(rule('a@example.com', ctx(values, ['emailConfirm']))).toBe('Email address does not match');
    expect(rule('b@example.com', ctx(values, ['emailConfirm']))).toBeUndefined();
  });
});

describe('codes', () => {
  it('products tfa_5..tfa_11, HawkEye Business Intelligence by default', () => {
    expect(PRODUCT_OPTIONS.map((o) => o.value)).toEqual([
      'tfa_5',
      'tfa_6',
      'tfa_7',
      'tfa_8',
      'tfa_9',
      'tfa_10',
      'tfa_11',
    ]);
    expect(optionLabel(PRODUCT_OPTIONS, DEFAULT_PRODUCT)).toBe('HawkEye Business Intelligence');
    expect(optionLabel(PRODUCT_OPTIONS, 'tfa_11')).toBe('Telephone Performance Analysis (TPA)');
  });

  it("devices: '' Select One first, then tfa_15..tfa_20; '' is not a choice", () => {
    expect(DEVICE_OPTIONS[0]).toEqual({ value: '', label: 'Select One' });
    expect(DEVICE_OPTIONS.slice(1).map((o) => o.value)).toEqual([
      'tfa_15',
      'tfa_16',
      'tfa_17',
      'tfa_18',
      'tfa_19',
      'tfa_20',
    ]);
    expect(optionLabel(DEVICE_OPTIONS, '')).toBeUndefined();
    expect(optionLabel(DEVICE_OPTIONS, 'tfa_20')).toBe('All Of The Above');
  });

  it('satisfaction from 5 Very Satisfied to 1 Very Dissatisfied', () => {
    expect(SATISFACTION_OPTIONS.map((o) => `${o.value} ${o.label}`)).toEqual([
      '5 Very Satisfied',
      '4 Somewhat Satisfied',
      '3 Neither Satisfied nor Dissatisfied',
      '2 Somewhat Dissatisfied',
      '1 Very Dissatisfied',
    ]);
  });
});

describe('form outcomes', () => {
  it('feedback reads only the status', () => {
    expect(feedbackOutcome({ status: 200, data: undefined })).toEqual({
      success:
        "Your feedback has been received. Thanks for sharing your thoughts and ideas with LeaseHawk! If you selected to be contacted, you'll hear from our team soon.",
    });
    expect(feedbackOutcome({ status: 401, data: {} })).toEqual({ error: 'Invalid username or password' });
    expect(feedbackOutcome({ status: 403, data: {} })).toEqual({
      error: 'You must request permission to use HawkEye',
    });
    expect(feedbackOutcome({ status: 406, data: { StatusDescription: 'x' } })).toEqual({
      error: 'Something went wrong - please try again later',
    });
    expect(feedbackOutcome({ status: 500, data: {} })).toEqual({
      error: 'Something went wrong - please try again later',
    });
  });

  it('support shows the StatusDescription of a 406', () => {
    expect(supportOutcome({ status: 200, data: {} })).toEqual({
      success: 'Your request for support has been received. Our team will be in touch with you soon.',
    });
    expect(
      supportOutcome({ status: 406, data: { StatusDescription: 'Email address does not match' } }),
    ).toEqual({
      error: 'Email address does not match',
    });
    expect(supportOutcome({ status: 406, data: 'oops' })).toEqual({
      error: 'Something went wrong - please try again later',
    });
    expect(supportOutcome({ status: 401, data: {} })).toEqual({ error: 'Invalid username or password' });
    expect(supportOutcome({ status: 403, data: {} })).toEqual({
      error: 'You must request permission to use HawkEye',
    });
    expect(supportOutcome({ status: 502, data: {} })).toEqual({
      error: 'Something went wrong - please try again later',
    });
  });
});
