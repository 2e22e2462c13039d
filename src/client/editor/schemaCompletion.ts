import {
  type Completion,
  type CompletionContext,
  type CompletionResult,
  pickedCompletion,
} from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import { type JsonCursor, jsonCursorAt } from './jsonContext';
import { alternatives, type Located, type SchemaNode, schemasAt, typeLabel } from './schemaSet';

/**
 * Inserts `text` over the typed token and, inside a string, over the closing quote the editor
 * already added, leaving the cursor after the insertion.
 */
function replaceToken(text: string, quoted: boolean) {
  return (view: EditorView, completion: Completion, from: number, to: number) => {
    const end = quoted ? to + (/^[^"\n]*"/.exec(view.state.sliceDoc(to, to + 200))?.[0].length ?? 0) : to;
    view.dispatch({
      changes: { from, to: end, insert: text },
      selection: { anchor: from + text.length },
      userEvent: 'input.complete',
      annotations: pickedCompletion.of(completion),
    });
  };
}

/** The object schemas of the container, narrowed to the branch its `kind` member names. */
function objectSchemas(cursor: JsonCursor): Located[] {
  const candidates = schemasAt(cursor.path).filter((c) => c.node.properties);
  const kind = cursor.container.kindValue;
  if (kind === undefined) return candidates;
  const matching = candidates.filter((c) => {
    const k = c.node.properties?.kind;
    return k?.const === kind || k?.enum?.includes(kind);
  });
  return matching.length ? matching : candidates;
}

function propertyOptions(cursor: JsonCursor, quoted: boolean): Completion[] {
  const seen = new Map<string, Completion>();
  for (const { node, base } of objectSchemas(cursor)) {
    const required = new Set(node.required ?? []);
    for (const [name, raw] of Object.entries(node.properties ?? {})) {
      if (seen.has(name) || cursor.container.keys.has(name)) continue;
      const prop = alternatives({ node: raw, base })[0]?.node ?? raw;
      const description = raw.description ?? prop.description;
      seen.set(name, {
        label: name,
        type: 'property',
        detail: [typeLabel(prop), required.has(name) ? 'required' : ''].filter(Boolean).join(' · '),
        info: description,
        boost: required.has(name) ? 1 : 0,
        apply: replaceToken(quoted ? `${name}": ` : `"${name}": `, quoted),
      });
    }
  }
  return [...seen.values()];
}

function valueOptions(path: (string | number)[], quoted: boolean): Completion[] {
  const seen = new Map<string, Completion>();
  const add = (value: unknown, node: SchemaNode) => {
    // Inside a string only string values fit; the closing quote is part of what is replaced.
    if (quoted && typeof value !== 'string') return;
    const label = typeof value === 'string' ? value : JSON.stringify(value);
    if (seen.has(label)) return;
    seen.set(label, {
      label,
      apply: replaceToken(quoted ? `${value}"` : JSON.stringify(value), quoted),
      type: typeof value === 'string' ? 'enum' : 'constant',
      detail: node.default === value ? 'default' : undefined,
      info: node.description,
    });
  };
  for (const { node } of schemasAt(path)) {
    if (node.const !== undefined) add(node.const, node);
    for (const v of node.enum ?? []) add(v, node);
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.includes('boolean')) {
      add(true, node);
      add(false, node);
    }
  }
  return [...seen.values()];
}

/**
 * Completion for page definitions from schemas/dashboard: at the cursor's JSON pointer, the
 * member names the schema allows (with their descriptions, required ones first) and the enum,
 * const and boolean values of a member or array item.
 */
export function schemaCompletion(context: CompletionContext): CompletionResult | null {
  const doc = context.state.doc;
  const text = doc.toString();
  const cursor = jsonCursorAt(text, context.pos);
  if (!cursor) return null;
  const quoted = text[cursor.from] === '"';
  // Inside a string the options start after its opening quote, so typed text filters them.
  const from = quoted ? cursor.from + 1 : cursor.from;
  if (from === context.pos && !quoted && !context.explicit) return null;
  let options: Completion[];
  if (cursor.slot === 'key') options = propertyOptions(cursor, quoted);
  else if (cursor.slot === 'value' && cursor.key !== undefined)
    options = valueOptions([...cursor.path, cursor.key], quoted);
  else if (cursor.slot === 'element')
    options = valueOptions([...cursor.path, cursor.container.index], quoted);
  else options = [];
  if (!options.length) return null;
  return { from, options, validFor: quoted ? /^[^"\n]*$/ : /^[\w.-]*$/ };
}
