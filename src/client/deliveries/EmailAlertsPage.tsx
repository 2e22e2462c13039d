import { Alert, Box, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../session/useSession';
import {
  createSubscription,
  DELIVERIES_QUERY_KEY,
  type DeliverySubscription,
  deleteSubscription,
  fetchDeliveries,
  historyQueryKey,
  type SubscriptionCreateRequest,
  testSubscription,
  updateSubscription,
} from './deliveriesApi';
import { zoneWords } from './deliveryWords';
import { SubscriptionCard } from './SubscriptionCard';
import { SubscriptionDialog, type SubscriptionDialogTarget } from './SubscriptionDialog';

/** The widest the page grows: cards of one column read best. */
const PAGE_MAX_WIDTH = 820;

/**
 * 'Email & alerts' (/dashboard/email-alerts, from the account menu): the signed-in user's digests
 * and alerts, each with when and how it sends; new ones, edits, pause and resume, a test send, the
 * history of what was sent, skipped or failed, and deletion after a confirmation.
 */
export function EmailAlertsPage() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const overview = useQuery({ queryKey: DELIVERIES_QUERY_KEY, queryFn: fetchDeliveries });
  const [dialog, setDialog] = useState<SubscriptionDialogTarget>();
  const [deleting, setDeleting] = useState<DeliverySubscription>();
  const [deleteState, setDeleteState] = useState<'idle' | 'busy' | 'failed'>('idle');

  const refresh = () => queryClient.invalidateQueries({ queryKey: DELIVERIES_QUERY_KEY });

  const save = async (body: SubscriptionCreateRequest) => {
    if (dialog?.mode === 'edit') {
      const { kind: _kind, userId: _userId, ...change } = body;
      await updateSubscription(dialog.subscription.id, change);
    } else {
      await createSubscription(body);
    }
    await refresh();
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteState('busy');
    try {
      await deleteSubscription(deleting.id);
      setDeleting(undefined);
      setDeleteState('idle');
      await refresh();
    } catch {
      setDeleteState('failed');
    }
  };

  const closeDelete = () => {
    setDeleting(undefined);
    setDeleteState('idle');
  };

  const data = overview.data;
  const titleOf = (s: DeliverySubscription) =>
    (s.kind === 'digest'
      ? data?.digests.find((d) => d.id === s.targetId)?.title
      : data?.alertRules.find((r) => r.id === s.targetId)?.title) ?? s.targetId;

  return (
    <Box maw={PAGE_MAX_WIDTH} data-testid="email-alerts">
      <Title order={1} fz={26} mb={4}>
        Email &amp; alerts
      </Title>
      <Text c="dimmed" fz="sm" mb="md">
        A digest brings your figures to you on a schedule. An alert tells you when a site crosses a line, and
        again when it recovers.
        {data && ` Times are in ${zoneWords(data.timeZone)}.`}
      </Text>
      {overview.isLoading ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Loading your subscriptions" />
        </Group>
      ) : overview.error || !data ? (
        <Alert color="red" title="Your subscriptions could not be loaded">
          Reload the page to try again.
        </Alert>
      ) : (
        <Stack gap="md">
          <Group gap="sm">
            <Button
              onClick={() => setDialog({ mode: 'create', kind: 'digest' })}
              disabled={!data.digests.length}
              data-testid="new-digest"
            >
              New digest
            </Button>
            <Button
              variant="light"
              onClick={() => setDialog({ mode: 'create', kind: 'alert' })}
              disabled={!data.alertRules.length}
              data-testid="new-alert"
            >
              New alert
            </Button>
          </Group>
          {data.subscriptions.length === 0 ? (
            <Paper withBorder radius="md" p="lg" data-testid="no-subscriptions">
              <Text fw={600}>No digests or alerts yet</Text>
              <Text fz="sm" c="dimmed">
                Start with a weekly digest: last week's figures in your inbox every Monday morning.
              </Text>
            </Paper>
          ) : (
            data.subscriptions.map((s) => (
              <SubscriptionCard
                key={s.id}
                subscription={s}
                overview={data}
                onEdit={() => setDialog({ mode: 'edit', subscription: s })}
                onPause={async (paused) => {
                  await updateSubscription(s.id, { paused });
                  await refresh();
                }}
                onTest={async () => {
                  const line = await testSubscription(s.id);
                  await queryClient.invalidateQueries({ queryKey: historyQueryKey(s.id) });
                  return line;
                }}
                onDelete={() => setDeleting(s)}
              />
            ))
          )}
          <SubscriptionDialog
            target={dialog}
            overview={data}
            email={user?.email}
            onClose={() => setDialog(undefined)}
            onSave={save}
          />
          <Modal
            opened={Boolean(deleting)}
            onClose={closeDelete}
            title="Delete this subscription?"
            closeButtonProps={{ 'aria-label': 'Close' }}
            data-testid="delete-dialog"
          >
            <Stack gap="md">
              <Text fz="sm">
                {deleting ? `'${titleOf(deleting)}'` : 'It'} stops, and its history is deleted with it. This
                cannot be undone.
              </Text>
              {deleteState === 'failed' && (
                <Alert color="red" role="alert">
                  The subscription could not be deleted just now. Try again in a moment.
                </Alert>
              )}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={closeDelete} data-autofocus>
                  Cancel
                </Button>
                <Button
                  color="red"
                  onClick={() => void confirmDelete()}
                  loading={deleteState === 'busy'}
                  data-testid="delete-confirm"
                >
                  Delete
                </Button>
              </Group>
            </Stack>
          </Modal>
        </Stack>
      )}
    </Box>
  );
}
