import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { compile } from 'vega-lite';
import type { Problem } from './definitionError';
import { messages } from './messages';

let validator: ValidateFunction | undefined;

/** Vega-Lite's own JSON schema (draft-07), compiled once: it is large, so only when a chart exists. */
function vegaLiteValidator(): ValidateFunction {
  if (!validator) {
    const path = createRequire(import.meta.url).resolve('vega-lite/vega-lite-schema.json');
    const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
    validator = ajv.compile(JSON.parse(readFileSync(path, 'utf8')));
  }
  return validator;
}

/**
 * Checks a chart spec against Vega-Lite's schema, then compiles it (the compiler catches what the
 * schema cannot). Vega-Lite's schema is a deep union, so of all its errors the deepest pointer is
 * reported, once: that is where the author's mistake is.
 */
export function checkVegaLite(spec: unknown, pointer: string): Problem[] {
  const validate = vegaLiteValidator();
  if (!validate(spec)) {
    const errors = validate.errors ?? [];
    const depth = Math.max(...errors.map((e) => e.instancePath.split('/').length));
    const deepest = errors.filter((e) => e.instancePath.split('/').length === depth);
    const where = deepest[0]?.instancePath ?? '';
    return [{ pointer: `${pointer}${where}`, message: explain(deepest, valueAt(spec, where)) }];
  }
  try {
    compile(spec as never);
  } catch (err) {
    return [{ pointer, message: messages.vegaLiteCompile(err instanceof Error ? err.message : String(err)) }];
  }
  return [];
}

function explain(errors: ErrorObject[], value: unknown): string {
  const allowed = new Set<string>();
  for (const e of errors) {
    const p = e.params as Record<string, unknown>;
    if (e.keyword === 'const') allowed.add(String(p.allowedValue));
    if (e.keyword === 'enum') for (const v of p.allowedValues as unknown[]) allowed.add(String(v));
  }
  if (allowed.size) return messages.vegaLiteValue(value, [...allowed]);
  const extra = errors.find((e) => e.keyword === 'additionalProperties');
  if (extra)
    return messages.vegaLiteProperty(String((extra.params as Record<string, unknown>).additionalProperty));
  return messages.vegaLite(errors[0]?.message ?? 'unknown error');
}

function valueAt(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const t of pointer.split('/').slice(1)) node = (node as Record<string, unknown> | undefined)?.[t];
  return node;
}
