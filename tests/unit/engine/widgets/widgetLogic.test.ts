import { describe, expect, it } from 'vitest';
import { buildRequestBody } from '../../../../engine/data/buildRequestBody';
import { extractRows, extractTotal } from '../../../../engine/data/extractRows';
import type { NormalizedPage, NormalizedSource } from '../../../../engine/definitions/normalizedPage';
import { menuEntries } from '../../../../engine/menuEntries';
import { evaluateCondition } from '../../../../engine/params/evaluateCondition';
import { filterSpanValue } from '../../../../engine/params/filterSpanValue';
import { initialParams } from '../../../../engine/params/paramStorage';
import { resolveActions } from '../../../../engine/params/resolveActions';
import type { Tile } from '../../../../engine/types/dashboard';
import {
  labelThreshold,
  pieColors,
  pieColoursFor,
  pieSlices,
} from '../../../../engine/widgets/pie/pieSlices';
import { cellText, totalText } from '../../../../engine/widgets/table/cellText';
import { groupSpans } from '../../../../engine/widgets/table/groupSpans';
import { nextSort } from '../../../../engine/widgets/table/nextSort';
import { entriesLabel, pageList } from '../../../../engine/widgets/table/pageList';
import { fillTemplate } from '../../../../engine/widgets/text/fillTemplate';
import { formatTileValue } from '../../../../engine/widgets/tiles/formatTileValue';
import { indicatorOf } from '../../../../engine/widgets/tiles/indicator';
import { tileIndicator } from '../../../../engine/widgets/tiles/tileIndicator';

describe('table', () => {
  it('sort cycles none -> asc -> desc -> asc; another header starts again', () => {
    const a = nextSort(null, 'x');
    expect(a).toEqual({ field: 'x', direction: 'asc' });
    const b = nextSort(a, 'x');
    expect(b).toEqual({ field: 'x', direction: 'desc' });
    expect(nextSort(b, 'x')).toEqual({ field: 'x', direction: 'asc' });
    expect(nextSort(b, 'y')).toEqual({ field: 'y', direction: 'asc' });
  });
  it("paginator shows every page under 8, elides with '...' from 8", () => {
    expect(pageList(7, 1)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageList(10, 1)).toEqual([1, 2, 3, 4, 5, '...', 10]);
    expect(pageList(10, 9)).toEqual([1, '...', 6, 7, 8, 9, 10]);
    expect(pageList(10, 5)).toEqual([1, '...', 4, 5, 6, '...', 10]);
    expect(entriesLabel(10, 42)).toBe('Show 10 of 42 Entries');
  });
  it('grouped rows span', () => {
    expect(groupSpans([{ g: 'a' }, { g: 'a' }, { g: 'b' }], 'g')).toEqual([2, 0, 1]);
  });
  it("cells get ' (Inactive)' and pipes; zero totals an em dash", () => {
    const col = { header: 'G', field: 'g', inactiveField: 'active' };
    expect(cellText(col, { g: 'North', active: false })).toBe('North (Inactive)');
    expect(cellText(col, { g: 'North', active: true })).toBe('North');
    const pct = { header: 'P', field: 'p', pipe: { name: 'percent' as const, args: [1] }, total: {} };
    expect(totalText(pct, { p: 0 })).toBe('\u2014');
    expect(totalText(pct, { p: 12.34 })).toBe('12.3%');
  });
});

describe('tiles and ring indicators', () => {
  it('better higher: up is positive; better lower: up is negative; ties follow the tie rule', () => {
    expect(indicatorOf(5, 3, 'higher')).toEqual({ direction: 'up', tone: 'positive' });
    expect(indicatorOf(5, 3, 'lower')).toEqual({ direction: 'up', tone: 'negative' });
    expect(indicatorOf(2, 3, 'lower')).toEqual({ direction: 'down', tone: 'positive' });
    expect(indicatorOf(3, 3, 'higher', 'positive')).toEqual({ direction: 'up', tone: 'positive' });
    expect(indicatorOf(3, 3, 'lower', 'positive')).toEqual({ direction: 'down', tone: 'positive' });
    expect(indicatorOf(3, 3, 'higher', 'neutral')).toEqual({ direction: 'flat', tone: 'neutral' });
    expect(indicatorOf(null, 3, 'higher')).toBeUndefined();
  });
  it('tile formats', () => {
    expect(formatTileValue(12.6, 'percent')).toBe('13%');
    expect(formatTileValue(12.345, 'percent2')).toBe('12.35%');
    expect(formatTileValue(undefined, 'number')).toBe('No Data');
    expect(formatTileValue(2_500_000, 'number', true)).toBe('2.5 M');
  });
});

