import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LogoMark } from '../shell/Logo';

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The centred card the sign-in, forgot-password and reset-password pages share. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  return (
    <Box
      component="main"
      mih="100vh"
      style={{
        background:
          'radial-gradient(circle at 15% 10%, rgba(28,151,252,0.35), transparent 45%), linear-gradient(160deg, #14213a 0%, #1b2a41 55%, #0d5ab8 140%)',
      }}
    >
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={420} gap="lg">
          <Stack align="center" gap={8}>
            <LogoMark size={64} />
            <Text c="white" fw={700} fz={30} style={{ letterSpacing: '-0.02em' }}>
              Hawk<span style={{ fontWeight: 400 }}>Eye</span>
            </Text>
            <Text c="slate.2" fz="sm" ta="center">
              Call analytics and communication performance for leasing teams
            </Text>
          </Stack>
          <Paper shadow="xl" p={{ base: 'lg', xs: 32 }} radius="lg">
            <Title order={1} fz={22} mb={subtitle ? 4 : 'md'}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" fz="sm" mb="md">
                {subtitle}
              </Text>
            )}
            {children}
          </Paper>
          <Text c="slate.3" fz="xs" ta="center">
            © {new Date().getFullYear()} LeaseHawk. All rights reserved.
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
