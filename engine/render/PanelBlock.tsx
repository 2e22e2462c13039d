import { Box, Group, SimpleGrid } from '@mantine/core';
import { evaluateCondition } from '../params/evaluateCondition';
import type { Block } from '../types/dashboard';
import { blockLayout } from './blockLayout';
import { usePageRuntime } from './pageRuntime';
import { WidgetHost } from './WidgetHost';

/** One block of a panel: a row sharing the width, a wrapping toolbar, a grid, or a column. */
export function PanelBlock({ block }: { block: Block }) {
  const { params } = usePageRuntime();
  const { mode, leading, trailing } = blockLayout(block, (w) => evaluateCondition(w.when, params));

  if (mode === 'grid' && block.columns) {
    const { base, sm, md, lg } = block.columns;
    return (
      <SimpleGrid cols={{ base, sm: sm ?? base, md: md ?? sm ?? base, lg: lg ?? md ?? sm ?? base }}>
        {leading.map(({ widget, index }) => (
          <Box key={index} miw={0}>
            <WidgetHost widget={widget} />
          </Box>
        ))}
      </SimpleGrid>
    );
  }

  if (mode === 'toolbar') {
    const part = (items: typeof leading) => (
      <Group gap="sm" align="flex-end" wrap="wrap" maw="100%">
        {items.map(({ widget, index }) => (
          <Box key={index} maw="100%">
            <WidgetHost widget={widget} />
          </Box>
        ))}
      </Group>
    );
    return (
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap" data-block-layout="toolbar">
        {part(leading)}
        {trailing.length > 0 && part(trailing)}
      </Group>
    );
  }

  if (block.direction === 'column') {
    return (
      <Group align="stretch" gap="md" style={{ flexDirection: 'column' }}>
        {leading.map(({ widget, index }) => (
          <Box key={index} miw={0}>
            <WidgetHost widget={widget} />
          </Box>
        ))}
      </Group>
    );
  }

  // Side by side from 992 px, sharing the width by span; one per line below (tablets, phones).
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      {leading.map(({ widget, index }) => (
        <Box key={index} miw={0} flex={{ base: '1 1 100%', md: `${widget.span ?? 1} 1 0%` }}>
          <WidgetHost widget={widget} />
        </Box>
      ))}
    </Group>
  );
}
