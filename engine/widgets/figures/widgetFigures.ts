import type { Row } from '../../data/hostServices';
import { displayText } from '../../format/displayText';
import { formatPercent, toNumber } from '../../format/formatNumber';
import type { DetailValue, RingWidget, TilesWidget } from '../../types/dashboard';
import { formatTileValue, tileMainValue } from '../tiles/formatTileValue';
import { type Indicator, indicatorOf, toneColor } from '../tiles/indicator';
import { tileIndicator, tileMainText } from '../tiles/tileIndicator';

/**
 * One figure of a tiles or ring widget as the page shows it, in text: for a place that draws no
 * React (a message, a print-out). Every text is formatted by the widget's own rules.
 */
export interface WidgetFigure {
  title: string;
  /** The main value as the widget shows it ('1,234', '27%', 'No Data', an em dash), with its unit. */
  value: string;
  /** The unit at the end of `value` ('Minutes'), which the page draws smaller beside the number. */
  unit?: string;
  /** The comparison line ('Previous Period: 25%', 'Industry Avg. 78'), when the widget shows one. */
  comparison?: string;
  /** The detail line ('Qualified Calls 120'), when the widget has one. */
  detail?: string;
  /** The indicator beside the value, and its colour. */
  indicator?: Indicator & { color: string };
}

const arrow = { up: '\u25B2', down: '\u25BC', flat: '\u25AC' } as const;

/** The arrow character of an indicator. */
export const indicatorArrow = (i: Indicator): string => arrow[i.direction];

function detailText(detail: DetailValue | undefined, rows: readonly Row[]): string | undefined {
  if (!detail) return undefined;
  const value = rows[detail.row ?? 0]?.[detail.field];
  return `${detail.label} ${formatTileValue(value, detail.format ?? 'number', true)}`;
}

const withColor = (i: Indicator | undefined) => (i ? { ...i, color: toneColor[i.tone] } : undefined);

/** The figures of a tiles widget (one per tile) or a ring widget (one), from its source's rows. */
export function widgetFigures(widget: TilesWidget | RingWidget, rows: readonly Row[]): WidgetFigure[] {
  const row = rows[0];
  if (widget.kind === 'tiles')
    return widget.tiles.map((tile) => {
      const main = tileMainValue(tile, row);
      const previous = tile.previousField ? row?.[tile.previousField] : undefined;
      const hasMain = toNumber(main) !== undefined;
      const unit = tile.label && hasMain ? ` ${tile.label}` : '';
      const suffix = tile.previousSuffix && toNumber(previous) !== undefined ? ` ${tile.previousSuffix}` : '';
      return {
        title: tile.title,
        value: `${tileMainText(tile, main)}${unit}`,
        unit: unit ? tile.label : undefined,
        comparison: tile.previousField
          ? `${tile.previousLabel ? `${tile.previousLabel} ` : ''}${formatTileValue(previous, tile.format, true)}${suffix}`
          : undefined,
        detail: detailText(tile.detail, rows),
        indicator: withColor(tileIndicator(tile, main, previous)),
      };
    });
  const value = toNumber(row?.[widget.field]);
  const previous = widget.previousField ? row?.[widget.previousField] : undefined;
  const dashed = widget.dashWhenEmpty === true && !value;
  const text = dashed
    ? displayText.emDash
    : value === undefined
      ? displayText.noData
      : `${Math.round(Math.min(100, Math.max(0, value)))}%`;
  return [
    {
      title: widget.title ?? '',
      value: text,
      comparison:
        widget.previousField && widget.showPrevious !== false
          ? `${widget.previousLabel ?? 'Previous Period'}: ${formatPercent(previous, 0)}`
          : undefined,
      detail: detailText(widget.detail, rows),
      indicator: dashed
        ? undefined
        : withColor(indicatorOf(value, previous, widget.better ?? 'higher', widget.tie ?? 'positive')),
    },
  ];
}
