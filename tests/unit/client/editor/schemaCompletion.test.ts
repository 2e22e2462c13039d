import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { definitionCompletion } from '../../../../src/client/editor/definitionCompletion';
import { jsonCursorAt } from '../../../../src/client/editor/jsonContext';
import { schemasAt } from '../../../../src/client/editor/schemaSet';

// No endpoint index: these cases are the schema's alone.
const schemaCompletion = definitionCompletion({ endpoints: async () => [] });

/** Completes at the `|` of `text`. */
async function complete(text: string, explicit = false): Promise<CompletionResult | null> {
  const pos = text.indexOf('|');
  const doc = text.slice(0, pos) + text.slice(pos + 1);
  return schemaCompletion(new CompletionContext(EditorState.create({ doc }), pos, explicit));
}

const labels = (r: CompletionResult | null) => r?.options.map((o) => o.label) ?? [];

describe('jsonCursorAt', () => {
  it('names the container path and the slot, in half-written text', () => {
    const text = '{"panels": {"a": {"blocks": [{"widgets": [{"kind": "pills", "x": 1}, {"ki';
    const at = jsonCursorAt(text, text.length);
    expect(at?.path).toEqual(['panels', 'a', 'blocks', 0, 'widgets', 1]);
    expect(at?.slot).toBe('key');
    expect(text.slice(at?.from)).toBe('"ki');
  });

  it('sees a member value and the object kind', () => {
    const text = '{"kind": "pills", "param": ';
    const at = jsonCursorAt(text, text.length);
    expect(at).toMatchObject({ path: [], slot: 'value', key: 'param' });
    expect(at?.container.kindValue).toBe('pills');
  });
});

describe('definitionCompletion from the schemas', () => {
  it('suggests page members with descriptions, leaving out those already there', async () => {
    const r = await complete('{\n  "id": "x",\n  "|"\n}');
    expect(labels(r)).toContain('route');
    expect(labels(r)).not.toContain('id');
    expect(r?.options.find((o) => o.label === 'route')?.info).toMatch(/route path/);
    expect(typeof r?.options.find((o) => o.label === 'route')?.apply).toBe('function');
  });

  it('follows $ref and picks the widget schema its kind names', async () => {
    const r = await complete('{"panels": {"a": {"blocks": [{"widgets": [{"kind": "pills", "|"}]}]}}}');
    expect(labels(r)).toContain('param');
    expect(labels(r)).toContain('options');
    expect(labels(r)).not.toContain('kind');
    expect(labels(r)).not.toContain('columns');
  });

  it('offers enum values and the widget kinds', async () => {
    expect(labels(await complete('{"panels": {"a": {"blocks": [{"widgets": [{"kind": "|"}]}]}}}'))).toEqual(
      expect.arrayContaining(['pills', 'table', 'chart']),
    );
    expect(labels(await complete('{"filterBar": {"isApplyVisible": |}}', true))).toEqual(['true', 'false']);
  });

  it('stays quiet where the schema says nothing', async () => {
    expect(await complete('{"data": {"x": {"body": {"|"}}}}')).toBeNull();
    expect(schemasAt(['nope'])).toEqual([]);
  });
});
