import { Group, Loader, Paper, Text } from '@mantine/core';
import { useLoadingData } from '../api/useLoadingData';

/** The global 'Loading Data' indicator, bottom-right, throttled by useLoadingData. */
export function LoadingIndicator() {
  const visible = useLoadingData();
  if (!visible) return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      data-testid="loading-data"
      shadow="md"
      px="md"
      py={8}
      withBorder
      style={{ position: 'fixed', bottom: 20, right: 20, zIndex: 900 }}
    >
      <Group gap={10} wrap="nowrap">
        <Loader size="xs" />
        <Text fz="sm" fw={500}>
          Loading Data
        </Text>
      </Group>
    </Paper>
  );
}
