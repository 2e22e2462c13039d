import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  checkDefinitionText,
  definitionFiles,
  formatDefinitionError,
  isLibraryFile,
  libraryOfFolder,
  loadDefinitions,
  loadEndpointIndex,
} from '../../../../engine/definitions/index';

// Compiling Vega-Lite's schema takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const root = resolve(import.meta.dirname, '..', '..', '..', '..');
const fixtures = join(root, 'tests', 'fixtures', 'dashboards');
const endpoints = loadEndpointIndex(join(fixtures, 'api', 'endpoints.json'));
const lines = (file: string) =>
  loadDefinitions([join(fixtures, file)], { endpoints, cwd: root }).errors.map(formatDefinitionError);

describe('dashboards/', () => {
  const files = definitionFiles(join(root, 'dashboards')).filter((f) => !isLibraryFile(f));
  const index = loadEndpointIndex(join(root, 'schemas', 'api', 'endpoints.json'));
  const library = libraryOfFolder(join(root, 'dashboards'));
  it.each(files.length ? files : ['(none)'])('%s validates and normalizes without warnings', (file) => {
    if (file === '(none)') return;
    const { loaded, errors } = loadDefinitions([file], { endpoints: index, cwd: root, library });
    expect(errors.map(formatDefinitionError)).toEqual([]);
    expect(loaded[0].definition).toBeDefined();
  });

  it('the library files check clean with the pages', () => {
    const { errors } = loadDefinitions(definitionFiles(join(root, 'dashboards')), {
      endpoints: index,
      cwd: root,
    });
    expect(errors.map(formatDefinitionError)).toEqual([]);
  });
});

describe('broken fixtures', () => {
  it('a valid fixture has no errors and is normalized', () => {
    const { loaded, errors } = loadDefinitions([join(fixtures, 'valid-page.json')], { endpoints, cwd: root });
    expect(errors).toEqual([]);
    const page = loaded[0].definition!;
    expect(page.filterBar).toEqual({
      isAccountsVisible: false,
      isTitleLabelVisible: true,
      isApplyVisible: true,
      isPeriodVisible: true,
      isResetVisible: true,
      isSitesVisible: true,
    });
    expect(page.data.tiles.method).toBe('POST');
    expect(page.params.category.resetOnApply).toBe(false);
    expect('$schema' in page).toBe(false);
  });

  it('a misspelled property', () => {
    expect(lines('broken-misspelled-property.json')).toEqual([
      "tests/fixtures/dashboards/broken-misspelled-property.json:41:7 /panels/summary/titel unknown property 'titel'; did you mean 'title'?",
    ]);
  });

  it('a missing param', () => {
    expect(lines('broken-missing-param.json')).toEqual([
      "tests/fixtures/dashboards/broken-missing-param.json:106:30 /panels/detail/blocks/1/widgets/0/columns/0/link/1/set param 'groupLabel' is not declared in /params; did you mean 'groupName'?",
    ]);
  });

  it('an unknown endpoint', () => {
    expect(lines('broken-unknown-endpoint.json')).toEqual([
      "tests/fixtures/dashboards/broken-unknown-endpoint.json:32:19 /data/byGroupTotals/endpoint endpoint 'POST /api/items/by_grup/totals' is not in the API endpoint index; did you mean 'POST /api/items/by_group/totals'?",
    ]);
  });

  it('a column naming no response field', () => {
    expect(lines('broken-unknown-field.json')).toEqual([
      "tests/fixtures/dashboards/broken-unknown-field.json:110:47 /panels/detail/blocks/1/widgets/0/columns/1/field field 'totl' is not in the response rows of '/api/items/by_group'; did you mean 'total'?",
    ]);
  });

  it('an invalid Vega-Lite spec', () => {
    expect(lines('broken-vega-lite.json')).toEqual([
      "tests/fixtures/dashboards/broken-vega-lite.json:66:25 /panels/summary/blocks/0/widgets/2/spec/mark Vega-Lite does not allow 'bars' here; did you mean 'bar'?",
    ]);
  });

  it('an unknown widget kind', () => {
    expect(lines('broken-unknown-kind.json')).toEqual([
      "tests/fixtures/dashboards/broken-unknown-kind.json:83:23 /panels/detail/blocks/0/widgets/0/kind unknown widget kind 'pill'; did you mean 'pills'?",
    ]);
  });

  it('a JSON syntax error is located at the token at fault, and the checks after it still run', () => {
    const r = checkDefinitionText('x.json', '{\n  "id": "a",\n  "route" "/x",\n  "titel": "A"\n}');
    expect(r.errors.map(formatDefinitionError)).toContain(
      `x.json:3:10 / invalid JSON: missing ':' after the property name; write "name": value`,
    );
    expect(r.errors.map(formatDefinitionError)).toContain(
      "x.json:4:3 /titel unknown property 'titel'; did you mean 'title'?",
    );
  });

  it('duplicate routes and storage keys across files are reported on the later file', () => {
    const file = join(fixtures, 'valid-page.json');
    const { errors } = loadDefinitions([file, file], { endpoints, cwd: root });
    expect(errors.map((e) => e.message)).toEqual([
      "page id 'items' is already used by tests/fixtures/dashboards/valid-page.json; choose another",
      "route '/dashboard/items' is already used by tests/fixtures/dashboards/valid-page.json; choose another",
      "menu entry 'Items' is already used by tests/fixtures/dashboards/valid-page.json; choose another",
      "storage key 'items-kinds' is already used by tests/fixtures/dashboards/valid-page.json; choose another",
    ]);
  });
});
