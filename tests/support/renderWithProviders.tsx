import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MountPoint } from './mountPoint';

/**
 * Draws `node` afresh on `mount` (a new root: a new visit) inside what the app provides a page: a
 * new query cache (failed requests not retried) and Mantine in its test environment.
 */
export function renderWithProviders(mount: MountPoint, node: ReactNode): void {
  mount.unmount();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  mount.render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">{node}</MantineProvider>
    </QueryClientProvider>,
  );
}
