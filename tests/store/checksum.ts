import { createHash } from 'node:crypto';
import { TABLE_ORDER } from '../../src/server/seed/tables';
import type { Store } from '../../src/server/store';

/**
 * A sha256 of every data table's rows in id order, as plain JSON: equal data, equal checksums. The
 * data version (data_status.data_version) is left out: a counter every load moves, not data.
 */
export async function tableChecksums(store: Store): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLE_ORDER) {
    const rows = await store.query(`SELECT * FROM ${table} ORDER BY id`);
    const hash = createHash('sha256');
    for (const { data_version: _counter, ...r } of rows as Record<string, unknown>[])
      hash.update(JSON.stringify(r));
    out[table] = `${rows.length}:${hash.digest('hex').slice(0, 16)}`;
  }
  return out;
}
