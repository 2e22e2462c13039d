import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../scripts/dashboards-check';

/**
 * Edits an analyst makes to today's definitions that pass a check of names and break a page: each
 * is a small patch over a copy of dashboards/, and `dashboards:check` must refuse it with an error
 * at the line to fix. `at` is the text of that line (the first at or after `after`, in `file`).
 */
interface Edit {
  file: string;
  find: string;
  replace: string;
  /** The patch applies to the first `find` at or after this text. */
  after?: string;
}
interface BreakingEdit {
  kind: string;
  edits: Edit[];
  expect: { file: string; at: string; after?: string; message: RegExp };
}

const HTTP_400: BreakingEdit[] = [
  {
    kind: 'a param default "0" for initialCommunication',
    edits: [
      {
        file: 'response-time.json',
        after: '"trendCommunication": {',
        find: '"default": 0,',
        replace: '"default": "0",',
      },
    ],
    expect: {
      file: 'response-time.json',
      at: '"default": "0",',
      message: /initialCommunication.*must be one of 0, 1/,
    },
  },
  {
    kind: '"relationshipIds": ["4"]',
    edits: [
      {
        file: 'volume.json',
        after: '"typeRelationships": {',
        find: '"default": [1, 2, 3, 4, 5, 6, 7],',
        replace: '"default": ["4"],',
      },
    ],
    expect: {
      file: 'volume.json',
      at: '"default": ["4"],',
      message: /relationshipIds: \["4"\].*\/relationshipIds\/0 must be integer/,
    },
  },
  {
    kind: '"commTypes": ["PHONES"] in a shared value map',
    edits: [{ file: '_shared.json', find: '"Calls": ["PHONE"],', replace: '"Calls": ["PHONES"],' }],
    expect: {
      file: '_shared.json',
      at: '"Calls": ["PHONES"],',
      message: /commTypes: \["PHONES"\].*must be one of "PHONE"/,
    },
  },
  {
    kind: '"timeTrendGroup": "weekly" as a pill value',
    edits: [
      {
        file: 'response-time.json',
        find: '{ "label": "Week", "value": "week" },',
        replace: '{ "label": "Week", "value": "weekly" },',
      },
    ],
    expect: {
      file: 'response-time.json',
      at: '"value": "weekly"',
      message: /timeTrendGroup: "weekly".*must be one of "week", "month", "quarter"/,
    },
  },
  {
    kind: 'a body template that sends no dates to a dated endpoint',
    edits: [
      {
        file: 'home.json',
        find: '"trend": {',
        replace: '"trend": {\n      "template": "scope",',
      },
    ],
    expect: {
      file: 'home.json',
      after: '"trend": {',
      at: '"template": "scope",',
      message: /sends no 'startDate', which POST .*average_response_time_trend requires/,
    },
  },
  {
    kind: 'a drill-down whose key and label are swapped',
    edits: [
      {
        file: 'volume.json',
        find: '"from": { "column": "site", "key": "siteId", "label": "site" }',
        replace: '"from": { "column": "site", "key": "site", "label": "siteId" }',
      },
    ],
    expect: {
      file: 'volume.json',
      at: '"key": "site", "label": "siteId"',
      message: /siteId: a string.*\/siteId must be integer,null/,
    },
  },
  {
    kind: 'a drill to another page whose site id comes from the site name',
    edits: [
      {
        file: 'caller-behavior.json',
        find: '"logSiteId": { "from": "row.siteId" },',
        replace: '"logSiteId": { "from": "row.site" },',
      },
    ],
    expect: {
      file: 'caller-behavior.json',
      at: '"logSiteId": { "from": "row.site" },',
      message:
        /drill param 'logSiteId' gets a value of type string, but page 'communications-log' reads it as type 'number'/,
    },
  },
  {
    kind: 'a chart drill whose value map keys are lower case',
    edits: [
      {
        file: 'volume.json',
        find: '"map": { "Inbound": "inbound", "Outbound": "outbound" }',
        replace: '"map": { "inbound": "inbound", "outbound": "outbound" }',
      },
    ],
    expect: {
      file: 'volume.json',
      at: '"map": { "inbound": "inbound"',
      message: /shows row\.group values "Inbound", "Outbound".*this map does not have/,
    },
  },
  {
    kind: 'a select whose value map sends "Missed Call" where the endpoint takes a list of codes',
    edits: [
      {
        file: 'volume.json',
        find: '{ "kind": "select", "param": "volCommType", "label": "Comm Type", "options": "commTypes" }',
        replace:
          '{ "kind": "select", "param": "volCommType", "label": "Comm Type", "options": "responseCommTypes" }',
      },
    ],
    expect: {
      file: 'volume.json',
      at: '"options": "responseCommTypes"',
      message: /commTypes: "Missed Call".*\/commTypes must be array/,
    },
  },
];

