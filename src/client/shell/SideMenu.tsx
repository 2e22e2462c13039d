import { Box, Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CodeIcon } from '../editor/CodeIcon';
import { EDITOR_PATH, isDashboardEditor } from '../editor/editorAccess';
import { usePathname } from '../routes/pathname';
import { EMAIL_ALERTS_PATH } from '../routes/viewInUrl';
import { canImpersonate } from '../session/sessionStore';
import { signOut } from '../session/signOut';
import { useSession } from '../session/useSession';
import {
  BellIcon,
  ChartPieIcon,
  GaugeIcon,
  HeartIcon,
  HomeIcon,
  LifebuoyIcon,
  LogoutIcon,
  MaskIcon,
  MessagesIcon,
  PhoneIcon,
  UsersIcon,
} from '../widgets/icons';
import { type MenuEntry, menuTree, normalizePath } from './menu';
import { useMenuEntries } from './menuEntries';
import { useShellActions } from './shellActions';

/** Icons a menu entry may name. */
export const MENU_ICONS: Record<string, () => React.ReactNode> = {
  home: () => <HomeIcon />,
  pie: () => <ChartPieIcon />,
  phone: () => <PhoneIcon />,
  users: () => <UsersIcon />,
  messages: () => <MessagesIcon />,
  gauge: () => <GaugeIcon />,
};

interface SideMenuProps {
  /** The overlay variant (≤ 767 px) adds the 'General' section. */
  mobile?: boolean;
  /** Called after any item click (the overlay closes). */
  onNavigate?: () => void;
}

function Item({
  entry,
  active,
  onNavigate,
  nested,
}: {
  entry: MenuEntry;
  active: boolean;
  onNavigate?: () => void;
  nested?: boolean;
}) {
  const icon = entry.icon ? MENU_ICONS[entry.icon]?.() : undefined;
  return (
    <NavLink
      component={Link}
      to={entry.path}
      label={entry.label}
      active={active}
      aria-current={active ? 'page' : undefined}
      data-active={active || undefined}
      leftSection={icon}
      onClick={onNavigate}
      variant="light"
      pl={nested ? 24 : 10}
      pr={8}
      styles={{ label: { fontSize: 14, fontWeight: active ? 600 : 500, whiteSpace: 'nowrap' } }}
      style={{ borderRadius: 8 }}
    />
  );
}

/** The side menu: dashboard routes, collapsible sections, and in the overlay the 'General' section. */
export function SideMenu({ mobile = false, onNavigate }: SideMenuProps) {
  const pathname = usePathname();
  const session = useSession();
  const { openImpersonation } = useShellActions();
  const entries = useMenuEntries();
  const current = normalizePath(pathname);
  const isActive = (path: string) => normalizePath(path) === current;
  const tree = menuTree(entries);
  const [openSections, setOpenSections] = useState<Record<string, boolean>>({});

  // A section opens when one of its items becomes active, and stays open until closed by hand. It
  // opens in the render that makes the item active (React renders again at once, before anything
  // is drawn): opened by an effect, its Collapse slid open on every page load.
  const [openedFor, setOpenedFor] = useState<{ current: string; entries: typeof entries }>();
  if (openedFor?.current !== current || openedFor.entries !== entries) {
    setOpenedFor({ current, entries });
    const opening = tree.flatMap((node) =>
      node.kind === 'section' && !openSections[node.title] && node.entries.some((e) => isActive(e.path))
        ? [node.title]
        : [],
    );
    if (opening.length > 0)
      setOpenSections({ ...openSections, ...Object.fromEntries(opening.map((title) => [title, true])) });
  }

  return (
    <ScrollArea h="100%" type="auto">
      <Stack gap={2} px={8} py="sm" component="nav" aria-label="Main menu" data-testid="side-menu">
        {tree.map((node) =>
          node.kind === 'item' ? (
            <Item
              key={node.entry.path}
              entry={node.entry}
              active={isActive(node.entry.path)}
              onNavigate={onNavigate}
            />
          ) : (
            <NavLink
              key={node.title}
              component="button"
              label={node.title}
              opened={Boolean(openSections[node.title])}
              onChange={(o) => setOpenSections((s) => ({ ...s, [node.title]: o }))}
              childrenOffset={0}
              data-testid="menu-section"
              aria-expanded={Boolean(openSections[node.title])}
              pl={10}
              pr={8}
              // No icon, as no item has one: every label starts at one edge. One line, as the items are.
              styles={{ label: { fontSize: 14, fontWeight: 500, whiteSpace: 'nowrap' } }}
              style={{ borderRadius: 8 }}
            >
              {node.entries.map((e) => (
                <Item key={e.path} entry={e} nested active={isActive(e.path)} onNavigate={onNavigate} />
              ))}
            </NavLink>
          ),
        )}
        {mobile && (
          <Box mt="md">
            <Divider mb="sm" />
            <Text
              fz={11}
              fw={700}
              c="dimmed"
              tt="uppercase"
              px="sm"
              mb={4}
              style={{ letterSpacing: '0.06em' }}
            >
              General
            </Text>
            <NavLink
              component={Link}
              to={EMAIL_ALERTS_PATH}
              label="Email & alerts"
              leftSection={<BellIcon />}
              onClick={onNavigate}
              active={current === EMAIL_ALERTS_PATH}
              style={{ borderRadius: 8 }}
            />
            <NavLink
              component={Link}
              to="/request-support"
              label="Request Support"
              leftSection={<LifebuoyIcon />}
              onClick={onNavigate}
              active={current === '/request-support'}
              style={{ borderRadius: 8 }}
            />
            <NavLink
              component={Link}
              to="/share-feedback"
              label="Share Feedback"
              leftSection={<HeartIcon />}
              onClick={onNavigate}
              active={current === '/share-feedback'}
              style={{ borderRadius: 8 }}
            />
            {isDashboardEditor(session.user) && (
              <NavLink
                component={Link}
                to={EDITOR_PATH}
                label="Editor"
                leftSection={<CodeIcon />}
                onClick={onNavigate}
                active={current === EDITOR_PATH}
                data-testid="menu-editor"
                style={{ borderRadius: 8 }}
              />
            )}
            {canImpersonate(session) && (
              <NavLink
                label="Impersonate User"
                leftSection={<MaskIcon />}
                onClick={() => {
                  onNavigate?.();
                  openImpersonation();
                }}
                style={{ borderRadius: 8 }}
              />
            )}
            <NavLink
              label="Sign Out"
              leftSection={<LogoutIcon />}
              onClick={() => {
                onNavigate?.();
                signOut();
              }}
              style={{ borderRadius: 8 }}
            />
          </Box>
        )}
      </Stack>
    </ScrollArea>
  );
}
