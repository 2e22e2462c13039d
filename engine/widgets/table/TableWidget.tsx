import { Anchor, ScrollArea, Table } from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Row } from '../../data/hostServices';
import { useSource } from '../../data/useSource';
import { usePageRuntime } from '../../render/pageRuntime';
import type { Column, TableWidget as TableOptions } from '../../types/dashboard';
import type { WidgetProps } from '../widgetProps';
import { cellText, totalText } from './cellText';
import { groupSpans } from './groupSpans';
import { nextSort } from './nextSort';
import { Paginator } from './Paginator';

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, Row>();
const arrows = { asc: ' \u25B2', desc: ' \u25BC' } as const;

/**
 * A server-side sorted and paged table. TanStack Table holds the column and row models; the page
 * and sort live in the page runtime because data sources send them to the server.
 */
export function TableWidget({ widget, source }: WidgetProps<TableOptions>) {
  const { tables, setTable, runActions } = usePageRuntime();
  const stateName = widget.state ?? widget.data;
  const state = tables[stateName] ?? { pageIndex: 0, pageSize: widget.pageSize ?? 10, sort: null };
  const totals = useSource(widget.totals?.data);
  const rows = source.rows;
  const total = source.total ?? totalFromRows(rows, widget.totalRows) ?? rows.length;
  const offset = state.pageIndex * Math.max(1, state.pageSize);

  const columns = useMemo(
    () =>
      widget.columns.map((c, i) => helper.accessor((row) => row[c.field], { id: `c${i}`, header: c.header })),
    [widget.columns],
  );
  const table = useTable({ features, columns, data: rows });
  const spans = useMemo(
    () => new Map(widget.columns.filter((c) => c.group).map((c) => [c.field, groupSpans(rows, c.field)])),
    [widget.columns, rows],
  );

  const sortBy = (c: Column) => {
    const field = c.sortField ?? c.field;
    setTable(stateName, { ...state, pageIndex: 0, sort: nextSort(state.sort, field) });
  };

  const viewport = useRef<HTMLDivElement>(null);
  const moreRight = useMoreRight(viewport, rows);

  return (
    <div data-testid={widget.id ?? `table-${widget.data}`}>
      <div style={{ position: 'relative' }}>
        <ScrollArea.Autosize
          mah={widget.maxHeight ?? 600}
          // Scrollbars stay visible while the table overflows, so a narrow screen shows there is more.
          type="auto"
          viewportRef={viewport}
          onScrollPositionChange={moreRight.update}
          // Above the sticky header and totals row, which would otherwise hide the scrollbars' ends.
          styles={{ scrollbar: { zIndex: 3 } }}
        >
          <Table striped withTableBorder stickyHeader miw={minTableWidth(widget)}>
            <Table.Thead style={{ zIndex: 2 }}>
              <Table.Tr>
                {widget.rowNumbers && (
                  <Table.Th w={widget.rowNumbers.width}>{widget.rowNumbers.header ?? '#'}</Table.Th>
                )}
                {widget.columns.map((c) => {
                  const sorted =
                    state.sort?.field === (c.sortField ?? c.field) ? state.sort.direction : undefined;
                  const sortable = c.sortable !== false;
                  return (
                    <Table.Th
                      key={c.header}
                      w={c.width}
                      miw={c.minWidth}
                      ta={c.align}
                      title={c.tooltip}
                      aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                      style={sortable ? { cursor: 'pointer' } : undefined}
                      onClick={sortable ? () => sortBy(c) : undefined}
                    >
                      {c.header}
                      {sorted ? arrows[sorted] : ''}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.getRowModel().rows.map((r, i) => (
                <Table.Tr key={r.id}>
                  {widget.rowNumbers && <Table.Td>{offset + i + 1}</Table.Td>}
                  {widget.columns.map((c) => {
                    const span = c.group ? spans.get(c.field)?.[i] : 1;
                    if (span === 0) return null;
                    const text = cellText(c, r.original);
                    return (
                      <Table.Td key={c.header} ta={c.align} rowSpan={span && span > 1 ? span : undefined}>
                        {c.link ? (
                          <Anchor
                            component="button"
                            type="button"
                            // A button centres its text: follow the column's alignment instead.
                            ta="inherit"
                            fz="inherit"
                            onClick={() => runActions(c.link, { row: r.original })}
                          >
                            {text}
                          </Anchor>
                        ) : (
                          text
                        )}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
            {widget.totals && rows.length > 0 && (
              <Table.Tfoot style={stickyFoot}>
                <Table.Tr data-testid="totals-row" fw={700}>
                  {widget.rowNumbers && <Table.Td>{widget.totals.label ?? 'Total'}</Table.Td>}
                  {widget.columns.map((c, i) => (
                    <Table.Td key={c.header} ta={c.align}>
                      {i === 0 && !widget.rowNumbers && !c.total
                        ? (widget.totals?.label ?? 'Total')
                        : totalText(c, totals.rows[0])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </ScrollArea.Autosize>
        {moreRight.shown && <div aria-hidden="true" data-testid="table-more-right" style={fade} />}
      </div>
      {widget.paginator !== false && (
        <Paginator
          pageIndex={state.pageIndex}
          pageSize={state.pageSize}
          pageSizes={widget.pageSizes ?? [10, 25, 50, 100]}
          total={total}
          shown={rows.length}
          onPage={(pageIndex) => setTable(stateName, { ...state, pageIndex })}
          onPageSize={(pageSize) => setTable(stateName, { ...state, pageSize, pageIndex: 0 })}
        />
      )}
    </div>
  );
}

/** The totals row stays in view at the bottom of the scroll box, the body scrolling above it. */
const stickyFoot = {
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  background: 'var(--mantine-color-body)',
  // Collapsed borders do not travel with a sticky row: draw its top edge as a shadow instead.
  boxShadow: '0 -1px 0 var(--table-border-color, var(--mantine-color-gray-3))',
} as const;

/** A shadow on the right edge while columns are hidden off to the right. */
const fade = {
  position: 'absolute',
  top: 0,
  right: 0,
  bottom: 0,
  width: 32,
  zIndex: 4,
  pointerEvents: 'none',
  background: 'linear-gradient(to right, rgba(15, 23, 42, 0), rgba(15, 23, 42, 0.28))',
} as const;

/** Whether the viewport has more content to the right of what it shows, kept up to date. */
function useMoreRight(viewport: React.RefObject<HTMLDivElement | null>, rows: unknown) {
  const [shown, setShown] = useState(false);
  const update = useCallback(() => {
    const el = viewport.current;
    setShown(!!el && el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
  }, [viewport]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the rows change
  useEffect(() => {
    update();
    const el = viewport.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [update, viewport, rows]);
  return { shown, update };
}

/**
 * The width below which the table scrolls sideways inside its panel rather than squeezing its
 * columns to a word per line (or widening the page).
 */
function minTableWidth(widget: TableOptions): number {
  const px = (v: number | string | undefined) => (typeof v === 'number' ? v : 0);
  const numbers = widget.rowNumbers ? px(widget.rowNumbers.width ?? 65) : 0;
  return widget.columns.reduce((sum, c) => sum + Math.max(100, px(c.minWidth), px(c.width)), numbers);
}

function totalFromRows(rows: Row[], spec: TableOptions['totalRows']): number | undefined {
  if (!spec || !rows.length) return undefined;
  const v = rows[0][spec.field];
  return typeof v === 'number' ? v + (spec.add ?? 0) : undefined;
}
