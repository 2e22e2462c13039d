import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleValidator } from '../../engine/tools/docs/exampleValidator';
import { exampleValue } from '../../engine/tools/docs/exampleValue';
import { renderReference, widgetKinds } from '../../engine/tools/docs/renderReference';
import { loadSchemaSet } from '../../engine/tools/schemaSet';
import { runDocs } from '../../scripts/docs-dashboards';
import { runTool } from '../fixtures/tools/runTool';
import { testTempDir } from '../support/tempDir';

const set = loadSchemaSet();

describe('the definition reference', () => {
  const text = renderReference(set);

  it('has a section with options and an example for every widget kind', () => {
    for (const kind of widgetKinds(set)) {
      const section = text.split(`\n### ${kind}\n`)[1]?.split('\n### ')[0] ?? '';
      expect(section, kind).toContain(`| \`kind\` | \`"${kind}"\` |  | yes |`);
      expect(section, kind).toContain('```json');
    }
  });

  it('documents params, data bindings, references, conditions and actions with their defaults', () => {
    for (const heading of [
      '### Param',
      '### Data source',
      '### Value reference',
      '### Condition',
      '### Action',
    ])
      expect(text).toContain(`\n${heading}\n`);
    expect(text).toContain('| `resetOnApply` | boolean | `false` |  |');
    expect(text).toContain('"$table": "limit"');
  });

  it('builds minimal examples that the schema accepts', () => {
    const validate = exampleValidator(set);
    for (const kind of widgetKinds(set)) {
      const ref = `widget-${kind}.schema.json`;
      const example = exampleValue(set, { schema: { $ref: ref }, file: ref });
      if (kind !== 'chart') expect(validate(ref, example), kind).toEqual([]);
    }
    expect(validate('common.schema.json#/$defs/condition', { param: 'x', equals: 1, extra: 1 })).not.toEqual(
      [],
    );
  });
});

describe('npm run docs:dashboards', () => {
  it('--check exits 0 when the file is current and 1 when it is stale', () => {
    const out = join(testTempDir('tools-docs-'), 'dashboards.md');
    expect(runTool(runDocs, ['--check', '--out', out]).status).toBe(1);
    expect(runTool(runDocs, ['--out', out]).status).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(renderReference(set));
    expect(runTool(runDocs, ['--check', '--out', out]).status).toBe(0);
    appendFileSync(out, '\nhand edit\n');
    const stale = runTool(runDocs, ['--check', '--out', out]);
    expect(stale.stderr).toContain('is stale; run npm run docs:dashboards');
    expect(stale.status).toBe(1);
  });
});
