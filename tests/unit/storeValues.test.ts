import { describe, expect, it } from 'vitest';
import { SqlParams } from '../../src/server/analytics/queries/sqlParams';
import { withValuesWrittenIn } from '../../src/server/store/values';

describe('values written into a DuckDB statement', () => {
  it('writes safe integers, timestamps, plain texts and lists of them in, leaving nothing bound', () => {
    const p = new SqlParams();
    const sql = `SELECT 1 FROM t c WHERE c.site_id IN ${p.ints([3, 1, 2])} AND c.at >= ${p.add('2026-10-21 00:00:00.000', 'TIMESTAMP')}
      AND c.kind IN ${p.texts(['PHONE', 'SMS'])} AND c.direction = ${p.add('inbound', 'VARCHAR')} LIMIT ${p.add(50, 'INTEGER')}`;
    expect(withValuesWrittenIn(sql, p.values)).toEqual({
      sql: `SELECT 1 FROM t c WHERE c.site_id IN (3, 1, 2) AND c.at >= TIMESTAMP '2026-10-21 00:00:00.000'
      AND c.kind IN ('PHONE', 'SMS') AND c.direction = CAST('inbound' AS VARCHAR) LIMIT CAST(50 AS INTEGER)`,
      params: [],
    });
  });

  it.each([
    ['a text with a quote', "x' OR '1'='1", 'VARCHAR'],
    ['a text with a backslash', 'a\\b', 'VARCHAR'],
    ['a timestamp with more after it', '2026-10-21 00:00:00.000; DROP TABLE users', 'TIMESTAMP'],
    ['a fraction as an integer', 1.5, 'INTEGER'],
    ['an integer past 32 bits', 2 ** 31, 'INTEGER'],
    ['a boolean', true, 'VARCHAR'],
    ['null', null, 'INTEGER'],
  ] as const)('leaves every value bound when one is %s', (_, value, cast) => {
    const p = new SqlParams();
    const sql = `SELECT 1 FROM t c WHERE c.site_id IN ${p.ints([1, 2])} AND c.x = ${p.add(value, cast)}`;
    expect(withValuesWrittenIn(sql, p.values)).toEqual({ sql, params: p.values });
  });

  it.each([
    ['a text with a quote', ['PHONE', "SMS'); DROP TABLE users; --"]],
    ['an empty list', []],
    ['a list with NaN', [1, Number.NaN]],
  ] as const)('and when a list holds %s', (_, list) => {
    const p = new SqlParams();
    const sql = `SELECT 1 FROM t c WHERE c.x IN ${typeof list[0] === 'string' ? p.texts(list as readonly string[]) : p.ints(list as readonly number[])}`;
    expect(withValuesWrittenIn(sql, p.values)).toEqual({ sql, params: p.values });
  });

  it('tells $1 from $10, writes a value used twice twice, and keeps negative integers whole', () => {
    const params = [-5, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const sql =
      'SELECT $10::INTEGER - $1::INTEGER, $1::INTEGER, $2::INTEGER + $3::INTEGER + $4::INTEGER + $5::INTEGER + $6::INTEGER + $7::INTEGER + $8::INTEGER + $9::INTEGER';
    expect(withValuesWrittenIn(sql, params).sql).toBe(
      'SELECT CAST(10 AS INTEGER) - CAST(-5 AS INTEGER), CAST(-5 AS INTEGER), CAST(2 AS INTEGER) + CAST(3 AS INTEGER) + ' +
        'CAST(4 AS INTEGER) + CAST(5 AS INTEGER) + CAST(6 AS INTEGER) + CAST(7 AS INTEGER) + CAST(8 AS INTEGER) + CAST(9 AS INTEGER)',
    );
  });

  it('leaves the statement bound when a value is left over, a placeholder has no value, or a cast is another type', () => {
    for (const [sql, params] of [
      ['SELECT $1::INTEGER', [1, 2]],
      ['SELECT $1::INTEGER + $2::INTEGER', [1]],
      ['SELECT $1::TIMESTAMPTZ', ['2026-10-21 00:00:00.000']],
    ] as const)
      expect(withValuesWrittenIn(sql, params)).toEqual({ sql, params });
  });

  it('leaves a statement with a placeholder without a cast as it is', () => {
    const sql = 'SELECT id FROM users WHERE username = $1 AND id > $2::INTEGER';
    expect(withValuesWrittenIn(sql, ['admin', 3])).toEqual({ sql, params: ['admin', 3] });
  });
});