describe('pie', () => {
  it("keeps 9 slices by value, sums the rest into 'Misc.', sorts by label case-insensitively", () => {
    const rows = Array.from({ length: 11 }, (_, i) => ({
      l: `${String.fromCharCode(107 - i)}${i}`,
      v: 11 - i,
    }));
    const slices = pieSlices(rows, 'l', 'v');
    expect(slices).toHaveLength(10);
    expect(slices.find((s) => s.label === 'Misc.')?.value).toBe(3);
    const labels = slices.map((s) => s.label.toLowerCase());
    expect(labels).toEqual([...labels].sort());
    expect(Math.round(slices.reduce((s, x) => s + x.percent, 0))).toBe(100);
  });
  it('orders labels the collator holds equal the same whatever their values', () => {
    const order = (values: number[]) =>
      pieSlices(
        ['Café Listings', 'Cafe Listings', 'zillow', 'Apartments.com'].map((l, i) => ({ l, v: values[i] })),
        'l',
        'v',
      ).map((s) => s.label);
    const want = ['Apartments.com', 'Cafe Listings', 'Café Listings', 'zillow'];
    expect(order([5, 9, 1, 2])).toEqual(want);
    expect(order([9, 5, 2, 1])).toEqual(want);
  });
  it('label threshold grows as the pie shrinks', () => {
    expect([1000, 800, 600, 400, 200].map(labelThreshold)).toEqual([1, 2, 4, 8, 14]);
  });
});

describe('params and data', () => {
  it('actions set from the row, from a literal, or reset', () => {
    const changes = resolveActions(
      [
        { set: 'a', from: 'row.id' },
        { set: 'b', value: 'x' },
        { reset: 'c' },
        { set: 'd', from: 'event.value' },
      ],
      { row: { id: 7 }, value: 'v' },
    );
    expect([...changes]).toEqual([
      ['a', 7],
      ['b', 'x'],
      ['c', undefined],
      ['d', 'v'],
    ]);
  });
  it('conditions', () => {
    expect(evaluateCondition({ param: 'v', equals: 'a' }, { v: 'a' })).toBe(true);
    expect(evaluateCondition({ param: 'v', notEquals: 'a' }, { v: 'a' })).toBe(false);
    expect(evaluateCondition({ param: 'v', isSet: true }, { v: [] })).toBe(false);
  });
  it('request bodies read the filter, params and table state', () => {
    const source = {
      endpoint: '/x',
      method: 'POST',
      rows: '',
      reloadOnApply: true,
      body: {
        ids: { $filter: 'ids' },
        kinds: { $param: 'kinds', map: { all: ['A', 'B'], one: 'C' } },
        limit: { $table: 'limit' },
        skip: { $table: 'offset' },
        sort: { $table: 'sorts' },
        optional: { $param: 'missing', omitWhenEmpty: true },
        code: 5,
      },
    } as NormalizedSource;
    const body = buildRequestBody('t', source, {
      filter: { ids: [1, 2] },
      params: { kinds: ['all', 'one'] },
      tables: { t: { pageIndex: 2, pageSize: 25, sort: { field: 'n', direction: 'desc' } } },
    });
    expect(body).toEqual({
      ids: [1, 2],
      kinds: ['A', 'B', 'C'],
      limit: 25,
      skip: 50,
      sort: [{ column: 'n', direction: 'desc' }],
      code: 5,
    });
  });
  it('rows from lists, {headers, values} tables and single objects', () => {
    expect(extractRows({ values: [{ a: 1 }], totalRows: 9 }, '/values')).toEqual([{ a: 1 }]);
    expect(extractTotal({ values: [], totalRows: 9 }, '/totalRows')).toBe(9);
    expect(extractRows({ headers: ['m', 'p'], values: [[1, 2]] }, '')).toEqual([{ m: 1, p: 2 }]);
    expect(extractRows({ total: 3 }, '')).toEqual([{ total: 3 }]);
  });
  it('templates fill params and piped row values', () => {
    expect(
      fillTemplate(
        'as of {row.at|date:M/D/YYYY h:mm A} for {param.v}',
        { v: 'x' },
        { at: '2024-01-02T03:04:00' },
      ),
    ).toBe('as of 1/2/2024 3:04 AM for x');
    expect(fillTemplate('as of {row.at|date:M/D/YYYY}', {}, undefined, '00/00/0000 0:00AM')).toBe(
      'as of 00/00/0000 0:00AM',
    );
  });
  it('menu entries group sections at their first order', () => {
    const page = (id: string, order: number, section?: string) =>
      ({ id, route: `/${id}`, menu: { label: id, order, section } }) as unknown as NormalizedPage;
    expect(menuEntries([page('b', 2, 'S'), page('a', 1), page('c', 3, 'S')])).toEqual([
      { type: 'item', label: 'a', route: '/a', order: 1 },
      {
        type: 'section',
        label: 'S',
        order: 2,
        items: [
          { label: 'b', route: '/b', order: 2 },
          { label: 'c', route: '/c', order: 3 },
        ],
      },
    ]);
  });
});

