import { Alert, Badge, Box, Button, Collapse, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { DeliveryHistory } from './DeliveryHistory';
import type { DeliveriesOverview, DeliveryLine, DeliverySubscription } from './deliveriesApi';
import {
  lastWords,
  nextWords,
  quietWords,
  scheduleWords,
  testRefusedWords,
  thresholdWords,
} from './deliveryWords';

interface SubscriptionCardProps {
  subscription: DeliverySubscription;
  overview: DeliveriesOverview;
  onEdit: () => void;
  onPause: (paused: boolean) => Promise<void>;
  onTest: () => Promise<DeliveryLine>;
  onDelete: () => void;
}

/** What a subscription sends, in words: the digest's schedule, or the rule's thresholds. */
function whatWords(s: DeliverySubscription, overview: DeliveriesOverview): string {
  if (s.kind === 'digest') return s.schedule ? scheduleWords(s.schedule, overview.timeZone) : 'No schedule';
  const rule = overview.alertRules.find((r) => r.id === s.targetId);
  const parts = (rule?.thresholds ?? []).map((t) => {
    const own = s.thresholds?.[t.key];
    const value = own ?? t.default;
    return `${thresholdWords(t.label, value)}${own === undefined ? ' (default)' : ''}`;
  });
  return parts.length ? `Checked as the data updates. ${parts.join(' · ')}` : 'Checked as the data updates';
}

function channelWords(s: DeliverySubscription): string {
  if (s.channel.type === 'email') return 'By email';
  try {
    return `By webhook to ${new URL(s.channel.url ?? '').host}`;
  } catch {
    return 'By webhook';
  }
}

/** The test send's outcome as the card tells it. */
function testWords(line: DeliveryLine): { color: string; text: string } {
  if (line.status === 'sent') return { color: 'green', text: `Test sent${line.to ? ` to ${line.to}` : ''}.` };
  if (line.status === 'skipped')
    return { color: 'yellow', text: `The test was skipped${line.reason ? `: ${line.reason}` : '.'}` };
  return { color: 'red', text: `The test failed${line.reason ? `: ${line.reason}` : '.'}` };
}

/**
 * One subscription: its title, kind and state, when and how it sends, and its actions (edit,
 * pause or resume, send a test, history, delete). The history opens below the card.
 */
export function SubscriptionCard({
  subscription: s,
  overview,
  onEdit,
  onPause,
  onTest,
  onDelete,
}: SubscriptionCardProps) {
  const [historyOpen, setHistoryOpen] = useState(false);
  const [busy, setBusy] = useState<'pause' | 'test'>();
  const [tested, setTested] = useState<{ color: string; text: string }>();
  const historyId = useId();
  const next = nextWords(s, overview.timeZone);
  const title =
    (s.kind === 'digest'
      ? overview.digests.find((d) => d.id === s.targetId)?.title
      : overview.alertRules.find((r) => r.id === s.targetId)?.title) ?? s.targetId;

  const pause = async () => {
    setBusy('pause');
    try {
      await onPause(!s.paused);
    } finally {
      setBusy(undefined);
    }
  };
  const test = async () => {
    setBusy('test');
    setTested(undefined);
    try {
      setTested(testWords(await onTest()));
      setHistoryOpen(true);
    } catch (err) {
      setTested(testRefusedWords(err));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={title}
      data-testid="subscription"
      data-kind={s.kind}
      data-paused={s.paused || undefined}
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Title order={2} fz={17} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Badge
            variant="light"
            color={s.kind === 'digest' ? 'hawk' : 'slate'}
            c={s.kind === 'digest' ? undefined : 'slate.9'}
            radius="sm"
          >
            {s.kind === 'digest' ? 'Digest' : 'Alert'}
          </Badge>
          {s.paused && (
            <Badge variant="filled" color="gray" radius="sm" data-testid="subscription-paused">
              Paused
            </Badge>
          )}
        </Group>
        <Text fz="sm" data-testid="subscription-when">
          {whatWords(s, overview)}
        </Text>
        <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {next && (
            <Text fz="sm" fw={600} data-testid="subscription-next">
              {next}
            </Text>
          )}
          <Text
            fz="sm"
            c={s.lastDelivery?.status === 'failed' ? 'red.8' : undefined}
            data-testid="subscription-last"
          >
            {lastWords(s.lastDelivery, overview.timeZone)}
          </Text>
        </Box>
        <Text fz="sm" c="dimmed">
          {[channelWords(s), s.quietHours ? quietWords(s.quietHours) : undefined].filter(Boolean).join(' · ')}
        </Text>
        <Group gap="xs" mt={4} wrap="wrap">
          <Button size="xs" variant="default" onClick={onEdit}>
            Edit
          </Button>
          <Button size="xs" variant="default" onClick={() => void pause()} loading={busy === 'pause'}>
            {s.paused ? 'Resume' : 'Pause'}
          </Button>
          <Button size="xs" variant="default" onClick={() => void test()} loading={busy === 'test'}>
            Send test
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => setHistoryOpen((o) => !o)}
            aria-expanded={historyOpen}
            aria-controls={historyId}
          >
            {historyOpen ? 'Hide history' : 'History'}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={onDelete}>
            Delete
          </Button>
        </Group>
        {tested && (
          <Alert
            color={tested.color}
            variant="light"
            role="status"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setTested(undefined)}
            data-testid="test-result"
          >
            {tested.text}
          </Alert>
        )}
        <Collapse expanded={historyOpen} id={historyId}>
          <Box pt={4}>
            <Text fz="xs" fw={700} c="dimmed" tt="uppercase" mb={4} style={{ letterSpacing: '0.06em' }}>
              History
            </Text>
            {historyOpen && <DeliveryHistory subscriptionId={s.id} timeZone={overview.timeZone} />}
          </Box>
        </Collapse>
      </Stack>
    </Paper>
  );
}
