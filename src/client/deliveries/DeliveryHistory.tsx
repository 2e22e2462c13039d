import { Alert, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type DeliveryRecord, fetchHistory, historyQueryKey } from './deliveriesApi';
import { occurrenceWords, STATUS_WORDS, whenWords } from './deliveryWords';

const STATUS_COLORS: Record<DeliveryRecord['status'], string> = {
  sent: 'green',
  skipped: 'gray',
  failed: 'red',
  claimed: 'blue',
};

/** One subscription's deliveries, newest first: when, sent / skipped / failed, and why. */
export function DeliveryHistory({ subscriptionId, timeZone }: { subscriptionId: number; timeZone: string }) {
  const history = useQuery({
    queryKey: historyQueryKey(subscriptionId),
    queryFn: () => fetchHistory(subscriptionId),
  });
  if (history.isLoading) return <Loader size="xs" aria-label="Loading the history" />;
  if (history.error)
    return (
      <Alert color="red" variant="light">
        The history could not be loaded. Try again in a moment.
      </Alert>
    );
  const deliveries = history.data ?? [];
  if (!deliveries.length)
    return (
      <Text fz="sm" c="dimmed">
        Nothing sent yet.
      </Text>
    );
  return (
    <Stack gap={0} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Delivery history">
      {deliveries.map((d) => {
        const due = occurrenceWords(d.occurrenceKey, d.at, timeZone);
        return (
          <Stack
            key={`${d.occurrenceKey}-${d.at}`}
            component="li"
            gap={2}
            py={8}
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            data-testid="delivery-record"
            data-status={d.status}
          >
            <Group gap="xs" wrap="wrap">
              <Badge color={STATUS_COLORS[d.status]} variant="light" radius="sm">
                {STATUS_WORDS[d.status]}
              </Badge>
              {d.test && (
                <Badge color="gray" variant="outline" radius="sm">
                  Test
                </Badge>
              )}
              <Text fz="sm">{whenWords(d.at, timeZone)}</Text>
              {due && (
                <Text fz="sm" c="dimmed" data-testid="delivery-due">
                  {due}
                </Text>
              )}
            </Group>
            {d.reason && (
              <Text fz="sm" c={d.status === 'failed' ? 'red.8' : 'dimmed'}>
                {d.reason}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
