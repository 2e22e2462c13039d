import { Group, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useEffect, useRef, useState } from 'react';
import type { HostServices } from '../data/hostServices';
import { useSource } from '../data/useSource';
import type { NormalizedPage } from '../definitions/normalizedPage';
import { fillTemplate } from '../widgets/text/fillTemplate';
import { PanelCard } from './PanelCard';
import './dashboardPage.css';
import { PageRuntimeContext } from './pageRuntime';
import { usePageRuntimeState } from './usePageRuntimeState';

/** Props of DashboardPage: a normalized definition (from GET /api/dashboards) and the host's services. */
export interface DashboardPageProps {
  definition: NormalizedPage;
  host: HostServices;
}

function PageTitle({ definition }: { definition: NormalizedPage }) {
  const suffix = definition.titleSuffix;
  const source = useSource(suffix?.data);
  const text = suffix ? ` ${fillTemplate(suffix.text, {}, source.rows[0], suffix.placeholder)}` : '';
  return (
    <Title order={1} size="h2">
      {`${definition.title}${text}`}
    </Title>
  );
}

/**
 * Renders a page definition: its title and its panels row by row (again only when the definition or
 * the host's services change, not with every render of the host's page around it). Needs a QueryClientProvider
 * and a MantineProvider above it. Each apply of the global filter refetches the page's data.
 */
export const DashboardPage = memo(function DashboardPage({ definition, host }: DashboardPageProps) {
  const runtime = usePageRuntimeState(definition, host);
  const queryClient = useQueryClient();
  // Every visit fetches on entry (SPEC.md section 4): answers kept from an earlier visit are marked
  // stale before the page's widgets mount, so they draw at once from them and fetch again.
  useState(() => queryClient.invalidateQueries({ queryKey: ['dashboard-data'], refetchType: 'none' }));
  const lastApply = useRef(host.applyCount);
  useEffect(() => {
    if (host.applyCount === lastApply.current) return;
    lastApply.current = host.applyCount;
    // Same filter applied again: the keys do not change, so refetch explicitly; never cancel a
    // request a changed key has just started (that would send it twice).
    void queryClient.invalidateQueries({ queryKey: ['dashboard-data'] }, { cancelRefetch: false });
  }, [host.applyCount, queryClient]);

  return (
    <PageRuntimeContext.Provider value={runtime}>
      <Stack gap="md" data-testid={`dashboard-${definition.id}`}>
        <PageTitle definition={definition} />
        {/* Out of sight while a widget's code loads (dashboardPage.css): the panels appear at once. */}
        <div className="dashboard-panels" style={{ display: 'contents' }}>
          {definition.layout.map((row) => (
            <Group key={row.join(' ')} align="stretch" wrap="wrap" gap="md">
              {row.map((name) => (
                <PanelCard key={name} name={name} panel={definition.panels[name]} />
              ))}
            </Group>
          ))}
        </div>
      </Stack>
    </PageRuntimeContext.Provider>
  );
});
