import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../api/ApiError';
import { requestPasswordReset } from '../api/authApi';
import { AUTH_MESSAGES } from './authMessages';
import { FormError } from './FormError';

/** Requests reset instructions by email (SPEC.md section 2, Forgot password). */
export function ForgotPasswordPage() {
  const [username, setUsername] = useState('');
  const [sendingRequest, setSendingRequest] = useState(false);
  const [resetInstructionsSent, setResetInstructionsSent] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (username.trim() === '') {
      setFieldError(AUTH_MESSAGES.enterUsername);
      return;
    }
    setFieldError(undefined);
    setError(undefined);
    setSendingRequest(true);
    try {
      await requestPasswordReset(username.trim());
      setResetInstructionsSent(true);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status !== 0
          ? AUTH_MESSAGES.unknownUsername
          : AUTH_MESSAGES.contactSupport,
      );
    } finally {
      setSendingRequest(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Forgot password">
      <Stack gap="md">
        <FormError message={error} />
        {resetInstructionsSent && (
          <Alert color="blue" variant="light" data-testid="reset-sent">
            {AUTH_MESSAGES.resetSent}
          </Alert>
        )}
        <TextInput
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => {
            setUsername(e.currentTarget.value);
            if (e.currentTarget.value.trim()) setFieldError(undefined);
          }}
          error={fieldError}
          size="md"
          autoFocus
        />
        <Button type="submit" size="md" fullWidth disabled={sendingRequest || resetInstructionsSent}>
          {sendingRequest ? 'Loading...' : 'Send Reset Instructions'}
        </Button>
        <Text ta="center" fz="sm">
          <Anchor component={Link} to="/login">
            Back to Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
