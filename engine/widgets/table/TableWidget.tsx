import { Anchor, ScrollArea, Table } from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
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

  return (
    <div data-testid={widget.id ?? `table-${widget.data}`}>
      <ScrollArea.Autosize mah={widget.maxHeight ?? 600}>
        <Table striped withTableBorder miw={minTableWidth(widget)}>
          <Table.Thead>
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
            <Table.Tfoot>
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
