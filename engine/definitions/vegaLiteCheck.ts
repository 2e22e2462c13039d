import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { compile } from 'vega-lite';
import type { Problem } from './definitionError';
import { messages } from './messages';

let validator: ValidateFunction | undefined;

const require = createRequire(import.meta.url);
const AJV_OPTIONS = { allErrors: true, strict: false, validateFormats: false } as const;

/**
 * Vega-Lite's own JSON schema (draft-07), compiled once: it is large, so only when a chart exists.
 * Compiling it takes seconds (each server start, each definition tool run), so the compiled
 * validator is kept as code in node_modules/.cache, keyed by the schema, Ajv's version and the
 * options, and loaded from there in a third of a second. Where that folder cannot be written, the
 * schema is compiled each time.
 */
function vegaLiteValidator(): ValidateFunction {
  if (!validator) {
    const text = readFileSync(require.resolve('vega-lite/vega-lite-schema.json'), 'utf8');
    const ajvPackage = require.resolve('ajv/package.json');
    const key = createHash('sha256')
      .update(text)
      .update(readFileSync(ajvPackage, 'utf8'))
      .update(JSON.stringify(AJV_OPTIONS))
      .digest('hex')
      .slice(0, 16);
    const file = join(dirname(dirname(ajvPackage)), '.cache', 'hawkeye', `vega-lite-validator-${key}.cjs`);
    validator = loadCompiled(file) ?? compileAndKeep(text, file);
  }
  return validator;
}

function loadCompiled(file: string): ValidateFunction | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return require(file) as ValidateFunction;
  } catch {
    return undefined;
  }
}

function compileAndKeep(schema: string, file: string): ValidateFunction {
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true } });
  const validate = ajv.compile(JSON.parse(schema));
  try {
    mkdirSync(dirname(file), { recursive: true });
    // Written aside, then renamed: a process starting meanwhile reads the whole file or none.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, standaloneCode(ajv, validate));
    renameSync(partial, file);
  } catch {
    // Not kept (a read-only install): compiled again next time.
  }
  return validate;
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
