import { AppShell, Drawer } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { DashboardMenuProvider } from '../dashboards/DashboardMenuProvider';
import { FilterBar } from '../filter/FilterBar';
import { FilterProvider } from '../filter/FilterProvider';
import { FilterBarConfigProvider } from '../filter/filterBarConfig';
import { setMessageSlot } from '../messages/messageBus';
import { SIDE_MENU_WIDTH } from '../theme/theme';
import { useMobileLayout } from '../theme/useMobileLayout';
import { Footer } from './Footer';
import { ImpersonateModal } from './ImpersonateModal';
import { SideMenu } from './SideMenu';
import { ShellActionsContext } from './shellActions';
import { TopBar } from './TopBar';

/** The signed-in layout: top bar, side menu (overlay at ≤ 767 px), filter bar, routed content, footer. */
export function Shell() {
  const [menuOpened, menu] = useDisclosure(false);
  const [impersonating, setImpersonating] = useState(false);
  const mobile = useMobileLayout();
  const { pathname } = useLocation();
  const actions = useMemo(() => ({ openImpersonation: () => setImpersonating(true) }), []);

  const closeMenu = menu.close;
  // The overlay never stays open across a navigation or a resize to desktop.
  useEffect(() => {
    if (!mobile) closeMenu();
  }, [mobile, closeMenu]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every path change
  useEffect(() => closeMenu(), [pathname, closeMenu]);

  return (
    <ShellActionsContext.Provider value={actions}>
      <DashboardMenuProvider>
        <FilterBarConfigProvider>
          <FilterProvider>
            <AppShell
              header={{ height: 60 }}
              navbar={{ width: SIDE_MENU_WIDTH, breakpoint: 'sm', collapsed: { mobile: true } }}
              padding={{ base: 'sm', sm: 'lg' }}
            >
              <AppShell.Header withBorder={false}>
                <TopBar menuOpened={menuOpened} onToggleMenu={menu.toggle} />
              </AppShell.Header>
              <AppShell.Navbar className="side-menu" withBorder={false} visibleFrom="sm">
                <SideMenu />
              </AppShell.Navbar>
              <AppShell.Main
                style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}
                data-testid="shell-main"
              >
                {/* The message bar's place: under the top bar, above the filter bar. */}
                <div ref={setMessageSlot} />
                <FilterBar />
                <div style={{ flex: 1 }}>
                  <Outlet />
                </div>
                <Footer />
              </AppShell.Main>
            </AppShell>
            <Drawer.Root
              opened={Boolean(mobile) && menuOpened}
              onClose={menu.close}
              size={280}
              padding={0}
              lockScroll
              data-testid="menu-overlay"
              zIndex={99}
            >
              <Drawer.Overlay backgroundOpacity={0.45} blur={1} />
              <Drawer.Content aria-label="Menu" bg="white">
                <Drawer.Body h="100%" pt={60}>
                  <SideMenu mobile onNavigate={menu.close} />
                </Drawer.Body>
              </Drawer.Content>
            </Drawer.Root>
            <ImpersonateModal opened={impersonating} onClose={() => setImpersonating(false)} />
          </FilterProvider>
        </FilterBarConfigProvider>
      </DashboardMenuProvider>
    </ShellActionsContext.Provider>
  );
}