const BLANK_CHARTS: BreakingEdit[] = [
  {
    kind: 'a widget reading dataset "data"',
    edits: [
      {
        file: 'volume.json',
        find: '"spec": "volumeByType",',
        replace: '"spec": "volumeByType",\n              "dataset": "data",',
      },
    ],
    expect: {
      file: 'volume.json',
      at: '"dataset": "data",',
      message: /the spec reads dataset 'rows', but the engine gives the rows as 'data'/,
    },
  },
  {
    kind: 'a library spec reading data named "row"',
    edits: [
      {
        file: '_shared.json',
        after: '"volumeByType": {',
        find: '"data": { "name": "rows" },',
        replace: '"data": { "name": "row" },',
      },
    ],
    expect: {
      file: '_shared.json',
      at: '"data": { "name": "row" },',
      message: /the spec reads dataset 'row', but the engine gives the rows as 'rows'/,
    },
  },
  {
    kind: 'a calculate expression naming a missing field',
    edits: [
      {
        file: '_shared.json',
        after: '"volumeByType": {',
        find: '"datum.point.value"',
        replace: '"datum.point.valeu"',
      },
    ],
    expect: {
      file: '_shared.json',
      at: '"datum.point.valeu"',
      message: /expression reads datum\.point\.valeu, and point has no field 'valeu'/,
    },
  },
  {
    kind: 'a flatten on a field that is not a list',
    edits: [
      {
        file: '_shared.json',
        after: '"volumeByType": {',
        find: '{ "flatten": ["values"], "as": ["point"] },',
        replace: '{ "flatten": ["group"], "as": ["point"] },',
      },
    ],
    expect: {
      file: '_shared.json',
      at: '{ "flatten": ["group"]',
      message: /flatten needs a list, and field 'group' is string/,
    },
  },
  {
    kind: 'a chart whose params were removed while its spec still reads them',
    edits: [{ file: 'response-time.json', find: '"params": ["trendPeriod"],\n', replace: '' }],
    expect: {
      file: 'response-time.json',
      at: '"spec": "averageResponseTimeTrend",',
      message: /the spec reads param 'trendPeriod', which the chart does not pass/,
    },
  },
];

