import { Button, PasswordInput, Stack, Text, ThemeIcon } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { passwordPolicyError } from '../../shared/passwordPolicy';
import { ApiError } from '../api/ApiError';
import { resetPassword } from '../api/authApi';
import { CheckIcon } from '../widgets/icons';
import { AUTH_MESSAGES } from './authMessages';
import { FormError } from './FormError';

/** The client-side checks of SPEC.md section 5: trimmed entries must match and meet the policy. */
export function resetPasswordError(newPassword: string, confirmPassword: string): string | undefined {
  const a = newPassword.trim();
  if (a !== confirmPassword.trim()) return AUTH_MESSAGES.passwordsDiffer;
  return passwordPolicyError(a);
}

/** Sets a new password with the token from the emailed link (SPEC.md section 2, Reset password). */
export function ResetPasswordPage() {
  const { id = '' } = useParams();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [sendingRequest, setSendingRequest] = useState(false);
  const [passwordsReset, setPasswordsReset] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = resetPasswordError(newPassword, confirmPassword);
    setError(invalid);
    if (invalid) return;
    setSendingRequest(true);
    try {
      await resetPassword(id, newPassword.trim());
      setPasswordsReset(true);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 401
          ? AUTH_MESSAGES.invalidResetToken
          : AUTH_MESSAGES.contactSupport,
      );
    } finally {
      setSendingRequest(false);
    }
  }

  if (passwordsReset) {
    return (
      <Stack align="center" gap="md" py="sm" data-testid="reset-success">
        <ThemeIcon size={56} radius="xl" color="green" variant="light">
          <CheckIcon size={30} />
        </ThemeIcon>
        <Text fw={600} fz="lg">
          Password Reset Successfully
        </Text>
        <Button component={Link} to="/login" size="md" fullWidth>
          Sign in
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Reset password">
      <Stack gap="md">
        <FormError message={error} />
        <PasswordInput
          label="New Password"
          name="newPassword"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNewPassword(e.currentTarget.value)}
          size="md"
          autoFocus
        />
        <PasswordInput
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.currentTarget.value)}
          size="md"
        />
        <Text fz="xs" c="dimmed">
          At least 8 characters, with an upper case letter, a lower case letter and a number.
        </Text>
        <Button type="submit" size="md" fullWidth disabled={sendingRequest || passwordsReset}>
          {sendingRequest ? 'Loading...' : 'Reset Password'}
        </Button>
      </Stack>
    </form>
  );
}
