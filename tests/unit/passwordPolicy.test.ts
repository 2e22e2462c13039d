import { describe, expect, it } from 'vitest';
import {
  isPasswordAcceptable,
  MIN_PASSWORD_LENGTH,
  PASSWORD_POLICY_MESSAGE,
  passwordPolicyError,
} from '../../src/shared/passwordPolicy';

describe('password policy', () => {
  it.each(['Demo1234', 'aB345678', 'Passw0rd with spaces', 'Äbcdefg1', 'Zz9zzzzzzzzzzzzzzzzzz'])(
    'accepts %s',
    (pw) => {
      expect(isPasswordAcceptable(pw)).toBe(true);
      expect(passwordPolicyError(pw)).toBeUndefined();
    },
  );

  it.each([
    ['', 'empty'],
    ['Demo123', 'seven characters'],
    ['demo1234', 'no upper case letter'],
    ['DEMO1234', 'no lower case letter'],
    ['Demonstrate', 'no digit'],
    ['12345678', 'digits only'],
  ])('refuses %j (%s) with the spec message', (pw) => {
    expect(isPasswordAcceptable(pw)).toBe(false);
    expect(passwordPolicyError(pw)).toBe(
      'Password must be at least 8 characters, contain at least one upper and lower case letter and at least one number',
    );
  });

  it('counts characters as a person does (an emoji is one)', () => {
    expect(isPasswordAcceptable('Ab1😀😀😀😀😀')).toBe(true);
    expect(isPasswordAcceptable('Ab1😀😀😀😀')).toBe(false);
  });

  it('exposes the minimum length and message the client shows', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(PASSWORD_POLICY_MESSAGE).toMatch(/^Password must be at least 8 characters/);
  });
});
