import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  checkDefinitionTexts,
  definitionFiles,
  formatDefinitionError,
  loadEndpointIndex,
} from '../../../../engine/definitions/index';
import { resolveDrill } from '../../../../engine/params/resolveActions';

vi.setConfig({ testTimeout: 60_000 });

const root = resolve(import.meta.dirname, '..', '..', '..', '..');
const dir = join(root, 'dashboards');
const endpoints = loadEndpointIndex(join(root, 'schemas', 'api', 'endpoints.json'));
const files = definitionFiles(dir).map((f) => ({ file: relative(root, f), text: readFileSync(f, 'utf8') }));

/** The errors of the dashboards with one file's text edited. */
function errorsWith(file: string, edit: (text: string) => string): string[] {
  const items = files.map((f) => (f.file === file ? { ...f, text: edit(f.text) } : f));
  return checkDefinitionTexts(items, { endpoints }).errors.map((e) =>
    formatDefinitionError(e).replace(/^\S+ /, ''),
  );
}

const CB = join('dashboards', 'caller-behavior.json');

describe('drill actions are checked across the pages', () => {
  it('the pages as they are check clean', () => {
    expect(errorsWith(CB, (t) => t)).toEqual([]);
  });

  it('names an unknown target page and suggests the near one', () => {
    const errors = errorsWith(CB, (t) =>
      t.replace('"page": "communications-log"', '"page": "communication-log"'),
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /\/drill\/page page 'communication-log' is not among the definitions; did you mean 'communications-log'\?$/,
      ),
    ]);
  });

  it('names a param the target page does not declare, a row field the source lacks and a param this page lacks', () => {
    const errors = errorsWith(CB, (t) =>
      t
        .replace('"logMissed": { "value": true }', '"logMised": { "value": true }')
        .replace('"logSiteName": { "from": "row.site" }', '"logSiteName": { "from": "row.siteName" }')
        .replace('"logCommType": { "value": "Calls" }', '"logCommType": { "from": "param.commType" }'),
    );
    expect(
      errors.some((e) =>
        /\/drill\/params\/logMised page 'communications-log' declares no param 'logMised'; did you mean 'logMissed'\?/.test(
          e,
        ),
      ),
    ).toBe(true);
    expect(errors.some((e) => /logSiteName\/from field 'siteName' is not in the response rows/.test(e))).toBe(
      true,
    );
    expect(errors.some((e) => /logCommType\/from param 'commType' is not declared in \/params/.test(e))).toBe(
      true,
    );
  });

  it('refuses a drilled param with both from and value', () => {
    const errors = errorsWith(CB, (t) =>
      t.replace('"logMissed": { "value": true }', '"logMissed": { "value": true, "from": "row.siteId" }'),
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /logMissed a drilled param takes its value from one of from and value; keep one of them$/,
      ),
    ]);
  });
});

describe('resolveDrill', () => {
  it('reads the row, the event and the page params, and ignores the other actions', () => {
    const target = resolveDrill(
      [
        { set: 'view', value: 'employee' },
        {
          drill: {
            page: 'log',
            params: {
              site: { from: 'row.siteId' },
              bucket: { from: 'event.field' },
              cell: { from: 'event.value' },
              types: { from: 'param.commType' },
              missed: { value: true },
              absent: { from: 'row.nothing' },
            },
          },
        },
      ],
      { row: { siteId: 7, b: '5.0% (3)' }, value: '5.0% (3)', field: 'b' },
      { commType: 'Calls' },
    );
    expect(target).toEqual({
      page: 'log',
      params: { site: 7, bucket: 'b', cell: '5.0% (3)', types: 'Calls', missed: true },
    });
    expect(resolveDrill([{ reset: 'view' }], {}, {})).toBeUndefined();
  });
});
