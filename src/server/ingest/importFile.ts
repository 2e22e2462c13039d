import type { ErrorObject } from 'ajv';
import {
  markRollupsCurrent,
  noteChangedCommunications,
  ROLLUPS_LOCK,
  refreshChangedRollups,
  refreshRollups,
  rollupsCurrent,
} from '../analytics/rollups';
import { TABLES } from '../seed/tables';
import type { BulkColumn, Queryable, Store } from '../store';
import { readRecords, type SourceRecord } from './records';
import { type ImportKind, kindSchema } from './schemas';
import { checkValues, TIME_ORDER } from './values';

/** How many record errors an import lists before it only counts the rest. */
export const MAX_LISTED_ERRORS = 20;

/** A failed import: nothing was changed; `errors` holds the first few, `total` counts all. */
export class ImportError extends Error {
  constructor(
    readonly errors: string[],
    readonly total: number,
  ) {
    super(
      `${errors.join('\n')}${total > errors.length ? `\n... and ${total - errors.length} more errors` : ''}\nNothing was imported.`,
    );
  }
}

export interface ImportOptions {
  /** The last data update to record; defaults to now (local clock time). */
  asOf?: Date;
  progress?: (message: string) => void;
}

export interface ImportResult {
  kind: ImportKind;
  records: number;
  /** Of `records`, how many had a new id, and how many replaced the record of their id. */
  added: number;
  updated: number;
  seconds: number;
  /** Of `seconds`, the time spent bringing the rollups up to date. */
  rollupSeconds: number;
}

/** Tables whose rows carry their site's account; the import derives it from the site. */
const DERIVED_ACCOUNT = new Set(['contacts', 'communications', 'leases', 'call_scores', 'action_items']);

/** References checked after loading: field -> table that must hold the id. */
const REFERENCES: Partial<Record<ImportKind, Record<string, string>>> = {
  sites: { account_id: 'accounts' },
  employees: { site_id: 'sites' },
  contacts: { site_id: 'sites', relationship_id: 'relationships' },
  communications: { site_id: 'sites', relationship_id: 'relationships' },
  leases: { site_id: 'sites' },
  call_scores: { site_id: 'sites' },
  action_items: { site_id: 'sites', relationship_id: 'relationships' },
};

