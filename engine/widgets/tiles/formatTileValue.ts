import { displayText } from '../../format/displayText';
import { formatMinutes } from '../../format/formatDuration';
import { formatPercent, formatTileNumber, toNumber } from '../../format/formatNumber';
import type { Tile } from '../../types/dashboard';

/** A tile value by its format: percent drops decimals, percent2 keeps 2, minutes, else number rules. */
export function formatTileValue(value: unknown, format: Tile['format'], sub = false): string {
  if (toNumber(value) === undefined) return displayText.noData;
  switch (format) {
    case 'percent':
      return formatPercent(Math.round(toNumber(value)!), 0);
    case 'percent2':
      return formatPercent(Math.round(toNumber(value)! * 100) / 100, 2).replace(/\.00%$/, '%');
    case 'minutes':
      return formatMinutes(value);
    default:
      return formatTileNumber(value, sub);
  }
}

/** The main value of a tile: the field, or field / percentOf x 100. */
export function tileMainValue(tile: Tile, row: Record<string, unknown> | undefined): unknown {
  const value = row?.[tile.field];
  if (!tile.percentOf) return value;
  const n = toNumber(value);
  const d = toNumber(row?.[tile.percentOf]);
  return n === undefined || !d ? undefined : (n / d) * 100;
}
