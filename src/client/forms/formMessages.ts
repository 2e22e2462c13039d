import type { FormResponse } from './formTypes';

/** The feedback and support outcomes, to the letter of SPEC.md section 8. */
export const FORM_OUTCOME_MESSAGES = {
  feedbackReceived:
    "Your feedback has been received. Thanks for sharing your thoughts and ideas with LeaseHawk! If you selected to be contacted, you'll hear from our team soon.",
  supportReceived: 'Your request for support has been received. Our team will be in touch with you soon.',
  invalidCredentials: 'Invalid username or password',
  noPermission: 'You must request permission to use HawkEye',
  tryLater: 'Something went wrong - please try again later',
} as const;

/** What the banner shows after an answer: a success or an error, never both. */
export type FormOutcome = { success: string } | { error: string };

function refusal(status: number): FormOutcome {
  if (status === 401) return { error: FORM_OUTCOME_MESSAGES.invalidCredentials };
  if (status === 403) return { error: FORM_OUTCOME_MESSAGES.noPermission };
  return { error: FORM_OUTCOME_MESSAGES.tryLater };
}

/** The Share Feedback outcome: only the status is read. */
export function feedbackOutcome({ status }: FormResponse): FormOutcome {
  return status === 200 ? { success: FORM_OUTCOME_MESSAGES.feedbackReceived } : refusal(status);
}

/** The Request Support outcome: on 406 the server's StatusDescription is shown as it is. */
export function supportOutcome({ status, data }: FormResponse): FormOutcome {
  if (status === 200) return { success: FORM_OUTCOME_MESSAGES.supportReceived };
  if (status === 406) {
    const described = (data as { StatusDescription?: unknown } | undefined)?.StatusDescription;
    return { error: typeof described === 'string' && described ? described : FORM_OUTCOME_MESSAGES.tryLater };
  }
  return refusal(status);
}
