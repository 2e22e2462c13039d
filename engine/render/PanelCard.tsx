import { Anchor, Group, Paper, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { evaluateCondition } from '../params/evaluateCondition';
import type { Panel } from '../types/dashboard';
import { fillTemplate } from '../widgets/text/fillTemplate';
import { InfoIcon } from './InfoIcon';
import { PanelBlock } from './PanelBlock';
import { PanelErrorBoundary } from './PanelErrorBoundary';
import { usePageRuntime } from './pageRuntime';

/** A panel card: title, header link, info popover, and its blocks of widgets in an error boundary. */
export function PanelCard({ name, panel }: { name: string; panel: Panel }) {
  const { params, host } = usePageRuntime();
  const title = fillTemplate(panel.title, params, undefined);
  const framed = panel.bordered !== false;
  const navigate = host.navigate ?? ((route: string) => window.location.assign(route));
  const [infoOpened, setInfoOpened] = useState(false);
  return (
    <Paper
      withBorder={framed}
      // An unframed panel (a row of tiles, say) sits straight on the page: no card behind it.
      p={framed ? 'md' : 0}
      bg={framed ? undefined : 'transparent'}
      radius="md"
      data-testid={`panel-${name}`}
      // Panels of a layout row sit side by side from 992 px, one per line below.
      flex={{ base: '1 1 100%', md: '1 1 0%' }}
      miw={0}
    >
      {(title || panel.info || panel.link) && (
        <Group justify="space-between" align="center" gap="xs" mb="sm" wrap="nowrap">
          <Text fw={700} miw={0}>
            {title}
            {panel.info && (
              <Popover
                width={300}
                withArrow
                shadow="md"
                position="bottom-start"
                opened={infoOpened}
                onChange={setInfoOpened}
              >
                <Popover.Target>
                  <UnstyledButton
                    aria-label={`About ${title}`}
                    aria-expanded={infoOpened}
                    onClick={() => setInfoOpened((o) => !o)}
                    // Opened from the keyboard, focus stays here: Escape closes it from here too.
                    onKeyDown={(event) => {
                      if (event.key === 'Escape' && infoOpened) {
                        event.stopPropagation();
                        setInfoOpened(false);
                      }
                    }}
                    c="dimmed"
                    ml={6}
                    // Inline after the last word, so a wrapped title keeps its icon beside it.
                    style={{ display: 'inline-flex', verticalAlign: '-2px' }}
                  >
                    <InfoIcon />
                  </UnstyledButton>
                </Popover.Target>
                <Popover.Dropdown>
                  {panel.info.title && <Text fw={600}>{panel.info.title}</Text>}
                  <Text size="sm">{panel.info.content}</Text>
                </Popover.Dropdown>
              </Popover>
            )}
          </Text>
          {panel.link && (
            <Anchor
              href={panel.link.route}
              size="sm"
              style={{ flexShrink: 0 }}
              onClick={(event) => {
                // A plain click stays in the app; with a modifier or the middle button the browser
                // opens the link in a new tab or window, as any link does.
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                  return;
                event.preventDefault();
                navigate(panel.link!.route);
              }}
            >
              {panel.link.label ?? 'View Details'}
            </Anchor>
          )}
        </Group>
      )}
      <PanelErrorBoundary title={title} resetKey={host.applyCount} describe={host.describeError}>
        <Stack gap="md">
          {panel.blocks.map((block, i) =>
            evaluateCondition(block.when, params) ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: blocks are fixed by the definition
              <PanelBlock key={i} block={block} />
            ) : null,
          )}
        </Stack>
      </PanelErrorBoundary>
    </Paper>
  );
}
