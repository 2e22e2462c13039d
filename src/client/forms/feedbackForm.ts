import { email, maxLength, required } from '../../shared/formRules';
import type { FormUser } from './formTypes';
import type { FieldSpec } from './useFormFields';

/** The values of the Share Feedback form. */
export type FeedbackValues = {
  overallSatisfaction: string;
  comments: string;
  contactMe: boolean;
  firstName: string;
  lastName: string;
  email: string;
};

/** The feedback fields: only the satisfaction is required; names and email start from the user. */
export function feedbackFields(user: FormUser): {
  [K in keyof FeedbackValues]: FieldSpec<FeedbackValues[K]>;
} {
  return {
    overallSatisfaction: { initial: '', rules: [required] },
    comments: { initial: '', rules: [maxLength(10_000)] },
    contactMe: { initial: false },
    firstName: { initial: user.firstName ?? '', rules: [maxLength(100)] },
    lastName: { initial: user.lastName ?? '', rules: [maxLength(100)] },
    email: { initial: user.email ?? '', rules: [email, maxLength(254)] },
  };
}

/** The browser's IANA time zone (the form's ao_jstzo marker), or '' when the browser will not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/** The POST /post-feedback body (schemas/api/forms/feedback-request.json). */
export function feedbackBody(v: FeedbackValues, timeZone: string): Record<string, unknown> {
  return {
    overallSatisfaction: v.overallSatisfaction,
    comments: v.comments,
    contactMe: v.contactMe,
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    email: v.email.trim(),
    ao_jstzo: timeZone,
  };
}
