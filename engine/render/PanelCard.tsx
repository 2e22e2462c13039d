import { Anchor, Group, Paper, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { evaluateCondition } from '../params/evaluateCondition';
import type { Panel } from '../types/dashboard';
import { fillTemplate } from '../widgets/text/fillTemplate';
import { PanelErrorBoundary } from './PanelErrorBoundary';
import { usePageRuntime } from './pageRuntime';
import { WidgetHost } from './WidgetHost';

/** A panel card: title, header link, info popover, and its blocks of widgets in an error boundary. */
export function PanelCard({ name, panel }: { name: string; panel: Panel }) {
  const { params, host } = usePageRuntime();
  const title = fillTemplate(panel.title, params, undefined);
  const navigate = host.navigate ?? ((route: string) => window.location.assign(route));
  return (
    <Paper
      withBorder={panel.bordered !== false}
      p="md"
      radius="md"
      data-testid={`panel-${name}`}
      style={{ flex: 1, minWidth: 0 }}
    >
      <Group justify="space-between" mb="sm">
        <Group gap={6}>
          <Text fw={700}>{title}</Text>
          {panel.info && (
            <Popover width={300} withArrow>
              <Popover.Target>
                <UnstyledButton aria-label={`About ${title}`}>ⓘ</UnstyledButton>
              </Popover.Target>
              <Popover.Dropdown>
                {panel.info.title && <Text fw={600}>{panel.info.title}</Text>}
                <Text size="sm">{panel.info.content}</Text>
              </Popover.Dropdown>
            </Popover>
          )}
        </Group>
        {panel.link && (
          <Anchor component="button" type="button" onClick={() => navigate(panel.link!.route)}>
            {panel.link.label ?? 'View Details'}
          </Anchor>
        )}
      </Group>
      <PanelErrorBoundary title={title}>
        <Stack gap="md">
          {panel.blocks.map((block, i) =>
            evaluateCondition(block.when, params) ? (
              <Group
                // biome-ignore lint/suspicious/noArrayIndexKey: blocks are fixed by the definition
                key={i}
                align="flex-start"
                wrap="wrap"
                style={{ flexDirection: block.direction === 'column' ? 'column' : 'row' }}
              >
                {block.widgets.map((w, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: widgets are fixed by the definition
                  <div key={j} style={{ flex: w.span ?? 1, minWidth: 0 }}>
                    <WidgetHost widget={w} />
                  </div>
                ))}
              </Group>
            ) : null,
          )}
        </Stack>
      </PanelErrorBoundary>
    </Paper>
  );
}
