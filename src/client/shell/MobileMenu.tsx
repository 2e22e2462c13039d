import { Drawer } from '@mantine/core';
import { SideMenu } from './SideMenu';

/** The side menu as an overlay dialog at ≤ 767 px, under the top bar. */
export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer.Root
      opened={opened}
      onClose={onClose}
      size={280}
      padding={0}
      lockScroll
      data-testid="menu-overlay"
      zIndex={99}
    >
      <Drawer.Overlay backgroundOpacity={0.45} blur={1} />
      <Drawer.Content aria-label="Menu" bg="white">
        <Drawer.Body h="100%" pt={60}>
          <SideMenu mobile onNavigate={onClose} />
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
