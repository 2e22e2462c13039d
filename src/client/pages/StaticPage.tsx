import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface StaticPageProps {
  title: string;
  children?: ReactNode;
}

/** A placeholder page in the shell (the route's FilterBarHidden layout hides the filter bar). */
export function StaticPage({ title, children }: StaticPageProps) {
  return (
    <>
      <Title order={1} fz={26} mb="md">
        {title}
      </Title>
      <Paper withBorder p="lg" maw={760}>
        {children ?? <Text c="dimmed">This page is on its way.</Text>}
      </Paper>
    </>
  );
}
