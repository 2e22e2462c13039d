import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinitionText } from '../../engine/definitions/loadDefinition';
import { migrateDefinition } from '../../engine/definitions/migrations/migrateDefinition';
import { currentSchemaVersion, migrationSteps } from '../../engine/definitions/migrations/migrationSteps';
import { v0ToV1 } from '../../engine/definitions/migrations/v0ToV1';
import { v1ToV2 } from '../../engine/definitions/migrations/v1ToV2';
import { runFormat } from '../../scripts/dashboards-format';
import { runMigrate } from '../../scripts/dashboards-migrate';
import { fixtures, root } from '../fixtures/tools/runCli';
import { runTool } from '../fixtures/tools/runTool';
import { testTempDir } from '../support/tempDir';

describe('migration steps', () => {
  it('chain from one version to the next, up to the version page.schema.json accepts', () => {
    migrationSteps.forEach((step, i) => {
      expect(step.to).toBe(step.from + 1);
      if (i > 0) expect(step.from).toBe(migrationSteps[i - 1].to);
    });
    const schema = JSON.parse(readFileSync(join(root, 'schemas', 'dashboard', 'page.schema.json'), 'utf8'));
    expect(schema.properties.schemaVersion.const).toBe(currentSchemaVersion);
  });

  it('0 -> 1: a plain menu label becomes the menu object', () => {
    expect(v0ToV1.migrate({ schemaVersion: 0, menu: 'Items' })).toEqual({
      schemaVersion: 1,
      menu: { label: 'Items' },
    });
  });

  it('0 -> 1: the list of visible filter-bar controls becomes one flag per control', () => {
    const doc = { schemaVersion: 0, filterBar: ['period', 'apply', 'custom'] };
    expect(v0ToV1.migrate(doc)).toEqual({
      schemaVersion: 1,
      filterBar: {
        isTitleLabelVisible: false,
        isAccountsVisible: false,
        isApplyVisible: true,
        isPeriodVisible: true,
        isResetVisible: false,
        isSitesVisible: false,
        custom: true,
      },
    });
    expect(doc.filterBar).toEqual(['period', 'apply', 'custom']);
  });

  it('0 -> 1: leaves a definition already in the version 1 shape as it is', () => {
    const doc = { schemaVersion: 0, menu: { label: 'Items' }, filterBar: { isApplyVisible: false } };
    expect(v0ToV1.migrate(doc)).toEqual({ ...doc, schemaVersion: 1 });
  });

  it('1 -> 2: a version 1 definition means the same in version 2; only the version changes', () => {
    const doc = { schemaVersion: 1, id: 'x', data: { a: { endpoint: '/a', body: { k: 1 } } } };
    expect(v1ToV2.migrate(doc)).toEqual({ ...doc, schemaVersion: 2 });
  });

  it('migrateDefinition leaves current, unknown and missing versions to the schema', () => {
    for (const doc of [{ schemaVersion: 2 }, { schemaVersion: 7 }, { id: 'x' }, [], null]) {
      expect(migrateDefinition(doc)).toEqual({ doc, applied: [] });
    }
    expect(migrateDefinition({ schemaVersion: 0 }).from).toBe(0);
  });
});

describe('loading an older version', () => {
  it('migrates before validation and reports the version it migrated from', () => {
    const text = readFileSync(join(fixtures, 'legacy-v0.json'), 'utf8');
    const loaded = checkDefinitionText('legacy-v0.json', text);
    expect(loaded.errors).toEqual([]);
    expect(loaded.migratedFrom).toBe(0);
    expect(loaded.definition?.menu).toEqual({ label: 'Items', order: 0 });
    expect(loaded.definition?.filterBar.isAccountsVisible).toBe(false);
  });

  it('accepts only the current version after migration', () => {
    const text = JSON.stringify({
      ...JSON.parse(readFileSync(join(fixtures, 'base.json'), 'utf8')),
      schemaVersion: 3,
    });
    expect(checkDefinitionText('x.json', text).errors.map((e) => `${e.pointer} ${e.message}`)).toEqual([
      "/schemaVersion '3' is not allowed; use 2",
    ]);
  });
});

describe('npm run dashboards:migrate', () => {
  it('--check lists a file to migrate; migrating rewrites it to the current version, formatted', () => {
    const dir = testTempDir('tools-migrate-');
    const file = join(dir, 'legacy-v0.json');
    copyFileSync(join(fixtures, 'legacy-v0.json'), file);
    copyFileSync(join(fixtures, 'base.json'), join(dir, 'base.json'));
    const check = runTool(runMigrate, ['--check', dir]);
    expect(check.stdout.trim()).toMatch(/legacy-v0\.json$/);
    expect(check.status).toBe(1);
    const run = runTool(runMigrate, [dir]);
    expect(run.stdout).toMatch(/migrated .*legacy-v0\.json from schemaVersion 0 to 2/);
    expect(run.status).toBe(0);
    const migrated = JSON.parse(readFileSync(file, 'utf8'));
    expect(migrated.schemaVersion).toBe(2);
    expect(migrated.menu).toEqual({ label: 'Items' });
    expect(runTool(runMigrate, ['--check', dir]).status).toBe(0);
    expect(runTool(runFormat, ['--check', dir]).status).toBe(0);
  });
});
