import { type Completion, pickedCompletion } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import type { JsonCursor } from './jsonContext';
import {
  alternatives,
  type Located,
  PAGE_SCHEMA_ID,
  type SchemaNode,
  schemasAt,
  typeLabel,
} from './schemaSet';

/**
 * Inserts `text` over the typed token and, inside a string, over the closing quote the editor
 * already added, leaving the cursor after the insertion.
 */
export function replaceToken(text: string, quoted: boolean) {
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

/** Where the container sits in a document and which schema describes that document. */
interface SchemaPlace {
  rootId: string;
  /** The container's path from the root the schema describes. */
  path: (string | number)[];
}

/** The object schemas of the container, narrowed to the branch its `kind` member names. */
function objectSchemas(cursor: JsonCursor, place: SchemaPlace): Located[] {
  const candidates = schemasAt(place.path, place.rootId).filter((c) => c.node.properties);
  const kind = cursor.container.kindValue;
  if (kind === undefined) return candidates;
  const matching = candidates.filter((c) => {
    const k = c.node.properties?.kind;
    return k?.const === kind || k?.enum?.includes(kind);
  });
  return matching.length ? matching : candidates;
}

function propertyOptions(cursor: JsonCursor, quoted: boolean, place: SchemaPlace): Completion[] {
  const seen = new Map<string, Completion>();
  for (const { node, base } of objectSchemas(cursor, place)) {
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

function valueOptions(path: (string | number)[], quoted: boolean, rootId: string): Completion[] {
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
  for (const { node } of schemasAt(path, rootId)) {
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
 * Completion from a JSON schema (schemas/dashboard for a page, or another registered root such as
 * Vega-Lite's for a chart spec): at the cursor, the member names the schema allows (with their
 * descriptions, required ones first) and the enum, const and boolean values of a member or item.
 * `path` is the container's path from the root the schema describes (the cursor's own by default).
 */
export function schemaOptions(
  cursor: JsonCursor,
  quoted: boolean,
  rootId = PAGE_SCHEMA_ID,
  path: (string | number)[] = cursor.path,
): Completion[] {
  const place = { rootId, path };
  if (cursor.slot === 'key') return propertyOptions(cursor, quoted, place);
  if (cursor.slot === 'value' && cursor.key !== undefined)
    return valueOptions([...path, cursor.key], quoted, rootId);
  if (cursor.slot === 'element') return valueOptions([...path, cursor.container.index], quoted, rootId);
  return [];
}
