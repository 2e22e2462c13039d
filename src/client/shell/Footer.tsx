import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

/** The version shown in the footer: the build's APP_VERSION, or 'local build' when none was given. */
export function appVersion(): string {
  const v = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__.trim() : '';
  return v || 'local build';
}

/** Footer: version, copyright year, Privacy Policy and Terms of Use. */
export function Footer() {
  return (
    <Group
      component="footer"
      justify="space-between"
      gap="xs"
      py="md"
      mt="xl"
      data-testid="footer"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Text fz="xs" c="dimmed">
        © {new Date().getFullYear()} LeaseHawk · HawkEye <span data-testid="app-version">{appVersion()}</span>
      </Text>
      <Group gap="md">
        <Anchor component={Link} to="/privacy-policy" fz="xs" className="footer-link">
          Privacy Policy
        </Anchor>
        <Anchor component={Link} to="/terms-of-use" fz="xs" className="footer-link">
          Terms of Use
        </Anchor>
      </Group>
    </Group>
  );
}
