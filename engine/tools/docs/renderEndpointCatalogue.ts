import type { KnownEndpoints } from '../../definitions/endpointIndex';

const code = (s: string) => `\`${s}\``;
const codes = (names: readonly string[] | undefined) => (names?.length ? names.map(code).join(', ') : '—');

/**
 * The endpoint catalogue for authors (docs/endpoints.md): every endpoint of the index with the
 * body keys it accepts, the row fields a widget may show, and the columns it sorts by, as the
 * checker knows them. Generated, so it never drifts from what `dashboards:check` enforces.
 */
export function renderEndpointCatalogue(endpoints: KnownEndpoints, indexName: string): string {
  const lines = [
    '# Endpoint catalogue',
    '',
    `Generated from ${code(indexName)} and the schemas it points at by ${code('npm run docs:dashboards')}; do not edit by hand.`,
    'It lists what a data source may ask for (body keys), what a widget may show (row fields), and what a',
    `sortable table column may sort by. ${code('npm run dashboards:check')} enforces the same lists.`,
    '',
    '## Global filter values',
    '',
    `A body value ${code('{"$filter": key}')} reads one of these keys of the applied global filter: ${codes(endpoints.filterKeys)}.`,
    '',
    '## Endpoints',
    '',
  ];
  for (const [key, e] of [...endpoints.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`### ${code(key)}`, '');
    lines.push(`- Body keys: ${codes(e.bodyKeys)}`);
    if (e.variants) {
      lines.push(`- Row fields by ${code('variant')} (the data code):`);
      for (const [variant, fields] of Object.entries(e.variants))
        lines.push(`  - ${code(variant)}: ${codes(fields)}`);
    } else lines.push(`- Row fields${e.rows ? ` (at ${code(e.rows)})` : ''}: ${codes(e.fields)}`);
    if (e.sortable) lines.push(`- Sortable columns: ${codes(e.sortable)}`);
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
