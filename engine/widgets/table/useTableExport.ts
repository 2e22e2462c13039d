import { useState } from 'react';
import { buildRequestBody } from '../../data/buildRequestBody';
import { extractRows, extractTotal } from '../../data/extractRows';
import type { Row } from '../../data/hostServices';
import { usePageRuntime } from '../../render/pageRuntime';
import type { TableWidget as TableOptions } from '../../types/dashboard';
import { cellText, totalText } from './cellText';
import { csvFileName, csvText } from './csvText';

/** Rows asked for per request while exporting (the endpoints' largest page). */
const EXPORT_PAGE = 100;

/**
 * 'Export CSV' of a table: every row of its source under the current filter, params and sort (page
 * after page of the same request), its headers, the totals row and the cells as the table shows
 * them, downloaded as '<page> - <panel> - <period>.csv'. `progress` is 0..1 while it runs.
 */
export function useTableExport(widget: TableOptions, panelTitle: string | undefined) {
  const { definition, host, params, tables } = usePageRuntime();
  const [progress, setProgress] = useState<number | null>(null);
  const stateName = widget.state ?? widget.data;

  async function fetchAll(): Promise<Row[]> {
    const source = definition.data[widget.data];
    const rows: Row[] = [];
    for (let pageIndex = 0; ; pageIndex++) {
      const state = { ...(tables[stateName] ?? { sort: null }), pageIndex, pageSize: EXPORT_PAGE };
      const body = buildRequestBody(widget.data, source, {
        filter: host.appliedFilter,
        params,
        tables: { ...tables, [stateName]: state, [widget.data]: state },
      });
      const answer = await host.fetchJson(source.endpoint, body, source.method);
      const page = extractRows(answer, source.rows);
      const total = extractTotal(answer, source.total) ?? page.length;
      rows.push(...page);
      setProgress(Math.min(1, ((pageIndex + 1) * EXPORT_PAGE) / Math.max(1, total)));
      // Limit and skip count rows, or groups on a table paged by group: stop past the last entry.
      if (!page.length || (pageIndex + 1) * EXPORT_PAGE >= total) return rows;
    }
  }

  async function fetchTotals(): Promise<Row | undefined> {
    const name = widget.totals?.data;
    const source = name ? definition.data[name] : undefined;
    if (!name || !source) return undefined;
    const body = buildRequestBody(name, source, { filter: host.appliedFilter, params, tables });
    return extractRows(await host.fetchJson(source.endpoint, body, source.method), source.rows)[0];
  }

  async function run(): Promise<void> {
    setProgress(0);
    try {
      const [rows, totals] = await Promise.all([fetchAll(), fetchTotals()]);
      const numbers = widget.rowNumbers ? [widget.rowNumbers.header ?? '#'] : [];
      const lines: string[][] = [[...numbers, ...widget.columns.map((c) => c.header)]];
      rows.forEach((row, i) => {
        lines.push([
          ...(widget.rowNumbers ? [String(i + 1)] : []),
          ...widget.columns.map((c) => cellText(c, row)),
        ]);
      });
      if (widget.totals && rows.length) {
        const label = widget.totals.label ?? 'Total';
        const cells = widget.columns.map((c, i) =>
          i === 0 && !widget.rowNumbers && !c.total ? label : totalText(c, totals),
        );
        lines.push(widget.rowNumbers ? [label, ...cells] : cells);
      }
      const filter = host.appliedFilter;
      const period = [filter.periodLabel, filter.startDate && `${filter.startDate} to ${filter.endDate}`]
        .filter(Boolean)
        .join(' ');
      download(csvText(lines), csvFileName([definition.title, panelTitle, period]));
    } finally {
      setProgress(null);
    }
  }

  return { run, progress };
}

/** Hands a text to the browser as a download. */
function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