describe('generic options', () => {
  it('pie rows with the same label form one slice; the label can be built from the row', () => {
    const rows = [
      { a: 'X', b: 'one', n: 2 },
      { a: 'X', b: 'two', n: 3 },
      { a: 'Y', b: 'one', n: 5 },
    ];
    expect(pieSlices(rows, 'b', 'n').map((s) => [s.label, s.value])).toEqual([
      ['one', 7],
      ['two', 3],
    ]);
    const joined = pieSlices(rows, (r) => fillTemplate('{row.a} - {row.b}', {}, r), 'n');
    expect(joined.map((s) => s.label)).toEqual(['X - one', 'X - two', 'Y - one']);
  });

  it('a param can follow the length of a filter range, unless a value is stored', () => {
    const rule = {
      start: 'from',
      end: 'to',
      steps: [
        { below: 90, value: 'short' },
        { below: 365, value: 'middle' },
      ],
      otherwise: 'long',
    };
    const span = (from: string, to: string) => filterSpanValue(rule, { from, to });
    expect(span('2024-01-01', '2024-01-30')).toBe('short');
    expect(span('2024-01-01', '2024-03-30')).toBe('middle');
    expect(span('2024-01-01', '2024-12-30')).toBe('long');
    expect(filterSpanValue(rule, {})).toBeUndefined();
    const params = { p: { default: 'short', resetOnApply: false, fromFilterSpan: rule, storageKey: 'k' } };
    const filter = { from: '2023-01-01', to: '2024-01-01' };
    const none = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
    expect(initialParams(params, none, filter)).toEqual({ p: 'long' });
    expect(initialParams(params, { ...none, getItem: () => '"middle"' }, filter)).toEqual({ p: 'middle' });
    // A URL that names a whole view left the param out: its default, neither remembered nor from the span.
    expect(initialParams(params, { ...none, getItem: () => '"middle"' }, filter, new Set(['p']))).toEqual({
      p: 'short',
    });
  });
});

describe('pie colours', () => {
  it('a label keeps its colour as the slices around it change, and no two slices share one', () => {
    const first = pieColoursFor('test-pie', ['A', 'B', 'C', 'Misc.']);
    expect(first).toEqual(pieColors.slice(0, 4));
    // B leaves and D arrives: A, C and Misc. keep theirs; D takes a colour no label has had.
    const second = pieColoursFor('test-pie', ['A', 'C', 'D', 'Misc.']);
    expect(second).toEqual([first[0], first[2], pieColors[4], first[3]]);
    // B comes back with its own colour.
    expect(pieColoursFor('test-pie', ['B', 'D'])).toEqual([first[1], pieColors[4]]);
    // Another pie starts afresh.
    expect(pieColoursFor('other-pie', ['D'])).toEqual([pieColors[0]]);
    const many = pieColoursFor(
      'test-pie',
      Array.from({ length: 10 }, (_, i) => `L${i}`),
    );
    expect(new Set(many).size).toBe(10);
  });
});

describe('tile indicator, by the values as shown', () => {
  const tile = (extra: Partial<Tile>): Tile => ({ title: 'T', field: 'current', better: 'higher', ...extra });

  it('shows none beside an em dash or No Data', () => {
    expect(tileIndicator(tile({ dashWhenEmpty: true, format: 'percent' }), 0, 12.5)).toBeUndefined();
    expect(tileIndicator(tile({ dashWhenEmpty: true }), null, 12.5)).toBeUndefined();
    expect(tileIndicator(tile({}), 'n/a', 3)).toBeUndefined();
    expect(tileIndicator(tile({ format: 'percent' }), 14, 12.5)).toEqual({
      direction: 'up',
      tone: 'positive',
    });
  });

  it('takes two values that read the same as a tie, whatever digits are not shown', () => {
    // 5.018 and 5.021 both read 5.02: the tie's rule, not a down arrow.
    expect(tileIndicator(tile({ tie: 'positive' }), 5.018, 5.021)).toEqual({
      direction: 'up',
      tone: 'positive',
    });
    expect(tileIndicator(tile({ tie: 'neutral' }), 5.021, 5.018)).toEqual({
      direction: 'flat',
      tone: 'neutral',
    });
    expect(tileIndicator(tile({ tie: 'neutral' }), 5.03, 5.018)).toEqual({
      direction: 'up',
      tone: 'positive',
    });
    // Percent tiles drop decimals: 12.6 and 13.4 both read 13%.
    expect(tileIndicator(tile({ format: 'percent', tie: 'negative' }), 13.4, 12.6)).toEqual({
      direction: 'down',
      tone: 'negative',
    });
  });
});
