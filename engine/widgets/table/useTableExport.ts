import { useState } from 'react';
import { buildRequestBody } from '../../data/buildRequestBody';
import { extractRows } from '../../data/extractRows';
import type { Row } from '../../data/hostServices';
import { usePageRuntime } from '../../render/pageRuntime';
import type { TableWidget as TableOptions } from '../../types/dashboard';
import { downloadName } from '../download/downloadName';
import { saveFile } from '../download/saveFile';
import { totalText } from './cellText';

/** What the export says when the file could not be made. */
export const EXPORT_FAILED = 'The export failed. Please try again.';

/**
 * 'Export CSV' of a table: the host streams every row of its source under the current filter,
 * params and sort from the server (the endpoint's export form, which formats the cells as the table
 * shows them), with the table's headers and its totals row, downloaded as
 * '<page> - <panel> - <period>.csv'. `progress` is 0..1 while it runs; `failed` after an error.
 */
export function useTableExport(widget: TableOptions, panelTitle: string | undefined) {
  const { definition, host, params, tables } = usePageRuntime();
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const stateName = widget.state ?? widget.data;

  async function fetchTotals(): Promise<Row | undefined> {
    const name = widget.totals?.data;
    const source = name ? definition.data[name] : undefined;
    if (!name || !source) return undefined;
    const body = buildRequestBody(name, source, { filter: host.appliedFilter, params, tables });
    return extractRows(await host.fetchJson(source.endpoint, body, source.method), source.rows)[0];
  }

  /** The totals row as the table shows it, row-number column included. */
  function totalsRow(totals: Row | undefined): string[] | undefined {
    if (!widget.totals) return undefined;
    const label = widget.totals.label ?? 'Total';
    const cells = widget.columns.map((c, i) =>
      i === 0 && !widget.rowNumbers && !c.total ? label : totalText(c, totals),
    );
    return widget.rowNumbers ? [label, ...cells] : cells;
  }

  async function run(): Promise<void> {
    if (!host.exportFile) return;
    const source = definition.data[widget.data];
    setProgress(0);
    setFailed(false);
    try {
      const state = { ...(tables[stateName] ?? { sort: null }), pageIndex: 0 };
      const request = buildRequestBody(widget.data, source, {
        filter: host.appliedFilter,
        params,
        tables: { ...tables, [stateName]: state, [widget.data]: state },
      });
      const fileName = downloadName(definition, host.appliedFilter, [panelTitle], 'csv');
      const totals = widget.totals ? await fetchTotals() : undefined;
      const file = await host.exportFile(
        source.endpoint,
        {
          request,
          csv: {
            fileName,
            rows: source.rows,
            ...(source.total !== undefined && { total: source.total }),
            ...(widget.rowNumbers && { rowNumbers: widget.rowNumbers.header ?? '#' }),
            columns: widget.columns.map((c) => ({
              header: c.header,
              field: c.field,
              ...(c.pipe && { pipe: c.pipe }),
              ...(c.dashUnless && { dashUnless: c.dashUnless }),
              ...(c.inactiveField && { inactiveField: c.inactiveField }),
            })),
            ...(widget.totals && { totalsRow: totalsRow(totals) }),
          },
        },
        setProgress,
      );
      saveFile(file, fileName);
    } catch {
      setFailed(true);
    } finally {
      setProgress(null);
    }
  }

  return { run, progress, failed, available: !!host.exportFile };
}