const VANISH: BreakingEdit[] = [
  {
    kind: 'a when on a value no option has',
    edits: [
      {
        file: 'volume.json',
        after: '"data": "volBySite",',
        find: '"when": { "param": "volView", "equals": "site" },',
        replace: '"when": { "param": "volView", "equals": "sites" },',
      },
    ],
    expect: {
      file: 'volume.json',
      at: '"equals": "sites"',
      message: /param 'volView' never takes "sites".*did you mean 'site'/,
    },
  },
  {
    kind: 'a table whose totals source was removed while its columns ask for totals',
    edits: [
      { file: 'volume.json', find: ',\n              "totals": { "data": "volBySiteTotals" }', replace: '' },
    ],
    expect: {
      file: 'volume.json',
      after: '"data": "volBySite",',
      at: '"total": {}',
      message: /asks for a total, but its table has no "totals" source/,
    },
  },
  {
    kind: 'a typo in an access claim',
    edits: [
      {
        file: 'ils-call-performance.json',
        find: '"claim": "HawkEyeDashboardILS"',
        replace: '"claim": "HawkEyeDashbordILS"',
      },
    ],
    expect: {
      file: 'ils-call-performance.json',
      at: '"claim": "HawkEyeDashbordILS"',
      message: /grants no claim 'HawkEyeDashbordILS'; did you mean 'HawkEyeDashboardILS'/,
    },
  },
  {
    kind: 'a typo in a menu section',
    edits: [
      {
        file: 'volume.json',
        find: '"section": "Communication Performance"',
        replace: '"section": "Communication Perfomance"',
      },
    ],
    expect: {
      file: 'volume.json',
      at: '"section": "Communication Perfomance"',
      message:
        /section 'Communication Perfomance' has only this page.*did you mean 'Communication Performance'/,
    },
  },
  {
    kind: 'a panel link to a route that does not exist',
    edits: [
      {
        file: 'home.json',
        find: '"link": { "route": "/dashboard/volume" },',
        replace: '"link": { "route": "/dashboard/volumes" },',
      },
    ],
    expect: {
      file: 'home.json',
      at: '"route": "/dashboard/volumes"',
      message: /no page has the route '\/dashboard\/volumes'; did you mean '\/dashboard\/volume'/,
    },
  },
];

const WRONG_DATA: BreakingEdit[] = [
  {
    kind: "totals pointed at the page's own rows source",
    edits: [
      {
        file: 'volume.json',
        find: '"totals": { "data": "volBySiteTotals" }',
        replace: '"totals": { "data": "volBySite" }',
      },
    ],
    expect: {
      file: 'volume.json',
      at: '"totals": { "data": "volBySite" }',
      message: /the table's own rows source/,
    },
  },
  {
    kind: "a column swap that keeps each cell's drill",
    edits: [
      {
        file: 'volume.json',
        find: '"header": "Inbound",\n                  "field": "inbound",',
        replace: '"header": "@",\n                  "field": "@",',
      },
      {
        file: 'volume.json',
        find: '"header": "Outbound",\n                  "field": "outbound",',
        replace: '"header": "Inbound",\n                  "field": "inbound",',
      },
      {
        file: 'volume.json',
        find: '"header": "@",\n                  "field": "@",',
        replace: '"header": "Outbound",\n                  "field": "outbound",',
      },
    ],
    expect: {
      file: 'volume.json',
      at: '"logDirection": { "value": "inbound" }',
      message: /this column shows 'outbound' but its drill sends "inbound", the field of column 'inbound'/,
    },
  },
  {
    kind: "a page option set shadowing the library's",
    edits: [
      {
        file: 'volume.json',
        find: '"sourceDefaults": {',
        replace:
          '"optionSets": { "commTypes": [{ "label": "All", "value": "All" }, { "label": "Calls", "value": "Calls" }] },\n  "sourceDefaults": {',
      },
    ],
    expect: {
      file: 'volume.json',
      at: '"optionSets": { "commTypes"',
      message: /option set 'commTypes' is also declared in _shared\.json/,
    },
  },
  {
    kind: 'a share param limited by the wrong list',
    edits: [
      {
        file: 'volume.json',
        find: '"share": { "as": "site", "type": "number", "within": "siteIds" },',
        replace: '"share": { "as": "site", "type": "number", "within": "accountIds" },',
      },
    ],
    expect: {
      file: 'volume.json',
      at: '"within": "accountIds"',
      message: /sent as 'siteId' but limited by 'accountIds'.*use 'siteIds'/,
    },
  },
  {
    kind: 'a temporal type on a count',
    edits: [
      {
        file: '_shared.json',
        after: '"volumeByType": {',
        find: '"type": "quantitative",',
        replace: '"type": "temporal",',
      },
    ],
    expect: {
      file: '_shared.json',
      after: '"volumeByType": {',
      at: '"type": "temporal",',
      message: /field 'count' is number or null, not a date/,
    },
  },
];

