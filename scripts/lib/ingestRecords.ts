import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { type ImportKind, kindSchema } from '../../src/server/ingest/schemas';
import { TABLES } from '../../src/server/seed/tables';

/** Local clock text of a stored timestamp number ('YYYY-MM-DDTHH:mm:ss'). */
function clockText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

/** Turns generated table rows into ingest records of a kind (the fields its schema names). */
export function toIngestRecords(
  kind: ImportKind,
  rows: readonly (readonly unknown[])[],
): Record<string, unknown>[] {
  const columns = TABLES[kind];
  const { fields, types } = kindSchema(kind);
  const keep = columns.map((c, i) => ({ c, i })).filter(({ c }) => fields.includes(c.name));
  return rows.map((r) => {
    const rec: Record<string, unknown> = {};
    for (const { c, i } of keep) {
      let v = r[i];
      if (c.type === 'timestamp' && typeof v === 'number') v = clockText(v);
      if (v === null && !types[c.name].includes('null')) continue;
      rec[c.name] = v;
    }
    return rec;
  });
}

/** Writes records as NDJSON or CSV (by the file's extension; CSV columns are `fields`), streaming. */
export async function writeRecords(
  path: string,
  records: Iterable<Record<string, unknown>>,
  fields: string[],
): Promise<void> {
  const out = createWriteStream(path);
  const csv = /\.csv$/i.test(path);
  const cell = (v: unknown) => {
    if (v === null || v === undefined) return '';
    const s = String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  let buffer = csv ? `${fields.join(',')}\n` : '';
  for (const rec of records) {
    buffer += csv ? `${fields.map((f) => cell(rec[f])).join(',')}\n` : `${JSON.stringify(rec)}\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
}
