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
      AND c.kind IN ('PHONE', 'SMS') AND c.direction = 'inbound' LIMIT CAST(50 AS INTEGER)`,
      params: [],
    });
  });

  it.each([
    ['a text with a quote', "x' OR '1'='1", 'VARCHAR'],
    ['a text with a backslash', 'a\\b', 'VARCHAR'],
    ['a timestamp with more after it', '2026-10-21 00:00:00.000; DROP TABLE users', 'TIMESTAMP'],
    ['a fraction as an integer', 1.5, 'INTEGER'],
    ['an integer past 2^53', 2 ** 60, 'INTEGER'],
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

  it('leaves a statement with a placeholder without a cast as it is', () => {
    const sql = 'SELECT id FROM users WHERE username = $1 AND id > $2::INTEGER';
    expect(withValuesWrittenIn(sql, ['admin', 3])).toEqual({ sql, params: ['admin', 3] });
  });
});
