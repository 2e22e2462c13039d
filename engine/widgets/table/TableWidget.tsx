import { Button, Center, Group, rem, ScrollArea, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Row } from '../../data/hostServices';
import { useSource } from '../../data/useSource';
import { displayText } from '../../format/displayText';
import { type PageRuntime, usePageRuntime } from '../../render/pageRuntime';
import type { Column, TableWidget as TableOptions } from '../../types/dashboard';
import { usePanelTitle } from '../download/usePanelTitle';
import type { WidgetProps } from '../widgetProps';
import { cellText, totalText } from './cellText';
import { groupSpans } from './groupSpans';
import { nextSort } from './nextSort';
import { Paginator } from './Paginator';
import { plainRowAttributes, plainTable } from './plainTable';
import { EXPORT_FAILED, useTableExport } from './useTableExport';

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, Row>();
// A no-break space keeps the arrow beside the header's last word.
const arrows = { asc: '\u00A0\u25B2', desc: '\u00A0\u25BC' } as const;

/**
 * A server-side sorted and paged table. TanStack Table holds the column and row models; the page
 * and sort live in the page runtime because data sources send them to the server.
 */
export function TableWidget({ widget, source }: WidgetProps<TableOptions>) {
  const { tables, setTable, runActions } = usePageRuntime();
  const exporter = useTableExport(widget, usePanelTitle(widget));
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

  // A table grouped by a column pages by group (the endpoint keeps a group on one page): its
  // entries are the groups.
  const groupColumn = widget.columns.find((c) => c.group);
  const shownEntries = groupColumn
    ? (spans.get(groupColumn.field)?.filter((n) => n > 0).length ?? 0)
    : rows.length;

  const sortBy = (c: Column) => {
    const field = c.sortField ?? c.field;
    setTable(stateName, { ...state, pageIndex: 0, sort: nextSort(state.sort, field) });
  };

  const viewport = useRef<HTMLDivElement>(null);
  const moreRight = useMoreRight(viewport, rows);
  // Up to 767 px the box scrolls sideways only (the page scrolls down) and the key column stays put.
  // Read while rendering, so on a phone the table's first render is already the narrow one (not
  // drawn wide, then again narrow).
  const narrow = useMediaQuery('(max-width: 767px)', undefined, { getInitialValueInEffect: false });
  useSortedColumnInView(viewport, narrow, rows.length > 0);
  const pin = (i: number, background: string) => pinned(narrow, i, background);
  // The body's rows: one array while the data is the same, so TableRows draws them again only then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the row model follows the rows
  const modelRows = useMemo(() => table.getRowModel().rows, [table, rows]);
  const testId = widget.id ?? `table-${widget.data}`;

  if (source.isLoaded && rows.length === 0 && state.pageIndex === 0) {
    return (
      <Center mih={120} data-testid={testId}>
        <Text c="dimmed" data-testid="table-no-data">
          {displayText.noData}
        </Text>
      </Center>
    );
  }

  return (
    <div data-testid={testId}>
      {widget.export !== false && exporter.available && (
        <Group justify="flex-end" mb="xs">
          {exporter.failed && (
            <Text size="xs" c="red.8" role="alert" data-testid="table-export-error">
              {EXPORT_FAILED}
            </Text>
          )}
          <Button
            variant="default"
            size="xs"
            data-testid="table-export"
            disabled={exporter.progress !== null}
            onClick={() => void exporter.run()}
          >
            {exporter.progress === null
              ? 'Export CSV'
              : `Exporting... ${Math.round(exporter.progress * 100)}%`}
          </Button>
        </Group>
      )}
      <div style={{ position: 'relative' }}>
        <ScrollArea.Autosize
          mah={narrow ? undefined : (widget.maxHeight ?? 600)}
          // Scrollbars stay visible while the table overflows, so a narrow screen shows there is more.
          type="auto"
          viewportRef={viewport}
          // Focusable, so the keyboard can scroll it too.
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': tableLabel(widget) }}
          onScrollPositionChange={moreRight.update}
          // Above the sticky header and totals row, which would otherwise hide the scrollbars' ends.
          styles={{ scrollbar: { zIndex: 3 } }}
        >
          <Table striped withTableBorder stickyHeader miw={minTableWidth(widget)}>
            <thead className={plainTable.thead} data-sticky="true" style={{ zIndex: 2 }}>
              <tr className={plainTable.tr} {...plainRowAttributes}>
                {widget.rowNumbers && (
                  <th className={plainTable.th} style={{ width: size(widget.rowNumbers.width) }}>
                    {widget.rowNumbers.header ?? '#'}
                  </th>
                )}
                {widget.columns.map((c, ci) => {
                  const sorted =
                    state.sort?.field === (c.sortField ?? c.field) ? state.sort.direction : undefined;
                  const sortable = c.sortable !== false;
                  return (
                    <th
                      key={c.header}
                      className={plainTable.th}
                      title={c.tooltip}
                      aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                      style={{
                        width: size(c.width),
                        minWidth: size(c.minWidth),
                        textAlign: c.align,
                        ...pin(ci, 'var(--mantine-color-body)'),
                        zIndex: narrow && ci === 0 ? 3 : undefined,
                      }}
                    >
                      {sortable ? (
                        // A button, so Tab reaches the header and Enter or Space sorts by it.
                        <button
                          type="button"
                          className={plainTable.button}
                          data-testid="sort-header"
                          style={sortButton}
                          onClick={() => sortBy(c)}
                        >
                          {c.header}
                          {sorted ? arrows[sorted] : ''}
                        </button>
                      ) : (
                        c.header
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <TableRows
              rows={modelRows}
              columns={widget.columns}
              rowNumbers={Boolean(widget.rowNumbers)}
              offset={offset}
              spans={spans}
              narrow={narrow}
              runActions={runActions}
            />
            {widget.totals && rows.length > 0 && (
              <tfoot className={plainTable.tfoot} style={stickyFoot}>
                <tr
                  className={plainTable.tr}
                  {...plainRowAttributes}
                  data-testid="totals-row"
                  style={{ fontWeight: 700 }}
                >
                  {widget.rowNumbers && <td className={plainTable.td}>{widget.totals.label ?? 'Total'}</td>}
                  {widget.columns.map((c, i) => (
                    <td
                      key={c.header}
                      className={plainTable.td}
                      style={{ textAlign: c.align, ...pin(i, 'var(--mantine-color-body)'), ...numberCell(c) }}
                    >
                      {i === 0 && !widget.rowNumbers && !c.total
                        ? (widget.totals?.label ?? 'Total')
                        : totalText(c, totals.rows[0])}
                    </td>
                  ))}
                </tr>
              </tfoot>
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
          shown={shownEntries}
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

interface TableRowsProps {
  rows: readonly { id: string; original: Row }[];
  columns: readonly Column[];
  rowNumbers: boolean;
  offset: number;
  spans: ReadonlyMap<string, number[]>;
  narrow: boolean;
  runActions: PageRuntime['runActions'];
}

/**
 * The body's rows, drawn again only when what they show changes: a table of 100 rows is some
 * thousands of components, and the widget renders again for other reasons (the right-edge shadow
 * appearing, its export's progress, the totals arriving).
 */
const TableRows = memo(function TableRows({
  rows,
  columns,
  rowNumbers,
  offset,
  spans,
  narrow,
  runActions,
}: TableRowsProps) {
  return (
    <tbody className={plainTable.tbody}>
      {rows.map((r, i) => (
        <tr key={r.id} className={plainTable.tr} {...plainRowAttributes}>
          {rowNumbers && <td className={plainTable.td}>{offset + i + 1}</td>}
          {columns.map((c, ci) => {
            const span = c.group ? spans.get(c.field)?.[i] : 1;
            if (span === 0) return null;
            const text = cellText(c, r.original);
            return (
              <td
                key={c.header}
                className={plainTable.td}
                rowSpan={span && span > 1 ? span : undefined}
                // Striped rows are the odd ones: a pinned cell paints its row's colour.
                style={{
                  textAlign: c.align,
                  ...pinned(
                    narrow,
                    ci,
                    i % 2 === 0 ? 'var(--table-striped-color)' : 'var(--mantine-color-body)',
                  ),
                  ...numberCell(c),
                }}
              >
                {c.link ? (
                  // A button drawn as a link, following the column's alignment (a button centres).
                  <button
                    type="button"
                    className={plainTable.link}
                    data-underline="hover"
                    style={inheritText}
                    onClick={() =>
                      runActions(c.link, {
                        row: r.original,
                        value: r.original[c.field],
                        field: c.field,
                      })
                    }
                  >
                    {text}
                  </button>
                ) : (
                  text
                )}
              </td>
            );
          })}
        </tr>
      ))}
    </tbody>
  );
});

/** A link in a cell keeps the cell's size and alignment. */
const inheritText = { fontSize: 'inherit', textAlign: 'inherit' } as const;
/** A header's sort button fills its cell and keeps the header's look. */
const sortButton = {
  fontSize: 'inherit',
  fontWeight: 'inherit',
  textAlign: 'inherit',
  width: '100%',
} as const;

/** A width from the definition: pixels scale with Mantine's rem, other units pass as they are. */
function size(v: number | string | undefined): string | undefined {
  return v === undefined ? undefined : rem(v);
}

/** A cell of the first column stays put on a narrow screen while the others scroll sideways. */
function pinned(narrow: boolean, i: number, background: string) {
  return narrow && i === 0 ? ({ position: 'sticky', left: 0, zIndex: 1, background } as const) : undefined;
}

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
    const el = viewport.current;
    // A ResizeObserver tells at once what it observes, after the browser's next layout: measuring
    // here instead would force a layout of the whole page as it draws in (about 8 ms a page load).
    if (!el || typeof ResizeObserver === 'undefined') {
      update();
      return;
    }
    const observer = new ResizeObserver(update);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [update, viewport, rows]);
  return { shown, update };
}

/**
 * On a narrow screen, the first time the table has rows, a sorted column beyond the frame's right
 * edge is scrolled into view: the key column stays pinned, so each row's name shows beside the
 * figure it is sorted by. Only then: a later scroll is the reader's.
 */
function useSortedColumnInView(
  viewport: React.RefObject<HTMLDivElement | null>,
  narrow: boolean,
  hasRows: boolean,
) {
  const done = useRef(false);
  useEffect(() => {
    const el = viewport.current;
    if (done.current || !narrow || !hasRows || !el) return;
    done.current = true;
    const header = el.querySelector('th[aria-sort="ascending"], th[aria-sort="descending"]');
    if (!header) return;
    const beyond = header.getBoundingClientRect().right - el.getBoundingClientRect().right;
    if (beyond > 0) el.scrollLeft += beyond;
  }, [viewport, narrow, hasRows]);
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

/** A right-aligned (number) cell keeps '13.9% (27)' on one line; text columns wrap. */
const numberCell = (c: Column) => (c.align === 'right' ? ({ whiteSpace: 'nowrap' } as const) : undefined);

/** What a screen reader calls the scroll box: the table's first headers. */
function tableLabel(widget: TableOptions): string {
  const headers = widget.columns.slice(0, 3).map((c) => c.header);
  return `Table: ${headers.join(', ')}${widget.columns.length > 3 ? '...' : ''}`;
}

function totalFromRows(rows: Row[], spec: TableOptions['totalRows']): number | undefined {
  if (!spec || !rows.length) return undefined;
  const v = rows[0][spec.field];
  return typeof v === 'number' ? v + (spec.add ?? 0) : undefined;
}