const RUNTIME: BreakingEdit[] = [
  {
    kind: 'a library preset with an out-of-range pipe argument',
    edits: [
      {
        file: '_shared.json',
        find: '"pipe": { "name": "decimal", "args": [0] }',
        replace: '"pipe": { "name": "decimal", "args": [101] }',
      },
    ],
    expect: {
      file: '_shared.json',
      at: '"args": [101]',
      message: /argument 1 of pipe 'decimal' is 101; write a number of digits from 0 to 20/,
    },
  },
];

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A copy of dashboards/ with the edits applied. */
function patched(edits: Edit[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'breaking-'));
  dirs.push(dir);
  cpSync('dashboards', dir, { recursive: true });
  for (const e of edits) {
    const path = join(dir, e.file);
    const text = readFileSync(path, 'utf8');
    const from = e.after === undefined ? 0 : text.indexOf(e.after);
    const at = text.indexOf(e.find, from);
    if (from < 0 || at < 0) throw new Error(`the patch of ${e.file} no longer applies: ${e.find}`);
    writeFileSync(path, text.slice(0, at) + e.replace + text.slice(at + e.find.length));
  }
  return dir;
}

/** The 1-based line of `at` (the first at or after `after`) in a file. */
function lineOf(path: string, at: string, after?: string): number {
  const text = readFileSync(path, 'utf8');
  const from = after === undefined ? 0 : text.indexOf(after);
  const offset = text.indexOf(at, Math.max(from, 0));
  if (from < 0 || offset < 0) throw new Error(`'${at}' is not in ${path}`);
  return text.slice(0, offset).split('\n').length;
}

function check(dir: string) {
  const err: string[] = [];
  const out: string[] = [];
  const status = runCheck([], {
    cwd: dir,
    env: { DASHBOARDS_DIR: dir },
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { status, err, out };
}

const groups: [string, BreakingEdit[]][] = [
  ['HTTP 400 from the API', HTTP_400],
  ['a chart drawn blank', BLANK_CHARTS],
  ['a part that vanishes or leads nowhere', VANISH],
  ['wrong data shown', WRONG_DATA],
  ['a runtime error', RUNTIME],
];

describe('breaking edits that a check of names let through are refused at the line to fix', () => {
  it('the corpus has every kind of the issue', () => {
    expect(groups.map(([, edits]) => edits.length)).toEqual([9, 5, 5, 5, 1]);
  });

  it('the repository definitions pass', () => {
    expect(check(patched([]))).toMatchObject({ status: 0, err: [] });
  });

  it('checking one page shows the error of a library value it uses, at the library line', () => {
    const dir = patched(RUNTIME[0].edits);
    const err: string[] = [];
    const status = runCheck(['volume.json'], {
      cwd: dir,
      env: { DASHBOARDS_DIR: dir },
      out: () => {},
      err: (l) => err.push(l),
    });
    expect(status).toBe(1);
    const line = lineOf(join(dir, '_shared.json'), '"args": [101]');
    expect(err).toEqual([
      expect.stringMatching(new RegExp(`^_shared\\.json:${line}:\\d+ /columnPresets/count/pipe/args/0 `)),
    ]);
  });

  for (const [group, edits] of groups) {
    describe(group, () => {
      for (const edit of edits) {
        it(edit.kind, () => {
          const dir = patched(edit.edits);
          const r = check(dir);
          expect(r.status).toBe(1);
          const line = lineOf(join(dir, edit.expect.file), edit.expect.at, edit.expect.after);
          const at = r.err.filter((l) => l.startsWith(`${edit.expect.file}:${line}:`));
          expect(at, r.err.join('\n')).not.toEqual([]);
          expect(at.join('\n')).toMatch(edit.expect.message);
        });
      }
    });
  }
});
