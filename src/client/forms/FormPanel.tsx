import { Box, Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The widest a form page grows (SPEC.md section 9). */
export const FORM_MAX_WIDTH = 760;

/** Props of a form page's frame. */
export interface FormPanelProps {
  title: string;
  /** The panel's header: text, or text with an icon. */
  header: ReactNode;
  children: ReactNode;
}

/** A form page: the page title, then a card with a header and the form, at most 760 px wide. */
export function FormPanel({ title, header, children }: FormPanelProps) {
  return (
    <Box maw={FORM_MAX_WIDTH}>
      <Title order={1} fz={26} mb="md">
        {title}
      </Title>
      <Paper withBorder radius="md">
        <Group px="lg" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Title order={2} fz={18}>
            {header}
          </Title>
        </Group>
        <Box p="lg">{children}</Box>
      </Paper>
    </Box>
  );
}
