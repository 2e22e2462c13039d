import { Group, Stack, Text, Tooltip } from '@mantine/core';
import { applyPipe } from '../../format/applyPipe';
import { displayText } from '../../format/displayText';
import type { Pipe, SummaryWidget as SummaryOptions } from '../../types/dashboard';
import type { WidgetProps } from '../widgetProps';

/**
 * A heading and label/value lines; a missing value shows the empty text with its tooltip, and
 * every value reads 'Loading...' until the first answer arrives.
 */
export function SummaryWidget({ widget, source }: WidgetProps<SummaryOptions>) {
  const first = source.rows[0];
  const byRows = widget.rows;
  const lines: { label: string; value: unknown; pipe?: Pipe; tooltip?: string }[] = byRows
    ? byRows.labels
      ? byRows.labels.map((label) => ({
          label,
          value: source.rows.find((r) => String(r[byRows.labelField]) === label)?.[byRows.valueField],
          pipe: byRows.pipe,
        }))
      : source.rows.map((r) => ({
          label: String(r[byRows.labelField]),
          value: r[byRows.valueField],
          pipe: byRows.pipe,
        }))
    : (widget.items ?? []).map((i) => ({
        label: i.label,
        value: first?.[i.field],
        pipe: i.pipe,
        tooltip: i.tooltip,
      }));
  const empty = widget.empty ?? '-';
  // Before the first answer every value reads 'Loading...' (SPEC.md section 5), not the empty text.
  const loading = Boolean(widget.data) && !source.isLoaded;
  return (
    <Stack gap={4} data-testid={widget.id ?? 'summary'}>
      {widget.title && <Text fw={700}>{widget.title}</Text>}
      {lines.map((l) => {
        const missing = l.value === null || l.value === undefined || l.value === '';
        return (
          <Group key={l.label} justify="space-between">
            <Text size="sm">{l.label}</Text>
            {loading ? (
              <Text size="sm" c="dimmed">
                {displayText.loading}
              </Text>
            ) : missing ? (
              <Tooltip label={widget.emptyTooltip ?? 'no data'}>
                <Text size="sm">{empty}</Text>
              </Tooltip>
            ) : (
              <Text size="sm" fw={600} title={l.tooltip}>
                {applyPipe(l.value, l.pipe)}
              </Text>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
