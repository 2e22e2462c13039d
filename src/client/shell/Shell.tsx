import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { DashboardMenuProvider } from '../dashboards/DashboardMenuProvider';
import { FilterBar } from '../filter/FilterBar';
import { FilterProvider } from '../filter/FilterProvider';
import { FilterBarConfigProvider } from '../filter/filterBarConfig';
import { setMessageSlot } from '../messages/messageBus';
import { usePathname } from '../routes/pathname';
import { SIDE_MENU_WIDTH } from '../theme/theme';
import { useMobileLayout } from '../theme/useMobileLayout';
import { Footer } from './Footer';
import { SideMenu } from './SideMenu';
import { ShellActionsContext } from './shellActions';
import { TopBar } from './TopBar';

// The impersonation dialog loads when first opened: only all-account users ever open it.
const ImpersonateModal = lazy(async () => ({
  default: (await import('./ImpersonateModal')).ImpersonateModal,
}));

// The overlay menu loads on a phone-sized screen only: with the drawer and its scroll lock, about
// 4 kB gzip a desktop never needs.
const MobileMenu = lazy(async () => ({ default: (await import('./MobileMenu')).MobileMenu }));

/** True from the first render where `value` is true on (so a closed dialog keeps its exit animation). */
function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

/** The signed-in layout: top bar, side menu (overlay at ≤ 767 px), filter bar, routed content, footer. */
export function Shell() {
  const [menuOpened, menu] = useDisclosure(false);
  const [impersonating, setImpersonating] = useState(false);
  const mobile = useMobileLayout();
  const pathname = usePathname();
  const actions = useMemo(() => ({ openImpersonation: () => setImpersonating(true) }), []);

  const menuShown = Boolean(mobile) && menuOpened;
  const impersonationMounted = useOnceTrue(impersonating);
  const mobileMenuMounted = useOnceTrue(Boolean(mobile));

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
            <Suspense fallback={null}>
              {mobileMenuMounted && <MobileMenu opened={menuShown} onClose={menu.close} />}
            </Suspense>
            <Suspense fallback={null}>
              {impersonationMounted && (
                <ImpersonateModal opened={impersonating} onClose={() => setImpersonating(false)} />
              )}
            </Suspense>
          </FilterProvider>
        </FilterBarConfigProvider>
      </DashboardMenuProvider>
    </ShellActionsContext.Provider>
  );
}
