import { Stack, Text } from '@mantine/core';
import { displayText } from '../../format/displayText';
import { formatPercent, toNumber } from '../../format/formatNumber';
import type { RingWidget as RingOptions } from '../../types/dashboard';
import { DetailLine } from '../tiles/DetailLine';
import { indicatorOf, toneColor } from '../tiles/indicator';
import type { WidgetProps } from '../widgetProps';
import { useCountUp } from './useCountUp';

interface RingFaceProps {
  /** The percentage the ring counts up to (0-100). */
  percent: number;
  size: number;
  color: string;
  label: string;
  /** What the centre says instead of the count (a dash, 'No Data'). */
  text?: string;
}

/**
 * The ring itself, counting up: only this redraws on each frame of the count, not the title, the
 * previous value and the detail line around it.
 */
function RingFace({ percent, size, color, label, text }: RingFaceProps) {
  const shown = useCountUp(percent);
  const r = size / 2 - 12;
  const circumference = 2 * Math.PI * r;
  return (
    <svg width={size} height={size} role="img" aria-label={label}>
      <circle cx={size / 2} cy={size / 2} r={r} stroke="#E9ECEF" strokeWidth={14} fill="none" />
      <circle
        cx={size / 2}
        cy={size / 2}
        r={r}
        stroke={color}
        strokeWidth={14}
        fill="none"
        strokeDasharray={`${(shown / 100) * circumference} ${circumference}`}
        transform={`rotate(-90 ${size / 2} ${size / 2})`}
      />
      <text x="50%" y="50%" textAnchor="middle" dominantBaseline="middle" fontSize={24} fontWeight={700}>
        {text ?? `${shown}%`}
      </text>
    </svg>
  );
}

/** A ring showing a percentage, coloured by comparison with the previous value, counting up. */
export function RingWidget({ widget, source }: WidgetProps<RingOptions>) {
  const row = source.rows[0];
  const value = toNumber(row?.[widget.field]);
  const previous = widget.previousField ? row?.[widget.previousField] : undefined;
  // A rate with nothing to rate (missing or zero, e.g. no appointments) is an em dash, uncoloured.
  const dashed = widget.dashWhenEmpty === true && !value;
  // Without a comparison value there is nothing to beat: the ring takes its noComparison tone.
  const tone = dashed
    ? 'neutral'
    : (indicatorOf(value, previous, widget.better ?? 'higher', widget.tie ?? 'positive')?.tone ??
      (toNumber(value) !== undefined ? (widget.noComparison ?? 'neutral') : 'neutral'));
  return (
    <Stack align="center" gap={4} data-testid={widget.id ?? 'ring'} data-tone={tone}>
      {widget.title && <Text fw={600}>{widget.title}</Text>}
      <RingFace
        percent={Math.min(100, Math.max(0, value ?? 0))}
        size={widget.size ?? 180}
        color={toneColor[tone]}
        label={widget.title ?? 'ring'}
        text={dashed ? displayText.emDash : value === undefined ? displayText.noData : undefined}
      />
      {widget.previousField && widget.showPrevious !== false && (
        <Text size="sm" c="dimmed" data-testid="ring-previous">
          {widget.previousLabel ?? 'Previous Period'}: {formatPercent(previous, 0)}
        </Text>
      )}
      {widget.detail && <DetailLine detail={widget.detail} rows={source.rows} />}
    </Stack>
  );
}
