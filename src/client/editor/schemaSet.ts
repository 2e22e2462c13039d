/** A JSON Schema node, as far as completion reads it. */
export interface SchemaNode {
  $id?: string;
  $ref?: string;
  description?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  properties?: Record<string, SchemaNode>;
  patternProperties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  required?: string[];
  items?: SchemaNode | boolean;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
  $defs?: Record<string, SchemaNode>;
}

/** A schema node and the file its relative references resolve against. */
export interface Located {
  node: SchemaNode;
  base: string;
}

// Every dashboard schema, bundled: the set page.schema.json refers into. A new widget kind's
// schema file is picked up without touching this module.
const files = import.meta.glob<SchemaNode>('../../../schemas/dashboard/*.schema.json', {
  eager: true,
  import: 'default',
});

const byId = new Map<string, SchemaNode>();
for (const [path, schema] of Object.entries(files))
  byId.set(schema.$id ?? path.split('/').pop() ?? path, schema);

/** The root of page definitions. */
export const PAGE_SCHEMA_ID = 'page.schema.json';

function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Follows `$ref` (within the bundled set) until a node without one; undefined when it dangles. */
export function deref(at: Located, depth = 0): Located | undefined {
  const ref = at.node.$ref;
  if (!ref || depth > 20) return at;
  const [file, fragment = ''] = ref.split('#');
  const base = file || at.base;
  let node: unknown = byId.get(base);
  for (const token of fragment.split('/').filter(Boolean)) {
    node =
      node && typeof node === 'object' ? (node as Record<string, unknown>)[unescapeToken(token)] : undefined;
  }
  if (!node || typeof node !== 'object') return undefined;
  // A description beside the $ref speaks for this use; keep it over the referenced one.
  const resolved = deref({ node: node as SchemaNode, base }, depth + 1);
  if (!resolved || !at.node.description) return resolved;
  return { node: { ...resolved.node, description: at.node.description }, base: resolved.base };
}

/** The alternatives a node stands for: itself, or each branch of its oneOf / anyOf, dereferenced. */
export function alternatives(at: Located, depth = 0): Located[] {
  const resolved = deref(at);
  if (!resolved) return [];
  const { node, base } = resolved;
  const branches = [...(node.oneOf ?? []), ...(node.anyOf ?? []), ...(node.allOf ?? [])];
  if (!branches.length || depth > 10) return [resolved];
  const out: Located[] = node.properties ? [resolved] : [];
  for (const b of branches) out.push(...alternatives({ node: b, base }, depth + 1));
  return out;
}

/** Adds a schema to the set under `id`, so references into it resolve (Vega-Lite's, once loaded). */
export function registerSchema(id: string, schema: SchemaNode): void {
  byId.set(id, schema);
}

/** True when a schema of that id is in the set. */
export function hasSchema(id: string): boolean {
  return byId.has(id);
}

/** The schema nodes of the member or item `segment` of values `current` describes, not dereferenced. */
function step(current: Located[], segment: string | number): Located[] {
  const next: Located[] = [];
  for (const { node, base } of current) {
    if (typeof segment === 'number') {
      if (node.items && typeof node.items === 'object') next.push({ node: node.items, base });
      continue;
    }
    const named = node.properties?.[segment];
    if (named) {
      next.push({ node: named, base });
      continue;
    }
    const pattern = Object.entries(node.patternProperties ?? {}).find(([p]) =>
      new RegExp(p, 'u').test(segment),
    );
    if (pattern) next.push({ node: pattern[1], base });
    else if (node.additionalProperties && typeof node.additionalProperties === 'object')
      next.push({ node: node.additionalProperties, base });
  }
  return next;
}

/**
 * The schema nodes that may describe the value at `path` (JSON pointer tokens) of a document whose
 * root schema is `rootId` (a page definition by default).
 */
export function schemasAt(path: readonly (string | number)[], rootId = PAGE_SCHEMA_ID): Located[] {
  const root = byId.get(rootId);
  if (!root) return [];
  let current = alternatives({ node: root, base: rootId });
  for (const segment of path) current = step(current, segment).flatMap((at) => alternatives(at));
  return current;
}

/**
 * The `$ref`s written at `path` of a page, as 'file.json#/pointer' (resolved to their file): they
 * name what a value is when its type alone does not, e.g. common.schema.json#/$defs/fieldName.
 */
export function referencesAt(path: readonly (string | number)[]): Set<string> {
  const refs = new Set<string>();
  if (!path.length) return refs;
  for (const { node, base } of step(schemasAt(path.slice(0, -1)), path[path.length - 1])) {
    if (!node.$ref) continue;
    const [file, fragment = ''] = node.$ref.split('#');
    refs.add(`${file || base}#${fragment}`);
  }
  return refs;
}

/** A short type label for completion details: 'string', 'boolean', "'pills'", 'object'... */
export function typeLabel(node: SchemaNode): string {
  if (node.const !== undefined) return JSON.stringify(node.const);
  if (node.enum) return node.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (Array.isArray(node.type)) return node.type.join(' | ');
  if (node.type) return node.type;
  if (node.properties) return 'object';
  if (node.oneOf || node.anyOf) return 'one of several shapes';
  return '';
}
