import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dashboardSchemaDir } from '../definitions/schemaValidator';
import { isJsonObject, type JsonObject, type JsonValue } from './jsonValue';

/** A schema node and the `$id` of the file it sits in (for resolving relative `$ref`s). */
export interface SchemaAt {
  schema: JsonObject;
  file: string;
}

/** Every dashboard schema file, by `$id`, and the root (page) schema. */
export interface SchemaSet {
  byId: Map<string, JsonObject>;
  root: SchemaAt;
}

/** Reads schemas/dashboard (or another folder) into a SchemaSet rooted at page.schema.json. */
export function loadSchemaSet(dir = dashboardSchemaDir, rootId = 'page.schema.json'): SchemaSet {
  const byId = new Map<string, JsonObject>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()) {
    const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as JsonObject;
    byId.set(typeof schema.$id === 'string' ? schema.$id : file, schema);
  }
  const root = byId.get(rootId);
  if (!root) throw new Error(`${rootId} is missing from ${dir}; pass the folder of the dashboard schemas`);
  return { byId, root: { schema: root, file: rootId } };
}

/** Follows `$ref` chains ('file.json#/pointer' or '#/pointer') to the node they name. */
export function deref(set: SchemaSet, at: SchemaAt): SchemaAt {
  let current = at;
  for (let hops = 0; typeof current.schema.$ref === 'string' && hops < 32; hops++) {
    const [refFile, pointer = ''] = current.schema.$ref.split('#');
    const file = refFile || current.file;
    let node: JsonValue | undefined = set.byId.get(file);
    for (const part of pointer.split('/').filter(Boolean)) {
      node = isJsonObject(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    }
    if (!isJsonObject(node)) throw new Error(`unresolvable $ref '${current.schema.$ref}' in ${current.file}`);
    current = { schema: node, file };
  }
  return current;
}

/** The branches of a oneOf/anyOf node, dereferenced. */
export function branches(set: SchemaSet, at: SchemaAt): SchemaAt[] {
  const list = at.schema.oneOf ?? at.schema.anyOf;
  if (!Array.isArray(list)) return [];
  return list.filter(isJsonObject).map((schema) => deref(set, { schema, file: at.file }));
}

/**
 * The object schema that describes a value: $refs followed, and for a union the branch the value
 * belongs to (the one whose `const` properties, such as a widget's kind, match; else the first
 * object branch). Undefined when the schema says nothing about an object's members.
 */
export function schemaForValue(
  set: SchemaSet,
  at: SchemaAt | undefined,
  value: unknown,
): SchemaAt | undefined {
  if (!at) return undefined;
  const resolved = deref(set, at);
  const options = branches(set, resolved);
  if (!options.length) return resolved;
  if (!isJsonObject(value)) return options.find((b) => isJsonObject(b.schema.items)) ?? resolved;
  const objectBranches = options.filter((b) => isJsonObject(b.schema.properties));
  const byConst = objectBranches.find((b) => constsMatch(b.schema, value));
  return byConst ? schemaForValue(set, byConst, value) : objectBranches[0];
}

function constsMatch(schema: JsonObject, value: unknown): boolean {
  if (!isJsonObject(value) || !isJsonObject(schema.properties)) return false;
  const consts = Object.entries(schema.properties).filter(
    ([, p]) => isJsonObject(p) && p.const !== undefined,
  );
  return consts.length > 0 && consts.every(([k, p]) => isJsonObject(p) && value[k] === p.const);
}

/** The schema of member `key` of an object described by `at`: its property, else additionalProperties. */
export function memberSchema(at: SchemaAt | undefined, key: string): SchemaAt | undefined {
  if (!at) return undefined;
  const props = at.schema.properties;
  const own = isJsonObject(props) ? props[key] : undefined;
  const extra = at.schema.additionalProperties;
  const schema = isJsonObject(own) ? own : isJsonObject(extra) ? extra : undefined;
  return schema ? { schema, file: at.file } : undefined;
}

/** The schema of the items of a list described by `at`. */
export function itemSchema(set: SchemaSet, at: SchemaAt | undefined): SchemaAt | undefined {
  if (!at) return undefined;
  const resolved = deref(set, at);
  const items = resolved.schema.items;
  return isJsonObject(items) ? { schema: items, file: resolved.file } : undefined;
}

/** The declared property names of an object schema, in schema order. */
export function propertyNames(at: SchemaAt | undefined): string[] {
  const props = at?.schema.properties;
  return isJsonObject(props) ? Object.keys(props) : [];
}
