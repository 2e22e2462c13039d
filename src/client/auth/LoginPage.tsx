import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../api/ApiError';
import { returnPathOf } from '../routes/returnPath';
import { rememberedUsername, saveRememberMe } from '../session/rememberMe';
import { signIn } from '../session/signIn';
import { AUTH_MESSAGES, rateLimitedMessage } from './authMessages';
import { FormError } from './FormError';

function loginError(err: unknown): string {
  if (!(err instanceof ApiError) || err.status === 0) return AUTH_MESSAGES.contactSupport;
  if (err.status === 401) return AUTH_MESSAGES.invalidCredentials;
  if (err.status === 403) return AUTH_MESSAGES.noPermission;
  if (err.status === 429) return rateLimitedMessage(err.retryAfterSeconds);
  return AUTH_MESSAGES.tryLater;
}

/** The sign-in page (SPEC.md section 2, Login). */
export function LoginPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const [remembered] = useState(rememberedUsername);
  const [username, setUsername] = useState(remembered ?? '');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(remembered !== undefined);
  const [showPassword, setShowPassword] = useState(false);
  const [loggingIn, setLoggingIn] = useState(false);
  const [emptyUsername, setEmptyUsername] = useState(false);
  const [emptyPassword, setEmptyPassword] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const noUser = username.trim() === '';
    const noPassword = password === '';
    setEmptyUsername(noUser);
    setEmptyPassword(noPassword);
    if (noUser || noPassword) {
      setError(AUTH_MESSAGES.invalidCredentials);
      return;
    }
    setError(undefined);
    setLoggingIn(true);
    try {
      await signIn(username.trim(), password);
      saveRememberMe(rememberMe, username.trim());
      navigate(returnPathOf(state), { replace: true });
    } catch (err) {
      setError(loginError(err));
      setLoggingIn(false);
    }
  }

  function toggleRemember(checked: boolean) {
    setRememberMe(checked);
    if (!checked) saveRememberMe(false, '');
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        <FormError message={error} />
        <TextInput
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => {
            setUsername(e.currentTarget.value);
            if (e.currentTarget.value.trim()) setEmptyUsername(false);
          }}
          error={emptyUsername ? AUTH_MESSAGES.required : undefined}
          size="md"
          autoFocus={!remembered}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            if (e.currentTarget.value) setEmptyPassword(false);
          }}
          visible={showPassword}
          onVisibilityChange={setShowPassword}
          visibilityToggleButtonProps={{
            'aria-label': showPassword ? 'Hide password' : 'Show password',
            tabIndex: 0,
          }}
          error={emptyPassword ? AUTH_MESSAGES.required : undefined}
          size="md"
          autoFocus={Boolean(remembered)}
        />
        <Group justify="space-between" wrap="nowrap">
          <Checkbox
            label="Remember me"
            checked={rememberMe}
            onChange={(e) => toggleRemember(e.currentTarget.checked)}
          />
          <Anchor component={Link} to="/forgot-password" fz="sm">
            Forgot Password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth disabled={loggingIn}>
          {loggingIn ? 'Loading...' : 'Sign in'}
        </Button>
      </Stack>
    </form>
  );
}
