import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { CsvParser } from './csv';

/** A record read from an import file, with its line for error messages. */
export interface SourceRecord {
  line: number;
  /** The parsed object; undefined when the line could not be parsed (see `parseError`). */
  value?: Record<string, unknown>;
  parseError?: string;
}

/** Property types from a JSON Schema, used to type CSV cells (which are all text). */
export type PropertyTypes = Record<string, string[]>;

function csvValue(text: string, types: string[] | undefined): unknown {
  if (text === '') return null;
  if (!types) return text;
  if (types.includes('integer') && /^-?\d+$/.test(text)) return Number(text);
  if (types.includes('number') && text.trim() !== '' && !Number.isNaN(Number(text))) return Number(text);
  if (types.includes('boolean')) {
    const t = text.toLowerCase();
    if (t === 'true' || t === '1') return true;
    if (t === 'false' || t === '0') return false;
  }
  return text;
}

/** The record of one NDJSON line (undefined for a blank one). */
function ndjsonRecord(text: string, line: number): SourceRecord | undefined {
  if (text.trim() === '') return undefined;
  try {
    const value = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return { line, parseError: 'is not a JSON object' };
    return { line, value };
  } catch (err) {
    return { line, parseError: `is not valid JSON (${(err as Error).message})` };
  }
}

/** The records of an NDJSON text (a request's body), line by line. */
export function* ndjsonRecords(text: string): Generator<SourceRecord> {
  let line = 0;
  for (const lineText of text.split(/\r?\n/)) {
    line++;
    const rec = ndjsonRecord(lineText, line);
    if (rec) yield rec;
  }
}

/** Reads NDJSON (one JSON object per line) or CSV (header row of field names) records. */
export async function* readRecords(path: string, types: PropertyTypes): AsyncGenerator<SourceRecord> {
  const format = /\.csv$/i.test(path) ? 'csv' : 'ndjson';
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  if (format === 'ndjson') {
    let line = 0;
    for await (const text of createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY })) {
      line++;
      const rec = ndjsonRecord(text, line);
      if (rec) yield rec;
    }
    return;
  }
  const parser = new CsvParser();
  let header: string[] | undefined;
  // An unknown or repeated column makes every row meaningless: its errors are the file's only ones.
  let headerErrors: string[] = [];
  const toRecord = (rec: { line: number; cells: string[] }): SourceRecord | undefined => {
    if (!header) {
      header = rec.cells.map((h) => h.trim());
      headerErrors = header.flatMap((h, i) =>
        !Object.hasOwn(types, h)
          ? [`field '${h}' in the header is not a known field`]
          : header!.indexOf(h) !== i
            ? [`field '${h}' appears twice in the header`]
            : [],
      );
      return undefined;
    }
    if (rec.cells.length !== header.length) {
      return { line: rec.line, parseError: `has ${rec.cells.length} cells, the header has ${header.length}` };
    }
    const value: Record<string, unknown> = Object.create(null);
    for (let i = 0; i < header.length; i++) {
      const v = csvValue(rec.cells[i], types[header[i]]);
      if (v !== null) value[header[i]] = v;
    }
    return { line: rec.line, value };
  };
  for await (const chunk of stream) {
    for (const rec of parser.push(chunk as string)) {
      const out = toRecord(rec);
      if (headerErrors.length) {
        for (const parseError of headerErrors) yield { line: 1, parseError };
        stream.destroy();
        return;
      }
      if (out) yield out;
    }
  }
  for (const rec of parser.end()) {
    const out = toRecord(rec);
    if (headerErrors.length) for (const parseError of headerErrors) yield { line: 1, parseError };
    else if (out) yield out;
  }
}
