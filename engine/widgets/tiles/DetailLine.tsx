import { Text } from '@mantine/core';
import type { Row } from '../../data/hostServices';
import type { DetailValue } from '../../types/dashboard';
import { formatTileValue } from './formatTileValue';

/** The 'label value' line of a tile's or ring's detail, read from the detail's row of the source. */
export function DetailLine({ detail, rows }: { detail: DetailValue; rows: readonly Row[] }) {
  const value = rows[detail.row ?? 0]?.[detail.field];
  return (
    <Text size="sm" c="dimmed" data-testid="detail">
      {`${detail.label} ${formatTileValue(value, detail.format ?? 'number', true)}`}
    </Text>
  );
}
