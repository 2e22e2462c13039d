import { Group, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '../session/useSession';
import { isDashboardEditor } from './editorAccess';

// CodeMirror and the schemas load with the editor only: the dashboards' first screen never pays for them.
const DashboardEditor = lazy(() => import('./DashboardEditor'));

/**
 * /dashboard/editor: the live editor for holders of HawkEyeDashboardEditor=Write. For others it is an
 * unknown path, redirected as every other one (SPEC.md section 2: to /login, which sends a signed-in
 * user on to /dashboard).
 */
export function EditorRoute() {
  const { user } = useSession();
  if (!isDashboardEditor(user)) return <Navigate to="/login" replace />;
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
