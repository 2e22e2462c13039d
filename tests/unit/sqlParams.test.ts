import { describe, expect, it } from 'vitest';
import { SqlParams } from '../../src/server/analytics/queries/sqlParams';

describe('SqlParams', () => {
  it('writes integers, timestamps and plain texts into the query as literals', () => {
    const p = new SqlParams();
    const sql = [
      p.ints([3, 1, 2]),
      p.add(50, 'INTEGER'),
      p.add('2026-10-21 00:00:00.000', 'TIMESTAMP'),
      p.add('inbound', 'VARCHAR'),
      p.texts(['PHONE', 'SMS']),
    ].join(' ');
    expect(sql).toBe(
      "(3, 1, 2) CAST(50 AS INTEGER) TIMESTAMP '2026-10-21 00:00:00.000' 'inbound' ('PHONE', 'SMS')",
    );
    expect(p.values).toEqual([]);
  });

  it('binds anything else as a placeholder, so no value can end its literal early', () => {
    const p = new SqlParams();
    const sql = [
      p.add("x' OR '1'='1", 'VARCHAR'),
      p.texts(['PHONE', "SMS'); DROP TABLE users; --"]),
      p.add('2026-10-21 00:00:00.000; DROP TABLE users', 'TIMESTAMP'),
      p.add(1.5, 'INTEGER'),
      p.add(2 ** 60, 'INTEGER'),
      p.ints([1, Number.NaN]),
      p.ints([]),
      p.add('a\\b', 'VARCHAR'),
    ].join(' ');
    expect(sql).toBe(
      '$1::VARCHAR (SELECT unnest($2::VARCHAR[])) $3::TIMESTAMP $4::INTEGER $5::INTEGER ' +
        '(SELECT unnest($6::INTEGER[])) (SELECT unnest($7::INTEGER[])) $8::VARCHAR',
    );
    expect(p.values).toEqual([
      "x' OR '1'='1",
      ['PHONE', "SMS'); DROP TABLE users; --"],
      '2026-10-21 00:00:00.000; DROP TABLE users',
      1.5,
      2 ** 60,
      [1, Number.NaN],
      [],
      'a\\b',
    ]);
  });
});
