import { Button, Group, Select, Text } from '@mantine/core';
import { CLOSED_UNMOUNTED } from '../../render/comboboxProps';
import { entriesLabel, pageList } from './pageList';

/** Paginator props: 0-based page index, page size and the total row count. */
export interface PaginatorProps {
  pageIndex: number;
  pageSize: number;
  pageSizes: number[];
  total: number;
  shown: number;
  onPage: (pageIndex: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** Page size chooser, 'Show {n} of {total} Entries', Previous / page numbers / Next. */
export function Paginator({
  pageIndex,
  pageSize,
  pageSizes,
  total,
  shown,
  onPage,
  onPageSize,
}: PaginatorProps) {
  const pageCount = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  return (
    <Group justify="space-between" mt="sm" data-testid="paginator">
      <Group gap="xs">
        <Select
          aria-label="Page size"
          w={80}
          data={pageSizes.map(String)}
          value={String(pageSize)}
          onChange={(v) => v && onPageSize(Number(v))}
          allowDeselect={false}
          comboboxProps={CLOSED_UNMOUNTED}
        />
        <Text size="sm">{entriesLabel(shown, total)}</Text>
      </Group>
      <Group gap={4}>
        <Button size="xs" variant="default" disabled={pageIndex === 0} onClick={() => onPage(pageIndex - 1)}>
          Previous
        </Button>
        {pageList(pageCount, pageIndex + 1).map((p, i) =>
          p === '...' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: ellipses have no identity but their place
            <Text key={`gap-${i}`} size="sm" px={4}>
              ...
            </Text>
          ) : (
            <Button
              key={p}
              size="xs"
              variant={p === pageIndex + 1 ? 'filled' : 'default'}
              aria-current={p === pageIndex + 1 ? 'page' : undefined}
              onClick={() => onPage(p - 1)}
            >
              {p}
            </Button>
          ),
        )}
        <Button
          size="xs"
          variant="default"
          disabled={pageIndex >= pageCount - 1}
          onClick={() => onPage(pageIndex + 1)}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
