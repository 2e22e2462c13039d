import type { DiffReport, LayoutPlace, PageDiff, PropertyChange } from './diffReport';

const count = (n: number, one: string, many: string, what: string): string[] =>
  n ? [`${n} ${n === 1 ? one : many} ${what}`] : [];

/** The one-line summary of a page: 'overview: 1 widget moved, 2 properties changed'. */
export function pageSummary(page: PageDiff): string {
  if (page.status === 'added') return `${page.page}: page added`;
  if (page.status === 'removed') return `${page.page}: page removed`;
  const panels = (op: string) => page.panels.filter((c) => c.op === op).length;
  const widgets = (op: string) => page.widgets.filter((c) => c.op === op).length;
  const props = (op: PropertyChange['op']) => page.properties.filter((c) => c.op === op).length;
  const parts = [
    ...count(panels('add'), 'panel', 'panels', 'added'),
    ...count(panels('remove'), 'panel', 'panels', 'removed'),
    ...count(panels('move'), 'panel', 'panels', 'moved'),
    ...count(widgets('add'), 'widget', 'widgets', 'added'),
    ...count(widgets('remove'), 'widget', 'widgets', 'removed'),
    ...count(widgets('move'), 'widget', 'widgets', 'moved'),
    ...count(props('add'), 'property', 'properties', 'added'),
    ...count(props('remove'), 'property', 'properties', 'removed'),
    ...count(props('replace'), 'property', 'properties', 'changed'),
    ...count(props('move'), 'list item', 'list items', 'moved'),
  ];
  return `${page.page}: ${parts.length ? parts.join(', ') : 'no differences'}`;
}

const place = (p: LayoutPlace | undefined): string => (p ? `row ${p.row} column ${p.column}` : 'not placed');
const value = (v: unknown): string => JSON.stringify(v);

/** The lines describing one page's differences, under its summary. */
export function pageLines(page: PageDiff): string[] {
  const lines = [pageSummary(page)];
  if (page.status === 'added') lines.push(`  + ${page.new}`);
  if (page.status === 'removed') lines.push(`  - ${page.old}`);
  for (const c of page.panels) {
    if (c.op === 'add') {
      lines.push(`  + panel ${c.panel} at ${place(c.place)}:`);
      for (const l of JSON.stringify(c.content ?? null, null, 2).split('\n')) lines.push(`      ${l}`);
    } else if (c.op === 'remove') lines.push(`  - panel ${c.panel} (was at ${place(c.place)})`);
    else lines.push(`  > panel ${c.panel} moved: ${place(c.fromPlace)} -> ${place(c.place)}`);
  }
  for (const c of page.widgets) {
    if (c.op === 'add') lines.push(`  + widget ${c.widget} at ${c.pointer}`);
    else if (c.op === 'remove') lines.push(`  - widget ${c.widget} (was at ${c.pointer})`);
    else lines.push(`  > widget ${c.widget} moved: ${c.from} -> ${c.pointer}`);
  }
  for (const c of page.properties) {
    const of = c.item ? ` (${c.item})` : '';
    if (c.op === 'add') lines.push(`  + ${c.pointer}${of}: ${value(c.new)}`);
    else if (c.op === 'remove') lines.push(`  - ${c.pointer}${of}: ${value(c.old)}`);
    else if (c.op === 'move') lines.push(`  > ${c.item ?? c.pointer} moved: ${c.from} -> ${c.pointer}`);
    else lines.push(`  ~ ${c.pointer}${of}: ${value(c.old)} -> ${value(c.new)}`);
  }
  return lines;
}

/**
 * The text report: every page that differs with its summary and changes, then one line counting
 * pages. Equal pages are listed only by the final count.
 */
export function renderDiffText(report: DiffReport): string {
  const differing = report.pages.filter((p) => p.status !== 'equal');
  const lines = differing.flatMap(pageLines);
  const total = report.pages.length;
  lines.push(
    `${total} page${total === 1 ? '' : 's'} compared: ${differing.length ? `${differing.length} differ` : 'no differences'}`,
  );
  return `${lines.join('\n')}\n`;
}
