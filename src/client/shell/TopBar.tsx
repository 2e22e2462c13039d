import { Avatar, Box, Burger, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CodeIcon } from '../editor/CodeIcon';
import { EDITOR_PATH, isDashboardEditor } from '../editor/editorAccess';
import { EMAIL_ALERTS_PATH } from '../routes/viewInUrl';
import { canImpersonate } from '../session/sessionStore';
import { signOut } from '../session/signOut';
import { useSession } from '../session/useSession';
import { BellIcon, ChevronDownIcon, HeartIcon, LifebuoyIcon, LogoutIcon, MaskIcon } from '../widgets/icons';
import { Logo } from './Logo';
import { useShellActions } from './shellActions';

interface TopBarProps {
  menuOpened: boolean;
  onToggleMenu: () => void;
}

function initials(first?: string, last?: string, username?: string): string {
  const s = `${first?.[0] ?? ''}${last?.[0] ?? ''}`;
  return (s || username?.slice(0, 2) || '?').toUpperCase();
}

/** The top bar: logo, impersonation notice, and the account dropdown. */
export function TopBar({ menuOpened, onToggleMenu }: TopBarProps) {
  const session = useSession();
  const { user, impersonation } = session;
  const { openImpersonation } = useShellActions();
  const impersonating = impersonation.isImpersonating;
  const userInitials = initials(user?.firstName, user?.lastName, user?.username);
  const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');

  return (
    <Group
      h="100%"
      px="md"
      justify="space-between"
      wrap="nowrap"
      className={`top-bar${impersonating ? ' top-bar--impersonating' : ''}`}
      data-testid="top-bar"
      data-impersonating={impersonating || undefined}
    >
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="sm"
          size="sm"
          color="white"
          aria-label={menuOpened ? 'Close menu' : 'Open menu'}
          data-testid="menu-toggle"
        />
        <Box component={Link} to="/dashboard" aria-label="HawkEye home" style={{ textDecoration: 'none' }}>
          {/* While impersonating, a phone gives the wordmark's room to the impersonated name. */}
          <Logo grey={impersonating} size={34} textVisibleFrom={impersonating ? 'sm' : undefined} />
        </Box>
      </Group>
      {impersonating && (
        <Text
          fw={600}
          fz={{ base: 'xs', sm: 'sm' }}
          c="white"
          data-testid="impersonating"
          lineClamp={2}
          // A name too long for two lines on a phone is cut: the whole of it on hover, and in the
          // account menu (a tap on a touch screen).
          title={`Impersonating: ${fullName}`}
          ta="center"
          style={{ flex: '0 1 auto', minWidth: 0, lineHeight: 1.25 }}
        >
          Impersonating: {fullName}
        </Text>
      )}
      <Menu
        position="bottom-end"
        shadow="lg"
        width={240}
        withinPortal
        // No focus placeholder: a role=presentation child is not allowed inside role=menu.
        withInitialFocusPlaceholder={false}
      >
        <Menu.Target>
          <UnstyledButton
            className="top-bar-account"
            data-testid="account-menu"
            // The name starts with what the button shows (WCAG 2.5.3, label in name).
            aria-label={`${userInitials} ${user?.username ?? ''} account menu`}
            px={8}
            py={6}
            style={{ borderRadius: 8, color: 'white' }}
          >
            <Group gap={8} wrap="nowrap">
              <Avatar size={30} radius="xl" color={impersonating ? 'gray' : 'hawk'} variant="filled">
                {userInitials}
              </Avatar>{' '}
              <Text fz="sm" fw={500} visibleFrom="sm" c="white">
                {user?.username}
              </Text>
              <ChevronDownIcon size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Box px="sm" py={8}>
            <Text fz="xs" c="dimmed">
              Signed in as
            </Text>
            {/* Whole, on as many lines as it takes: a phone shows no hover title. */}
            <Text fz="sm" fw={600} data-testid="signed-in-as" style={{ overflowWrap: 'anywhere' }}>
              {user?.username}
            </Text>
            {impersonating && (
              <>
                <Text fz="xs" c="dimmed" mt={6}>
                  Impersonating
                </Text>
                <Text fz="sm" fw={600} data-testid="impersonated-name" style={{ overflowWrap: 'anywhere' }}>
                  {fullName}
                </Text>
              </>
            )}
          </Box>
          <Menu.Divider />
          <Menu.Item
            component={Link}
            to={EMAIL_ALERTS_PATH}
            leftSection={<BellIcon size={16} />}
            data-testid="menu-email-alerts"
          >
            Email &amp; alerts
          </Menu.Item>
          <Menu.Item component={Link} to="/request-support" leftSection={<LifebuoyIcon size={16} />}>
            Request Support
          </Menu.Item>
          <Menu.Item component={Link} to="/share-feedback" leftSection={<HeartIcon size={16} />}>
            Share Feedback
          </Menu.Item>
          {isDashboardEditor(user) && (
            <Menu.Item
              component={Link}
              to={EDITOR_PATH}
              leftSection={<CodeIcon size={16} />}
              data-testid="menu-editor"
            >
              Editor
            </Menu.Item>
          )}
          {canImpersonate(session) && (
            <Menu.Item onClick={openImpersonation} leftSection={<MaskIcon size={16} />}>
              Impersonate User
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item color="red" onClick={signOut} leftSection={<LogoutIcon size={16} />}>
            Sign Out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
