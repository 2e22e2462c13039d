import { valueAt } from './jsonContext';
import { registerSchema, type SchemaNode } from './schemaSet';

/** The id Vega-Lite's schema has in the schema set. */
export const VEGA_LITE_SCHEMA_ID = 'vega-lite-schema.json';

let loading: Promise<void> | undefined;

/**
 * Adds Vega-Lite's own JSON schema to the schema set. It is large (~1.7 MB), so it is a chunk of
 * its own, fetched the first time the cursor is in a chart spec; a failed fetch is tried again.
 */
export function loadVegaLiteSchema(): Promise<void> {
  loading ??= import('vega-lite/vega-lite-schema.json').then(
    (module) => registerSchema(VEGA_LITE_SCHEMA_ID, module.default as SchemaNode),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/**
 * Where the container at `path` of a page sits inside a chart widget's Vega-Lite spec: its path from
 * the spec's root, or undefined when it is not in a spec. `root` is the page as far as it could be read.
 */
export function chartSpecPath(
  root: unknown,
  path: readonly (string | number)[],
): { specPath: (string | number)[]; widgetPath: (string | number)[] } | undefined {
  for (let k = 1; k < path.length; k++) {
    if (path[k] !== 'spec') continue;
    const widget = valueAt(root, path.slice(0, k)) as { kind?: unknown } | undefined;
    if (widget?.kind === 'chart') return { specPath: path.slice(k + 1), widgetPath: path.slice(0, k) };
  }
  return undefined;
}
