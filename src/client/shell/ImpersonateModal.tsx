import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/ApiError';
import { impersonate } from '../session/signIn';

/** The impersonation modal's messages (SPEC.md sections 5 and 8). */
export const IMPERSONATION_MESSAGES = {
  invalidCode: 'Impersonation code expired or does not exist',
  failed: 'Something went wrong - please try again later',
} as const;

interface ImpersonateModalProps {
  opened: boolean;
  onClose: () => void;
  /** What happens after success; by default the app reloads on /dashboard as the impersonated user. */
  onImpersonated?: () => void;
}

/** Asks for an impersonation code and replaces the session with the impersonated user's. */
export function ImpersonateModal({ opened, onClose, onImpersonated }: ImpersonateModalProps) {
  const [impersonationCode, setImpersonationCode] = useState('');
  const [error, setError] = useState<string>();
  const [isLoading, setIsLoading] = useState(false);

  function close() {
    if (isLoading) return;
    setImpersonationCode('');
    setError(undefined);
    onClose();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const code = impersonationCode.trim();
    if (!code) {
      setError(IMPERSONATION_MESSAGES.invalidCode);
      return;
    }
    setError(undefined);
    setIsLoading(true);
    try {
      await impersonate(code);
      onClose();
      if (onImpersonated) onImpersonated();
      else window.location.assign('/dashboard');
    } catch (err) {
      setError(
        err instanceof ApiError && err.status !== 0
          ? IMPERSONATION_MESSAGES.invalidCode
          : IMPERSONATION_MESSAGES.failed,
      );
      setIsLoading(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={650}>Impersonate User</Text>}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="impersonate-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            Enter the code the user generated to see HawkEye as they see it. Sign out to end the
            impersonation.
          </Text>
          <TextInput
            label="Impersonation Code"
            name="impersonationCode"
            value={impersonationCode}
            onChange={(e) => setImpersonationCode(e.currentTarget.value)}
            error={error}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={isLoading}>
              Cancel
            </Button>
            <Button type="submit" disabled={isLoading} color="red">
              {isLoading ? 'Loading...' : 'Impersonate'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
