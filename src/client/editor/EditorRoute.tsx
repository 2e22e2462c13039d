import { Alert, Group, Loader, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { HIDDEN_FILTER_BAR_FLAGS, useFilterBarFlags } from '../filter/filterBarConfig';
import { useSession } from '../session/useSession';
import { isDashboardEditor } from './editorAccess';

// CodeMirror and the schemas load with the editor only: the dashboards' first screen never pays for them.
const DashboardEditor = lazy(() => import('./DashboardEditor'));

function NotAnEditor() {
  useFilterBarFlags(HIDDEN_FILTER_BAR_FLAGS);
  return (
    <Alert color="gray" title="The dashboard editor is not available" data-testid="editor-refused">
      <Text size="sm">It is for analysts who may change the dashboards. Pick a dashboard from the menu.</Text>
    </Alert>
  );
}

/** /dashboard/editor: the live editor for holders of HawkEyeDashboardEditor=Write, a notice for others. */
export function EditorRoute() {
  const { user } = useSession();
  if (!isDashboardEditor(user)) return <NotAnEditor />;
  return (
    <Suspense
      fallback={
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      }
    >
      <DashboardEditor />
    </Suspense>
  );
}
