/**
 * The rules of the Share Feedback and Request Support forms (SPEC.md sections 3 and 5), owned here
 * so that the form widgets and the server (POST /post-feedback, /post-support) apply the very same
 * patterns, codes and messages.
 */

/** The shared form messages, to the letter of SPEC.md section 5. */
export const FORM_MESSAGES = {
  required: 'This field is required',
  invalidEmail: 'Invalid email address',
  invalidPhone: 'Invalid phone number',
  emailMismatch: 'Email address does not match',
  passwordMismatch: 'Passwords do not match',
  fieldMismatch: 'Fields do not match',
  textAreaRequired: 'is required',
  textAreaUnknown: 'has an unknown error',
} as const;

/** 'The min number of characters is N'. */
export const minLengthMessage = (n: number): string => `The min number of characters is ${n}`;
/** 'The max allowed number of characters is N'. */
export const maxLengthMessage = (n: number): string => `The max allowed number of characters is ${n}`;
/** 'The required pattern is: P'. */
export const patternMessage = (p: string): string => `The required pattern is: ${p}`;

/**
 * Word characters with optional dot or hyphen separators, '@', a domain of the same kind, and a
 * 2-3 letter extension. Every repetition starts with a separator, so no input can make it backtrack
 * exponentially (the server runs it on untrusted text).
 */
export const EMAIL_PATTERN = /^\w+(?:[.-]\w+)*@\w+(?:[.-]\w+)*\.[A-Za-z]{2,3}$/;

/** '(555) 555-5555', the area code starting with 1-9 as the input mask enforces. */
export const PHONE_PATTERN = /^\([1-9]\d{2}\) \d{3}-\d{4}$/;

/** The phone format users see in the field's placeholder. */
export const PHONE_FORMAT = '(555) 555-5555';

/** True for an empty value or a well-formed email address. */
export function isEmailValid(value: string): boolean {
  return value === '' || EMAIL_PATTERN.test(value);
}

/** True for an empty value or a phone number shaped '(555) 555-5555'. */
export function isPhoneValid(value: string): boolean {
  return value === '' || PHONE_PATTERN.test(value);
}

/**
 * The phone input mask: keeps up to ten digits, drops leading zeros (the first digit is 1-9) and
 * lays what is typed out as '(555) 555-5555' as it grows.
 */
export function maskPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '').replace(/^0+/, '').slice(0, 10);
  if (digits === '') return '';
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** What a confirmation field confirms, which picks its mismatch message. */
export type ConfirmKind = 'email' | 'password' | 'other';

/** The mismatch message of a confirmation field. */
export function mismatchMessage(kind: ConfirmKind): string {
  if (kind === 'email') return FORM_MESSAGES.emailMismatch;
  if (kind === 'password') return FORM_MESSAGES.passwordMismatch;
  return FORM_MESSAGES.fieldMismatch;
}

/** A labelled option of a radio group or dropdown. */
export interface FormOption {
  value: string;
  label: string;
}

/** The satisfaction choices of the feedback form, best first. */
export const SATISFACTION_OPTIONS: readonly FormOption[] = [
  { value: '5', label: 'Very Satisfied' },
  { value: '4', label: 'Somewhat Satisfied' },
  { value: '3', label: 'Neither Satisfied nor Dissatisfied' },
  { value: '2', label: 'Somewhat Dissatisfied' },
  { value: '1', label: 'Very Dissatisfied' },
];

/** The product codes of the support form. */
export const PRODUCT_OPTIONS: readonly FormOption[] = [
  { value: 'tfa_5', label: 'ACE' },
  { value: 'tfa_6', label: 'CallTrack' },
  { value: 'tfa_7', label: 'CRM' },
  { value: 'tfa_8', label: 'HawkEye Business Intelligence' },
  { value: 'tfa_9', label: 'LeadScore' },
  { value: 'tfa_10', label: 'Reporting' },
  { value: 'tfa_11', label: 'Telephone Performance Analysis (TPA)' },
];

/** The product the support form starts on. */
export const DEFAULT_PRODUCT = 'tfa_8';

/** The device codes of the support form; '' is the 'Select One' prompt, not a choice. */
export const DEVICE_OPTIONS: readonly FormOption[] = [
  { value: '', label: 'Select One' },
  { value: 'tfa_15', label: 'Desktop / Windows' },
  { value: 'tfa_16', label: 'Desktop / Mac' },
  { value: 'tfa_17', label: 'Mobile / Android' },
  { value: 'tfa_18', label: 'Mobile / Apple' },
  { value: 'tfa_19', label: 'Other' },
  { value: 'tfa_20', label: 'All Of The Above' },
];

/** The label of a code among options, or undefined for an unknown (or empty) code. */
export function optionLabel(options: readonly FormOption[], value: string): string | undefined {
  if (value === '') return undefined;
  return options.find((o) => o.value === value)?.label;
}

/** What a rule sees besides its own value: the whole form, and whether a field was interacted with. */
export interface RuleContext {
  values: Readonly<Record<string, unknown>>;
  /** True once the named field is dirty or touched. */
  seen(name: string): boolean;
}

/** A validation rule: the message when the value breaks it, otherwise undefined. */
export type Rule = (value: unknown, ctx: RuleContext) => string | undefined;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Required: a non-blank string, a true checkbox is not demanded (booleans always pass). */
export const required: Rule = (value) =>
  typeof value === 'boolean' || text(value).trim() !== '' ? undefined : FORM_MESSAGES.required;

/** At least n characters (an empty value is left to `required`). */
export const minLength =
  (n: number): Rule =>
  (value) => {
    const s = text(value);
    return s === '' || s.length >= n ? undefined : minLengthMessage(n);
  };

/** At most n characters. */
export const maxLength =
  (n: number): Rule =>
  (value) =>
    text(value).length <= n ? undefined : maxLengthMessage(n);

/** Matches a pattern (an empty value is left to `required`); `shown` is the pattern users read. */
export const pattern =
  (re: RegExp, shown = re.source): Rule =>
  (value) => {
    const s = text(value);
    return s === '' || re.test(s) ? undefined : patternMessage(shown);
  };

/** A well-formed email address, or empty. */
export const email: Rule = (value) => (isEmailValid(text(value)) ? undefined : FORM_MESSAGES.invalidEmail);

/** A phone number '(555) 555-5555', or empty. */
export const phone: Rule = (value) => (isPhoneValid(text(value)) ? undefined : FORM_MESSAGES.invalidPhone);

/** The confirmation field: must equal `partner`. */
export const confirms =
  (partner: string, kind: ConfirmKind): Rule =>
  (value, ctx) =>
    text(value) === text(ctx.values[partner]) ? undefined : mismatchMessage(kind);

/**
 * The confirmed field: must equal its confirmation `partner` once the user has interacted with
 * the partner, so typing a new address does not complain before the user has had a chance to
 * confirm it. When the two become equal, the error clears on both.
 */
export const confirmedBy =
  (partner: string, kind: ConfirmKind): Rule =>
  (value, ctx) =>
    !ctx.seen(partner) || text(value) === text(ctx.values[partner]) ? undefined : mismatchMessage(kind);

/** The first message among `rules` for `value` (SPEC.md section 5 shows the first error only). */
export function firstError(value: unknown, rules: readonly Rule[], ctx: RuleContext): string | undefined {
  for (const rule of rules) {
    const message = rule(value, ctx);
    if (message) return message;
  }
  return undefined;
}
