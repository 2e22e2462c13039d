import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDefinitionText } from '../../engine/tools/formatDefinitionText';
import { CANONICAL_LAYOUT, printJson } from '../../engine/tools/printJson';
import { loadSchemaSet } from '../../engine/tools/schemaSet';
import { runFormat } from '../../scripts/dashboards-format';
import { fixtures, root } from '../fixtures/tools/runCli';
import { runTool } from '../fixtures/tools/runTool';
import { testTempDir } from '../support/tempDir';

const set = loadSchemaSet();
const copy = (name: string) => {
  const dir = testTempDir('tools-format-');
  copyFileSync(join(fixtures, name), join(dir, name));
  return join(dir, name);
};

describe('formatDefinitionText', () => {
  it('orders keys as the schema declares them, $schema first and unknown keys last', () => {
    const text =
      '{"title":"T","zzz":1,"route":"/x","$schema":"s","id":"x","params":{"b":{"default":1},"a":{}}}';
    expect(Object.keys(JSON.parse(formatDefinitionText(text, set)))).toEqual([
      '$schema',
      'id',
      'route',
      'title',
      'params',
      'zzz',
    ]);
    expect(Object.keys(JSON.parse(formatDefinitionText(text, set)).params)).toEqual(['b', 'a']);
  });

  it('orders a widget by the schema of its kind', () => {
    const text = JSON.stringify({
      panels: {
        p: { blocks: [{ widgets: [{ text: 't', variant: 'hint', kind: 'text', id: 'w' }] }], title: 'P' },
      },
    });
    const widget = JSON.parse(formatDefinitionText(text, set)).panels.p.blocks[0].widgets[0];
    expect(Object.keys(widget)).toEqual(['kind', 'id', 'text', 'variant']);
  });

  it('prints as Biome does: short lists on one line, long number lists filled', () => {
    expect(printJson({ a: [1, 2], b: [['x'], ['y']], c: {}, d: [] })).toBe(
      '{\n  "a": [1, 2],\n  "b": [["x"], ["y"]],\n  "c": {},\n  "d": []\n}\n',
    );
    const long = Array.from({ length: 30 }, (_, i) => 1000000 + i);
    const lines = printJson({ n: long }).split('\n');
    expect(lines.length).toBe(8);
    expect(lines.every((l) => l.length <= 110)).toBe(true);
  });

  it('leaves every file in dashboards/ stable apart from key order', () => {
    const text = readFileSync(join(root, 'dashboards', 'volume.json'), 'utf8');
    expect(printJson(JSON.parse(text), CANONICAL_LAYOUT)).toBe(text);
  });
});

describe('npm run dashboards:format', () => {
  it('--check passes a formatted file', () => {
    const r = runTool(runFormat, ['--check', copy('base.json')]);
    expect(r.stdout).toBe('');
    expect(r.status).toBe(0);
  });

  it('--check lists an unformatted file and exits 1; formatting it makes it pass', () => {
    const file = copy('reordered.json');
    const before = readFileSync(file, 'utf8');
    const check = runTool(runFormat, ['--check', file]);
    expect(check.stdout.trim()).toMatch(/reordered\.json$/);
    expect(check.status).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(runTool(runFormat, [file]).status).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(formatDefinitionText(before, set));
    expect(runTool(runFormat, ['--check', file]).status).toBe(0);
  });
});
