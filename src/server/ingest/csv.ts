/** One parsed CSV record and the line it starts on (1-based, the header is line 1). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * An RFC 4180 parser that takes text in chunks and yields complete records: quoted cells may
 * hold commas, doubled quotes and line breaks. Call `end()` after the last chunk.
 */
export class CsvParser {
  private cell = '';
  private cells: string[] = [];
  private quoted = false;
  private afterQuote = false;
  private line = 1;
  private recordLine = 1;
  private pendingCr = false;

  *push(chunk: string): Generator<CsvRecord> {
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i];
      if (this.pendingCr) {
        this.pendingCr = false;
        if (ch === '\n') continue;
      }
      if (this.quoted) {
        if (ch === '"') {
          if (chunk[i + 1] === '"') {
            this.cell += '"';
            i++;
          } else if (i + 1 === chunk.length) {
            // A quote at a chunk's end: the next chunk tells whether it is doubled.
            this.quoted = false;
            this.afterQuote = true;
          } else {
            this.quoted = false;
          }
        } else {
          if (ch === '\n') this.line++;
          this.cell += ch;
        }
        continue;
      }
      if (this.afterQuote) {
        this.afterQuote = false;
        if (ch === '"') {
          this.cell += '"';
          this.quoted = true;
          continue;
        }
      }
      if (ch === '"' && this.cell === '') this.quoted = true;
      else if (ch === ',') {
        this.cells.push(this.cell);
        this.cell = '';
      } else if (ch === '\n' || ch === '\r') {
        if (ch === '\r') this.pendingCr = true;
        const rec = this.finishRecord();
        this.line++;
        this.recordLine = this.line;
        if (rec) yield rec;
      } else this.cell += ch;
    }
  }

  *end(): Generator<CsvRecord> {
    const rec = this.finishRecord();
    if (rec) yield rec;
  }

  private finishRecord(): CsvRecord | undefined {
    this.cells.push(this.cell);
    const cells = this.cells;
    this.cells = [];
    this.cell = '';
    if (cells.length === 1 && cells[0] === '') return undefined; // blank line
    return { line: this.recordLine, cells };
  }
}