function recordError(e: ErrorObject): string {
  const field = e.instancePath.replace(/^\//, '');
  if (e.keyword === 'required')
    return `field '${(e.params as { missingProperty: string }).missingProperty}' is required`;
  if (e.keyword === 'additionalProperties') {
    return `field '${(e.params as { additionalProperty: string }).additionalProperty}' is not a known field`;
  }
  if (e.keyword === 'enum') {
    return `field '${field}' must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues
      .filter((v) => v !== null)
      .map((v) => `'${v}'`)
      .join(', ')}`;
  }
  return `field '${field}' ${e.message}`;
}

function localNow(): Date {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
}

/**
 * Imports one CSV or NDJSON file of a kind, all or nothing (see importRecords).
 */
export async function importFile(
  store: Store,
  kind: ImportKind,
  file: string,
  opts: ImportOptions = {},
): Promise<ImportResult> {
  return importRecords(store, kind, file, readRecords(file, kindSchema(kind).types), opts);
}

/**
 * Imports records of a kind, all or nothing: every record is validated against
 * schemas/ingest/<kind>.schema.json and for meaning (values.ts), references are checked, and records
 * upsert by id in one transaction that also sets the last data update time. Errors name `source`
 * and the record's line. No records at all is an error too: it would only move the last update.
 */
export async function importRecords(
  store: Store,
  kind: ImportKind,
  source: string,
  records: AsyncIterable<SourceRecord> | Iterable<SourceRecord>,
  opts: ImportOptions = {},
): Promise<ImportResult> {
  const started = Date.now();
  const { validate } = kindSchema(kind);
  const columns: readonly BulkColumn[] = TABLES[kind];
  const stageColumns: BulkColumn[] = [{ name: 'line_no', type: 'bigint' }, ...columns];
  const order = (TIME_ORDER[kind] ?? []).map(
    ([a, b]) =>
      [a, b, columns.findIndex((c) => c.name === a) + 1, columns.findIndex((c) => c.name === b) + 1] as const,
  );
  const errors: string[] = [];
  let total = 0;
  const fail = (line: number, text: string) => {
    total++;
    if (errors.length < MAX_LISTED_ERRORS) errors.push(`${source}:${line}: ${text}`);
  };
  const rows: unknown[][] = [];
  let lastReport = Date.now();

  for await (const rec of records) {
    if (rec.parseError) {
      fail(rec.line, rec.parseError);
      continue;
    }
    const value = rec.value!;
    if (!validate(value)) {
      for (const e of validate.errors ?? []) fail(rec.line, recordError(e));
      continue;
    }
    const row: unknown[] = [rec.line];
    const problems = checkValues(value, columns, row);
    for (const [a, b, ia, ib] of order)
      if (typeof row[ia] === 'number' && typeof row[ib] === 'number' && row[ib] < row[ia])
        problems.push(`field '${b}' is before ${a}: '${value[b]}' < '${value[a]}'`);
    for (const p of problems) fail(rec.line, p);
    if (total > 0) continue; // keep counting errors, stop building rows
    if (kind === 'communications') {
      const at = row[columns.findIndex((c) => c.name === 'occurred_at') + 1] as number;
      const replied = row[columns.findIndex((c) => c.name === 'responded_at') + 1] as number | null;
      const idx = columns.findIndex((c) => c.name === 'response_seconds') + 1;
      row[idx] = replied !== null ? Math.round((replied - at) / 1000) : null;
    }
    rows.push(row);
    if (opts.progress && Date.now() - lastReport > 2000) {
      lastReport = Date.now();
      opts.progress(`${rows.length.toLocaleString('en-US')} records read`);
    }
  }
  if (total > 0) throw new ImportError(errors, total);
  if (rows.length === 0) throw new ImportError([`${source}: no records`], 1);

  const asOf = opts.asOf ?? localNow();
  let rollupMs = 0;
  let updated = 0;
  await store.transaction(
    async (tx) => {
      const stage = 'import_stage';
      await tx.exec(`DROP TABLE IF EXISTS ${stage}`);
      await tx.exec(
        `CREATE TEMP TABLE ${stage} (${stageColumns.map((c) => `${c.name} ${sqlType(c.type)}`).join(', ')})`,
      );
      await tx.bulkInsert(stage, stageColumns, rows);
      await checkLoaded(tx, kind, source);
      // Rollups current before the load are brought up to date for the periods and sites it
      // changes only; otherwise (the first load, a rebuild cut short) rebuilt whole.
      const incremental = await rollupsCurrent(tx);
      if (incremental && kind === 'communications') await noteChangedCommunications(tx, stage);
      const names = columns.map((c) => c.name);
      const select = DERIVED_ACCOUNT.has(kind)
        ? names.map((n) => (n === 'account_id' ? 'st.account_id' : `s.${n}`)).join(', ')
        : names.map((n) => `s.${n}`).join(', ');
      const from = DERIVED_ACCOUNT.has(kind) ? `${stage} s JOIN sites st ON st.id = s.site_id` : `${stage} s`;
      const [existing] = await tx.query<{ n: number }>(
        `SELECT count(*) AS n FROM ${kind} WHERE id IN (SELECT id FROM ${stage})`,
      );
      updated = Number(existing.n);
      await tx.exec(`DELETE FROM ${kind} WHERE id IN (SELECT id FROM ${stage})`);
      await tx.exec(`INSERT INTO ${kind} (${names.join(', ')}) SELECT ${select} FROM ${from}`);
      await tx.exec(`DROP TABLE ${stage}`);
      await tx.exec('DELETE FROM data_status');
      await tx.query('INSERT INTO data_status (id, last_data_update) VALUES (1, $1::TIMESTAMP)', [
        asOf.toISOString().replace('Z', ''),
      ]);
      const rollupsStarted = performance.now();
      if (!incremental) await refreshRollups(tx, { kind: store.kind });
      else if (kind === 'communications') await refreshChangedRollups(tx);
      else await markRollupsCurrent(tx);
      rollupMs = performance.now() - rollupsStarted;
    },
    { lock: ROLLUPS_LOCK },
  );
  return {
    kind,
    records: rows.length,
    added: rows.length - updated,
    updated,
    seconds: (Date.now() - started) / 1000,
    rollupSeconds: rollupMs / 1000,
  };
}

/** Duplicate ids in the file and ids referring to nothing fail the import with their lines. */
async function checkLoaded(tx: Queryable, kind: ImportKind, file: string): Promise<void> {
  const errors: string[] = [];
  let total = 0;
  const dupes = await tx.query<{ id: number; first_line: number; line: number; n: number }>(
    `SELECT id, min(line_no) AS first_line, max(line_no) AS line, count(*) AS n FROM import_stage
     GROUP BY id HAVING count(*) > 1 ORDER BY min(line_no) LIMIT ${MAX_LISTED_ERRORS}`,
  );
  for (const d of dupes) {
    total += d.n - 1;
    errors.push(`${file}:${d.line}: field 'id' repeats id ${d.id} of line ${d.first_line}`);
  }
  for (const [field, table] of Object.entries(REFERENCES[kind] ?? {})) {
    const missing = await tx.query<{ line_no: number; ref: number }>(
      `SELECT line_no, ${field} AS ref FROM import_stage s
       WHERE ${field} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.id = s.${field})
       ORDER BY line_no LIMIT ${MAX_LISTED_ERRORS}`,
    );
    const [{ n }] = await tx.query<{ n: number }>(
      `SELECT count(*) AS n FROM import_stage s
       WHERE ${field} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.id = s.${field})`,
    );
    total += n;
    for (const m of missing) {
      if (errors.length < MAX_LISTED_ERRORS)
        errors.push(
          `${file}:${m.line_no}: field '${field}' refers to ${table} id ${m.ref}, which does not exist`,
        );
    }
  }
  if (total > 0) throw new ImportError(errors, total);
}

function sqlType(t: BulkColumn['type']): string {
  return {
    integer: 'INTEGER',
    bigint: 'BIGINT',
    double: 'DOUBLE PRECISION',
    varchar: 'VARCHAR',
    boolean: 'BOOLEAN',
    timestamp: 'TIMESTAMP',
    date: 'DATE',
  }[t];
}
