/** The sign-in pages' messages, to the letter of SPEC.md sections 5 and 8. */
export const AUTH_MESSAGES = {
  required: 'This field is required',
  invalidCredentials: 'Invalid username or password',
  noPermission: 'You must request permission to use HawkEye',
  tryLater: 'Something went wrong - please try again later',
  contactSupport: 'Something went wrong - please contact support',
  enterUsername: 'Please enter your username',
  unknownUsername: 'The username entered does not match our records',
  passwordsDiffer: 'The New Password and Confirm Password entries do not match',
  invalidResetToken: 'Invalid reset token - please contact support',
  resetSent:
    'If the username matches an account, instructions to reset your password have been sent to the email address on file.',
} as const;

/** A plain sentence for HTTP 429 on sign-in, naming the wait when the server said it. */
export function rateLimitedMessage(seconds: number | undefined): string {
  if (!seconds) return 'Too many sign-in attempts. Please wait a few minutes and try again.';
  if (seconds < 90) return `Too many sign-in attempts. Please wait ${seconds} seconds and try again.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many sign-in attempts. Please wait ${minutes} minutes and try again.`;
}
