import { displayText } from '../../format/displayText';
import { toNumber } from '../../format/formatNumber';
import type { Tile } from '../../types/dashboard';
import { formatTileValue } from './formatTileValue';
import { type Indicator, indicatorOf } from './indicator';

/** A tile's main value as shown: an em dash for an empty one when the tile asks, else by its format. */
export const tileMainText = (tile: Tile, main: unknown): string =>
  tile.dashWhenEmpty && !toNumber(main) ? displayText.emDash : formatTileValue(main, tile.format);

/**
 * A tile's indicator, by the values as the tile shows them: none beside a main value that shows no
 * number (an em dash, 'No Data'), and two values that read the same ('5.02 … 5.02 min') are a tie,
 * whatever digits the tile does not show.
 */
export function tileIndicator(tile: Tile, main: unknown, previous: unknown): Indicator | undefined {
  if (!tile.better) return undefined;
  const shown = tileMainText(tile, main);
  if (shown === displayText.emDash || shown === displayText.noData) return undefined;
  const tie = shown === formatTileValue(previous, tile.format);
  return tie ? indicatorOf(0, 0, tile.better, tile.tie) : indicatorOf(main, previous, tile.better, tile.tie);
}
