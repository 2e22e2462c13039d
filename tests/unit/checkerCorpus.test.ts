import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../scripts/dashboards-check';
import { mistakes, type Patch, patchVolume } from './checkerCorpusPatches';

const volume = readFileSync('dashboards/volume.json', 'utf8');
const fixtures = mkdtempSync(join(tmpdir(), 'checker-corpus-'));
afterAll(() => {
  rmSync(fixtures, { recursive: true, force: true });
});

/** dashboards/volume.json with the patches of the named mistakes, written as `name`.json. */
function fixture(name: string, patches: Patch[]): string {
  const file = join(fixtures, `${name}.json`);
  writeFileSync(file, patchVolume(volume, patches));
  return file;
}

/** Runs `npm run dashboards:check -- ...args` in-process. */
function check(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const status = runCheck(args, {
    cwd: process.cwd(),
    env,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { status, out, err };
}

/**
 * Each mistake is a small patch over dashboards/volume.json (checkerCorpusPatches.ts says what it
 * is); 00-all-mistakes has all of them at once. The checker's exact lines, without the file name:
 * every error is placed at the token at fault (line:column) and says what to do.
 */
const expected: Record<string, string[]> = {
  '00-all-mistakes': [
    '7:81 /menu/order expected number, found string "7"; write a number',
    "86:36 /data/relationships/endpoint endpoint 'GET /api/relationship' is not in the API endpoint index; did you mean 'GET /api/relationships'?",
    "95:35 /data/volBySite/body/startDate/$filter the host passes no global filter value 'startdate'; did you mean 'startDate'?",
    "96:40 /data/volBySite/body/relationshipIds/$param param 'volRelationship' is not declared in /params; did you mean 'volRelationships'?",
    "105:19 /data/volByEmployee/template body template 'periods' is not declared in a library (a _*.json file beside the pages) or in this page; did you mean 'period'?",
    "112:16 /data/volByEmployee/total the total pointer '/total' finds nothing in the response of '/api/data/communication/volume/by_employee'; use one of '/totalRows'",
    "119:55 /data/nrBySite/body/commTypes/map value map 'commType' is not declared in a library (a _*.json file beside the pages) or in this page; did you mean 'commTypes'?",
    "127:15 /data/nrByEmployee/rows the rows pointer '/value' finds nothing in the response of '/api/data/communication/no_response_volume/by_employee'; did you mean '/values'?",
    "167:175 /panels/byType/blocks/1/widgets/0/spec/encoding/xOffset a 'line' mark with a 'xOffset' encoding draws nothing; remove 'xOffset' or use a bar mark",
    "168:180 /panels/byType/blocks/1/widgets/1/spec/encoding/y/field field 'total' is not in the response rows of '/api/data/communication/volume/by_type'; use one of 'group', 'stack', 'yAxis', 'type', 'values'",
    "173:23 /panels/byType/blocks/1/widgets/2/spec Vega-Lite spec 'volumeByTyp' is not declared in a library (a _*.json file beside the pages) or in this page; did you mean 'volumeByType'?",
    "215:22 /panels/volume/blocks/0/widgets/3/kind unknown widget kind 'selct'; did you mean 'select'?",
    "240:35 /panels/volume/blocks/1/widgets/0/columns/0/header invalid JSON: missing ',' after this value",
    "244:28 /panels/volume/blocks/1/widgets/0/columns/1/field field 'totalComms' is not in the response rows of '/api/data/communication/volume/by_site'; use one of 'siteId', 'siteIsActive', 'site', 'totalCommCount', 'inbound', 'outbound', 'maxIndex'",
    "299:18 /panels/volume/blocks/1/widgets/0/columns invalid JSON: trailing comma before ']'; remove this ','",
    '301:44 /panels/volume/blocks/1/widgets/0/rowNumbers/width invalid JSON: property "width" appears twice in this object (first at 301:31); keep one',
    "309:15 /panels/volume/blocks/1/widgets/1/colums unknown property 'colums'; did you mean 'columns'?",
    '310:19 /panels/volume/blocks/1/widgets/1/colums/0 invalid JSON: property names need double quotes; write "header"',
    "336:66 /panels/volume/blocks/1/widgets/1/defaultSort/direction 'acs' is not allowed; did you mean 'asc'?",
    "354:23 /panels/noResponse/blocks/0/drilldown/levels option set 'siteOrEmploye' is not declared in a library (a _*.json file beside the pages) or in this page; did you mean 'siteOrEmployee'?",
    "385:45 /panels/noResponse/blocks/1/widgets/0/columns/1/field '/api/data/communication/no_response_volume/by_site' cannot sort by 'maxIndex', so clicking this header would fail; add \"sortable\": false, or sort by one of 'site', 'inbound', 'noResponseRequired'",
    "400:23 /panels/noResponse/blocks/1/widgets/1/data data source 'nrByEmploye' is not declared in /data; did you mean 'nrByEmployee'?",
    "405:29 /panels/noResponse/blocks/1/widgets/1/columns/2/preset column preset 'cont' is not declared in a library (a _*.json file beside the pages) or in this page; did you mean 'count'?",
    "424:1 / invalid JSON: missing '}' to close the '{' opened at 1:1",
  ],
  '01-trailing-comma': [
    "293:18 /panels/volume/blocks/1/widgets/0/columns invalid JSON: trailing comma before ']'; remove this ','",
  ],
  '02-missing-comma': [
    "234:35 /panels/volume/blocks/1/widgets/0/columns/0/header invalid JSON: missing ',' after this value",
  ],
  '03-unquoted-name': [
    '304:19 /panels/volume/blocks/1/widgets/1/columns/0 invalid JSON: property names need double quotes; write "header"',
  ],
  '04-misspelled-property': [
    "303:15 /panels/volume/blocks/1/widgets/1/colums unknown property 'colums'; did you mean 'columns'?",
  ],
  '05-unknown-kind': [
    "209:22 /panels/volume/blocks/0/widgets/3/kind unknown widget kind 'selct'; did you mean 'select'?",
  ],
  '06-unknown-param': [
    "95:40 /data/volBySite/body/relationshipIds/$param param 'volRelationship' is not declared in /params; did you mean 'volRelationships'?",
  ],
  '07-unknown-source': [
    "393:23 /panels/noResponse/blocks/1/widgets/1/data data source 'nrByEmploye' is not declared in /data; did you mean 'nrByEmployee'?",
  ],
  '08-unknown-endpoint': [
    "86:36 /data/relationships/endpoint endpoint 'GET /api/relationship' is not in the API endpoint index; did you mean 'GET /api/relationships'?",
  ],
  '09-unknown-field': [
    "238:28 /panels/volume/blocks/1/widgets/0/columns/1/field field 'totalComms' is not in the response rows of '/api/data/communication/volume/by_site'; use one of 'siteId', 'siteIsActive', 'site', 'totalCommCount', 'inbound', 'outbound', 'maxIndex'",
  ],
  '10-wrong-type': ['7:81 /menu/order expected number, found string "7"; write a number'],
  '11-bad-value': [
    "330:66 /panels/volume/blocks/1/widgets/1/defaultSort/direction 'acs' is not allowed; did you mean 'asc'?",
  ],
  '12-wrong-rows-pointer': [
    "124:15 /data/nrByEmployee/rows the rows pointer '/value' finds nothing in the response of '/api/data/communication/no_response_volume/by_employee'; did you mean '/values'?",
  ],
  '13-wrong-total-pointer': [
    "110:16 /data/volByEmployee/total the total pointer '/total' finds nothing in the response of '/api/data/communication/volume/by_employee'; use one of '/totalRows'",
  ],
  '14-unsortable-column': [
    "379:45 /panels/noResponse/blocks/1/widgets/0/columns/1/field '/api/data/communication/no_response_volume/by_site' cannot sort by 'maxIndex', so clicking this header would fail; add \"sortable\": false, or sort by one of 'site', 'inbound', 'noResponseRequired'",
  ],
  '15-line-with-xoffset': [
    "163:175 /panels/byType/blocks/1/widgets/0/spec/encoding/xOffset a 'line' mark with a 'xOffset' encoding draws nothing; remove 'xOffset' or use a bar mark",
  ],
  '16-chart-field-nowhere': [
    "163:180 /panels/byType/blocks/1/widgets/0/spec/encoding/y/field field 'total' is not in the response rows of '/api/data/communication/volume/by_type'; use one of 'group', 'stack', 'yAxis', 'type', 'values'",
  ],
  '17-undeclared-filter-key': [
    "95:35 /data/volBySite/body/startDate/$filter the host passes no global filter value 'startdate'; did you mean 'startDate'?",
  ],
  '18-duplicate-property': [
    '295:44 /panels/volume/blocks/1/widgets/0/rowNumbers/width invalid JSON: property "width" appears twice in this object (first at 295:31); keep one',
  ],
  '19-missing-closing-brace': ["417:1 / invalid JSON: missing '}' to close the '{' opened at 1:1"],
  '20-unknown-template': [
    "104:19 /data/volByEmployee/template body template 'periods' is not declared in a library (a _*.json file beside the pages) or in this page; did you mean 'period'?",
  ],
  '21-unknown-preset': [
    "398:29 /panels/noResponse/blocks/1/widgets/1/columns/2/preset column preset 'cont' is not declared in a library (a _*.json file beside the pages) or in this page; did you mean 'count'?",
  ],
  '22-unknown-option-set': [
    "348:23 /panels/noResponse/blocks/0/drilldown/levels option set 'siteOrEmploye' is not declared in a library (a _*.json file beside the pages) or in this page; did you mean 'siteOrEmployee'?",
  ],
  '23-unknown-value-map': [
    "116:55 /data/nrBySite/body/commTypes/map value map 'commType' is not declared in a library (a _*.json file beside the pages) or in this page; did you mean 'commTypes'?",
  ],
  '24-unknown-spec': [
    "167:23 /panels/byType/blocks/1/widgets/0/spec Vega-Lite spec 'volumeByTyp' is not declared in a library (a _*.json file beside the pages) or in this page; did you mean 'volumeByType'?",
  ],
};

describe('the checker corpus: every mistake located, all of them in one run', () => {
  const singles = Object.keys(mistakes);

  it('has an expected output for every mistake', () => {
    expect(Object.keys(expected).sort()).toEqual(['00-all-mistakes', ...singles].sort());
    expect(singles.length).toBeGreaterThanOrEqual(15);
  });

  for (const name of Object.keys(expected)) {
    it(`${name}: ${mistakes[name]?.what ?? 'every mistake in one file'}`, () => {
      const file = fixture(name, name === '00-all-mistakes' ? Object.values(mistakes) : [mistakes[name]]);
      const r = check(['--alone', file]);
      expect(r.err.map((l) => l.replace(`${relative(process.cwd(), file)}:`, ''))).toEqual(expected[name]);
      expect(r.status).toBe(1);
      expect(r.out).toEqual([
        `1 definition checked, ${expected[name].length} error${expected[name].length === 1 ? '' : 's'}`,
      ]);
    });
  }

  it('the file with every mistake reports each of them, once, in a single run', () => {
    const all = expected['00-all-mistakes'];
    // The message, without its place (an insertion elsewhere in the file moves lines and list indexes).
    const withoutPosition = (line: string) => line.replace(/^\d+:\d+ \S+ /, '').replace(/\d+:\d+/g, 'L:C');
    for (const name of singles) {
      for (const line of expected[name]) expect(all.map(withoutPosition)).toContain(withoutPosition(line));
    }
    expect(all).toHaveLength(singles.reduce((n, name) => n + expected[name].length, 0));
  });
});

describe('dashboards:check across files', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const folderWith = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'check-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    // The pages reference the shared library, as beside them in dashboards/.
    cpSync('dashboards/_shared.json', join(dir, '_shared.json'));
    return dir;
  };
  const caller = readFileSync('dashboards/caller-behavior.json', 'utf8');
  const copy = caller.replace('"id": "caller-behavior"', '"id": "caller-behavior-copy"');
  // The page the Caller Behavior drills open: a folder holding it is a complete set of pages.
  const log = readFileSync('dashboards/communications-log.json', 'utf8');

  it('a copied page is blamed, not the original, whatever their names; the older file keeps its route', () => {
    const dir = folderWith({ 'caller-behavior.json': caller, 'a-copy.json': copy });
    utimesSync(join(dir, 'caller-behavior.json'), 1_000, 1_000);
    const r = check([dir]);
    expect(r.status).toBe(1);
    expect(r.err.every((l) => l.includes('a-copy.json:'))).toBe(true);
    expect(r.err.join('\n')).toContain("/route route '/dashboard/caller-behavior' is already used by");
    expect(r.err.join('\n')).toContain("/menu/label menu entry 'Caller Behavior' is already used by");
  });

  it('a file alone is checked against the definitions folder (DASHBOARDS_DIR): the conflict is seen', () => {
    const dir = folderWith({ 'caller-behavior.json': caller, 'communications-log.json': log });
    const draft = folderWith({ 'new-page.json': copy });
    const r = check([join(draft, 'new-page.json')], { DASHBOARDS_DIR: dir });
    expect(r.status).toBe(1);
    expect(r.err).toHaveLength(2);
    expect(r.err[0]).toMatch(
      /new-page\.json:5:12 \/route route '\/dashboard\/caller-behavior' is already used by .*caller-behavior\.json; choose another$/,
    );
    expect(check(['--alone', join(draft, 'new-page.json')]).status).toBe(0);
  });

  it('a file replaces its namesake in the folder, so an edited copy of a page checks clean', () => {
    const dir = folderWith({ 'caller-behavior.json': caller });
    const draft = folderWith({ 'caller-behavior.json': caller.replace('"Caller Behavior"', '"Callers"') });
    expect(check([join(draft, 'caller-behavior.json')], { DASHBOARDS_DIR: dir })).toMatchObject({
      status: 0,
    });
  });

  it('--format json gives every problem with its place', () => {
    const r = check(['--alone', '--format', 'json', fixture('09-json', [mistakes['09-unknown-field']])]);
    expect(r.status).toBe(1);
    const report = JSON.parse(r.out.join('\n'));
    expect(report).toMatchObject({ checked: 1, errors: 1, warnings: 0 });
    expect(report.problems[0]).toMatchObject({
      line: 238,
      column: 28,
      severity: 'error',
      pointer: '/panels/volume/blocks/1/widgets/0/columns/1/field',
    });
  });

  it('usage errors exit 2 with what to do', () => {
    expect(check(['--format', 'xml']).status).toBe(2);
    expect(check(['no/such/file.json']).err[0]).toBe('no/such/file.json: no such file or folder');
    expect(check([], { DASHBOARDS_DIR: '/no/such/folder' }).status).toBe(2);
  });

  it('the shipped folder checks clean', () => {
    const dir = mkdtempSync(join(tmpdir(), 'check-'));
    dirs.push(dir);
    cpSync('dashboards', dir, { recursive: true });
    expect(check([], { DASHBOARDS_DIR: dir })).toMatchObject({
      status: 0,
      // The pages and library file, and the digests and alert rules of digests/ and alerts/.
      out: [
        `${readdirSync(dir).filter((f) => f.endsWith('.json')).length + readdirSync(join(dir, 'digests')).length + readdirSync(join(dir, 'alerts')).length} definitions checked, 0 errors`,
      ],
    });
  });
});
