import { Anchor, Group, Paper, Text, Tooltip } from '@mantine/core';
import { toNumber } from '../../format/formatNumber';
import { InfoIcon } from '../../render/InfoIcon';
import { usePageRuntime } from '../../render/pageRuntime';
import type { TilesWidget as TilesOptions } from '../../types/dashboard';
import type { WidgetProps } from '../widgetProps';
import { DetailLine } from './DetailLine';
import { formatTileValue, tileMainValue } from './formatTileValue';
import { toneColor } from './indicator';
import { tileIndicator, tileMainText } from './tileIndicator';

const arrow = { up: '\u25B2', down: '\u25BC', flat: '\u25AC' } as const;

/** Whether a tile value is a number to show (else the tile shows 'No Data'). */
const hasValue = (value: unknown) => toNumber(value) !== undefined;

/**
 * A row of metric tiles: main value, comparison value, indicator and info tooltip. A tile with a
 * link shows its main value as a link that runs the actions with the source's first row.
 */
export function TilesWidget({ widget, source }: WidgetProps<TilesOptions>) {
  const { runActions } = usePageRuntime();
  const row = source.rows[0];
  return (
    <Group align="stretch" gap="md" wrap="wrap" h="100%" data-testid={widget.id ?? 'tiles'}>
      {widget.tiles.map((tile) => {
        const main = tileMainValue(tile, row);
        const previous = tile.previousField ? row?.[tile.previousField] : undefined;
        const indicator = tileIndicator(tile, main, previous);
        return (
          <Paper key={tile.title} withBorder p="md" miw={0} flex="1 1 180px" data-testid="tile">
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Text fw={600}>{tile.title}</Text>
              {tile.tooltip && (
                <Tooltip label={tile.tooltip.content} multiline w={260} openDelay={500} closeDelay={100}>
                  <Text
                    span
                    c="dimmed"
                    role="img"
                    aria-label={tile.tooltip.title ?? 'info'}
                    style={{ display: 'inline-flex', flexShrink: 0 }}
                  >
                    <InfoIcon />
                  </Text>
                </Tooltip>
              )}
            </Group>
            {tile.subtitle && (
              <Text size="xs" c="dimmed">
                {tile.subtitle}
              </Text>
            )}
            <Group gap={6} align="baseline">
              <Text fz={28} fw={700} data-testid="tile-main">
                {tile.link && row ? (
                  <Anchor
                    component="button"
                    type="button"
                    fz="inherit"
                    fw="inherit"
                    onClick={() => runActions(tile.link, { row, value: main })}
                  >
                    {tileMainText(tile, main)}
                  </Anchor>
                ) : (
                  tileMainText(tile, main)
                )}
              </Text>
              {/* A unit belongs to a number: 'No Data' stands alone. */}
              {tile.label && hasValue(main) && <Text c="dimmed">{tile.label}</Text>}
              {indicator && (
                <Text
                  span
                  c={toneColor[indicator.tone]}
                  data-testid="tile-indicator"
                  data-tone={indicator.tone}
                >
                  {arrow[indicator.direction]}
                </Text>
              )}
            </Group>
            {tile.previousField && (
              <Text size="sm" c="dimmed" data-testid="tile-previous">
                {tile.previousLabel ? `${tile.previousLabel} ` : ''}
                {formatTileValue(previous, tile.format, true)}
                {tile.previousSuffix && hasValue(previous) ? ` ${tile.previousSuffix}` : ''}
              </Text>
            )}
            {tile.detail && <DetailLine detail={tile.detail} rows={source.rows} />}
          </Paper>
        );
      })}
    </Group>
  );
}
