import { describe, expect, it } from 'vitest';
import { applyPipe } from '../../engine/format';
import { BadRequestError } from '../../src/server/analytics/errors';
import { countPercent, percentCount, percentOf, round } from '../../src/server/analytics/format';
import { parseClock, previousSpan, spanOf } from '../../src/server/analytics/period';
import { orderBy } from '../../src/server/analytics/queries/table';
import { DATA_ENDPOINTS } from '../../src/server/analytics/routes/endpoints';
import { createAnalyticsAjv, loadSchemaFiles, ref } from '../../src/server/analytics/schemas';

describe('periods', () => {
  it('a bare end date covers its whole day; a time end is inclusive', () => {
    expect(spanOf('s', '2026-03-01', 'e', '2026-03-07')).toEqual({
      start: '2026-03-01 00:00:00.000',
      end: '2026-03-08 00:00:00.000',
    });
    expect(spanOf('s', '2026-03-01T00:00:00.000Z', 'e', '2026-03-07T23:59:59.999Z').end).toBe(
      '2026-03-08 00:00:00.000',
    );
  });
  it('the previous period is the same-length span just before, unless sent', () => {
    const cur = spanOf('s', '2026-03-01', 'e', '2026-03-07');
    expect(previousSpan(cur)).toEqual({ start: '2026-02-22 00:00:00.000', end: '2026-03-01 00:00:00.000' });
    expect(previousSpan(cur, '2025-03-01', '2025-03-07').start).toBe('2025-03-01 00:00:00.000');
    expect(() => previousSpan(cur, '2025-03-01')).toThrow(BadRequestError);
  });
  it('refuses impossible dates and an end before the start, naming the field', () => {
    expect(parseClock('2026-02-31')).toBeUndefined();
    expect(parseClock('2026-01-01T25:00')).toBeUndefined();
    try {
      spanOf('startDate', '2026-03-07', 'endDate', '2026-03-01');
      expect.unreachable();
    } catch (err) {
      expect((err as BadRequestError).validation[0].instancePath).toBe('/endDate');
    }
  });
});

describe('display texts', () => {
  it('formats count (percent) and NN% (count)', () => {
    expect(countPercent(8, 9)).toBe('8 (88.9%)');
    // Zero reads '0%' (SPEC.md section 5), as the page's percent pipe writes it, not '0.0%'.
    expect(countPercent(0, 0)).toBe('0 (0%)');
    expect(countPercent(0, 7)).toBe('0 (0%)');
    expect(percentCount(0, 7)).toBe('0% (0)');
    expect(percentCount(1, 3)).toBe('33.3% (1)');
    // Thousands comma-separated, as every count on screen.
    expect(countPercent(28927, 43409)).toBe('28,927 (66.6%)');
    expect(percentCount(1227, 10000)).toBe('12.3% (1,227)');
    expect(round(42.857142)).toBe(42.86);
  });

  it('rounds exact halves as the page does: half away from zero, from the shortest decimal', () => {
    // 32.15 and 15.85 are stored a hair below the half: toFixed(1) wrote 32.1 and 15.8.
    expect(countPercent(12_860, 40_000)).toBe('12,860 (32.2%)');
    expect(percentCount(317, 2000)).toBe('15.9% (317)');
    expect(percentCount(1, 8)).toBe('12.5% (1)');
    expect(percentCount(3, 16_000)).toBe('0.0% (3)');
    expect(percentCount(9, 16_000)).toBe('0.1% (9)');
    // The same share through the page's percent pipe reads the same.
    for (const [count, total] of [
      [12_860, 40_000],
      [317, 2000],
      [1, 8],
      [9, 16_000],
      [2_057, 20_000],
      [0, 20],
    ]) {
      const shown = applyPipe(percentOf(count, total), { name: 'percent', args: [1] });
      expect(percentCount(count, total)).toBe(`${shown} (${count.toLocaleString('en-US')})`);
    }
    expect(round(null)).toBeNull();
  });
});

describe('sort allow-lists', () => {
  const files = loadSchemaFiles();
  const ajv = createAnalyticsAjv();
  it.each(DATA_ENDPOINTS.filter((e) => e.table).map((e) => [e.path, e] as const))(
    '%s: the schema enum equals the query allow-list',
    (_p, e) => {
      const file = files.find((f) => f.name === e.file)!;
      type Def = {
        $ref?: string;
        properties: { sort: { items: { properties: { column: { enum: string[] } } } } };
      };
      // A request may be another of its file (a totals request takes its table's body).
      let def = file.schema.$defs[e.request] as Def;
      while (def.$ref) def = file.schema.$defs[def.$ref.replace('#/$defs/', '')] as Def;
      expect([...def.properties.sort.items.properties.column.enum].sort()).toEqual(
        Object.keys(e.table!.columns).sort(),
      );
      expect(ajv.getSchema(ref(e.file, e.request).$ref)).toBeDefined();
    },
  );
  it('never puts an unknown column into SQL', () => {
    const table = DATA_ENDPOINTS.find((e) => e.table)!.table!;
    expect(() => orderBy(table, [{ column: 'x; DROP TABLE sites' }])).toThrow(BadRequestError);
    expect(() => orderBy(table, [{ column: 'constructor' }])).toThrow(BadRequestError);
  });
});
