import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBStore } from '../../src/server/store/duckdb';
import type { Param } from '../../src/server/store/Store';
import { withValuesWrittenIn } from '../../src/server/store/values';

/*
 * DuckDB's statements get their values written in as literals (src/server/store/values.ts), under a
 * safety rule: only values of the plain forms (a 32-bit integer, a timestamp of one form, a short
 * text of letters, digits, spaces and `_.:-`, or a non-empty list of those), and never a `$n` inside
 * a quoted string, which is text. Anything else stays bound. Each case runs on a real DuckDB: the
 * answer must be the value as given, whatever it holds.
 */
const dir = mkdtempSync(join(tmpdir(), 'hawkeye-literals-'));
let store: DuckDBStore;
beforeAll(async () => {
  store = await DuckDBStore.open(join(dir, 'literals.duckdb'));
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('values written into DuckDB statements', () => {
  it('writes in the plain forms, and the answer is the same as bound', async () => {
    const sql =
      'SELECT $1::INTEGER AS n, $2::VARCHAR AS t, $3::TIMESTAMP AS ts, 3 IN (SELECT unnest($4::INTEGER[])) AS listed';
    const params: Param[] = [-2147483648, 'Oak Ridge_2.5:-x', '2026-10-21 00:00:00.123', [1, 2, 3]];
    const written = withValuesWrittenIn(sql, params);
    expect(written.params).toEqual([]);
    expect(written.sql).not.toMatch(/\$\d/);
    const [row] = await store.query(sql, params);
    expect(row).toMatchObject({ n: -2147483648, t: 'Oak Ridge_2.5:-x', listed: true });
    expect(String(row.ts)).toContain('2026-10-21');
  });

  it('keeps bound every value of another form: quotes, backslashes, long text, big numbers, other timestamps', async () => {
    const values: [Param, string][] = [
      ["x' OR '1'='1", 'VARCHAR'],
      ["O'Brien", 'VARCHAR'],
      ['back\\slash', 'VARCHAR'],
      ['semi;colon', 'VARCHAR'],
      ['a'.repeat(101), 'VARCHAR'],
      ['2026-10-21T00:00:00Z', 'TIMESTAMP'],
      ["2026-10-21 00:00:00' OR TRUE --", 'TIMESTAMP'],
      [2 ** 31, 'INTEGER'],
      [1.5, 'INTEGER'],
    ];
    for (const [value, type] of values) {
      const sql = `SELECT $1::${type} AS v`;
      expect(withValuesWrittenIn(sql, [value]), String(value)).toEqual({ sql, params: [value] });
    }
    // A list with one value not plain stays bound whole.
    const listSql = 'SELECT 1 AS one WHERE $1::VARCHAR IN (SELECT unnest($2::VARCHAR[]))';
    expect(withValuesWrittenIn(listSql, ['a', ['a', "b'c"]]).params).toHaveLength(2);
    // Through DuckDB: the text comes back as given, and injects nothing.
    const [row] = await store.query('SELECT $1::VARCHAR AS v, $2::VARCHAR AS w', ["x' OR '1'='1", "O'Brien"]);
    expect(row).toEqual({ v: "x' OR '1'='1", w: "O'Brien" });
  });

  it('leaves a `$n` inside a quoted string alone: the statement stays bound', async () => {
    const sql = `SELECT 'costs $1::VARCHAR' AS label, "$2::VARCHAR" AS q, $1::VARCHAR AS v FROM (SELECT 1 AS "$2::VARCHAR")`;
    expect(withValuesWrittenIn(sql, ['abc', 'def'])).toEqual({ sql, params: ['abc', 'def'] });
    const [row] = await store.query(
      `SELECT 'costs $1::VARCHAR' AS label, 'it''s $2::INTEGER' AS other, $1::VARCHAR AS v, $2::INTEGER AS n`,
      ['abc', 7],
    );
    expect(row).toEqual({ label: 'costs $1::VARCHAR', other: "it's $2::INTEGER", v: 'abc', n: 7 });
  });
});
