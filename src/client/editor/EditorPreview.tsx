import { Alert, Box, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { DashboardPage, type NormalizedPage } from '../../../engine';
import { useHostServices } from '../dashboards/useHostServices';
import { PreviewBoundary } from './PreviewBoundary';

interface EditorPreviewProps {
  /** The last valid definition of the file being edited. */
  definition?: NormalizedPage;
  /** A key that changes with each new valid definition (the page is drawn afresh). */
  version: string;
  /** The text being edited has errors: the preview shows an older version. */
  stale: boolean;
  /** No check has answered yet. */
  waiting: boolean;
}

/** The page drawn by the engine with real data and the applied global filter, as the dashboards do. */
export function EditorPreview({ definition, version, stale, waiting }: EditorPreviewProps) {
  const host = useHostServices();

  let body: React.ReactNode;
  if (definition) {
    body = (
      <PreviewBoundary resetKey={version}>
        <DashboardPage key={version} definition={definition} host={host} />
      </PreviewBoundary>
    );
  } else if (waiting) {
    body = (
      <Group justify="center" py="xl">
        <Loader size="sm" />
      </Group>
    );
  } else {
    body = (
      <Alert color="gray" title="Nothing to preview yet">
        <Text size="sm">
          This file has not been valid since it was opened. Fix the problems to see the page.
        </Text>
      </Alert>
    );
  }

  return (
    <Paper
      withBorder
      radius="md"
      className="dashboard-editor-preview"
      data-testid="editor-preview"
      data-preview-state={stale ? 'stale' : definition ? 'current' : 'empty'}
      data-applied-count={host.applyCount}
    >
      <Group px="md" py="xs" justify="space-between" className="dashboard-editor-pane-head">
        <Text fz="sm" fw={600}>
          Preview
        </Text>
        <Text fz="xs" c="dimmed">
          Real data, with the applied filter
        </Text>
      </Group>
      <Stack gap="sm" p="md">
        {stale && definition && (
          <Alert color="yellow" variant="light" data-testid="editor-preview-stale" py="xs">
            <Text size="sm">The text has errors: the preview keeps the last valid version.</Text>
          </Alert>
        )}
        <Box>{body}</Box>
      </Stack>
    </Paper>
  );
}
