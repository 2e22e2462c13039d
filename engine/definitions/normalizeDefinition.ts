import { shareTypeOfDefault } from '../params/sharedParams';
import type { Widget } from '../types/dashboard';
import type { NormalizedPage } from './normalizedPage';

/**
 * Resolves shorthand in a definition the schema already validated and filled with defaults:
 * defaults that depend on other values (a table's state name is its data source, a column's sort
 * key and total field are its field, a chip's remove action resets its param, a
 * shareable param's URL type is its default's).
 */
export function normalizeDefinition(defaulted: Record<string, unknown>): NormalizedPage {
  const { $schema: _editorOnly, ...page } = structuredClone(defaulted) as unknown as NormalizedPage & {
    $schema?: string;
  };
  for (const param of Object.values(page.params)) {
    if (param.default === undefined) param.default = null;
    if (param.share && !param.share.type) {
      const type = shareTypeOfDefault(param.default);
      if (type) param.share.type = type;
    }
  }
  for (const panel of Object.values(page.panels)) {
    for (const block of panel.blocks) block.widgets = block.widgets.map(normalizeWidget);
  }
  return page;
}

function normalizeWidget(w: Widget): Widget {
  switch (w.kind) {
    case 'table':
      return {
        ...w,
        state: w.state ?? w.data,
        columns: w.columns.map((c) => ({
          ...c,
          sortField: c.sortField ?? c.field,
          total: c.total
            ? { ...c.total, field: c.total.field ?? (c.total.text ? undefined : c.field) }
            : c.total,
        })),
      };
    case 'chip':
      return { ...w, on: { remove: w.on?.remove ?? [{ reset: w.param }] } };
    default:
      return w;
  }
}
