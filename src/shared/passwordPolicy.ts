/**
 * The password rule of SPEC.md section 5, owned here so that the reset form and the server
 * (POST /reset-password, `npm run users -- set-password`) apply the very same check.
 */

/** Fewest characters a password may have (SPEC.md section 9). */
export const MIN_PASSWORD_LENGTH = 8;

/** The one message shown or answered when a password breaks the rule. */
export const PASSWORD_POLICY_MESSAGE =
  'Password must be at least 8 characters, contain at least one upper and lower case letter and at least one number';

// Unicode-aware so that 'Äbcdefg1' counts its capital; digits stay ASCII like the spec's "number".
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
const DIGIT = /[0-9]/;

/** True when the password has 8+ characters, an upper case letter, a lower case letter and a digit. */
export function isPasswordAcceptable(password: string): boolean {
  // Count code points, not UTF-16 units, so an emoji is one character as a user would count it.
  return (
    [...password].length >= MIN_PASSWORD_LENGTH &&
    UPPER.test(password) &&
    LOWER.test(password) &&
    DIGIT.test(password)
  );
}

/** The policy message when the password breaks the rule, otherwise undefined. */
export function passwordPolicyError(password: string): string | undefined {
  return isPasswordAcceptable(password) ? undefined : PASSWORD_POLICY_MESSAGE;
}
