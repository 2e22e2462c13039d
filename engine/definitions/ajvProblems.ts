import type { ErrorObject } from 'ajv';
import type { Problem } from './definitionError';
import { closest } from './didYouMean';
import { escapePointerToken } from './jsonPointer';
import { messages } from './messages';

/**
 * Turns AJV's errors into author-facing problems. With allErrors, a union (anyOf/oneOf) reports
 * every branch; a branch that failed only on its type is noise beside one that matched the type
 * and failed deeper, so type errors and union summaries are dropped where anything more specific
 * exists at or below the same pointer.
 */
export function ajvProblems(errors: ErrorObject[], document: unknown, kinds: string[]): Problem[] {
  const specific = errors.filter(
    (e) => !['anyOf', 'oneOf', 'type', 'if', 'discriminator'].includes(e.keyword),
  );
  const hasSpecificAtOrBelow = (pointer: string): boolean =>
    specific.some((e) => e.instancePath === pointer || e.instancePath.startsWith(`${pointer}/`));
  // A misspelled required property is one mistake: 'did you mean' on the name, not also 'missing'.
  const misspelled = (e: ErrorObject): boolean => {
    if (e.keyword !== 'required') return false;
    const name = String((e.params as Record<string, unknown>).missingProperty);
    return errors.some(
      (o) =>
        o.keyword === 'additionalProperties' &&
        o.instancePath === e.instancePath &&
        closest(String((o.params as Record<string, unknown>).additionalProperty), [name]) === name,
    );
  };
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const e of errors) {
    if (misspelled(e)) continue;
    if (
      (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'type') &&
      hasSpecificAtOrBelow(e.instancePath)
    )
      continue;
    // A union whose branches all failed on type: one message for the union, not one per branch.
    if (
      e.keyword === 'type' &&
      errors.some((o) => o.keyword === 'anyOf' && o.instancePath === e.instancePath)
    )
      continue;
    const problem = toProblem(e, document, kinds);
    const key = `${problem.pointer} ${problem.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      problems.push(problem);
    }
  }
  return problems;
}

function valueAt(document: unknown, pointer: string): unknown {
  let node = document;
  for (const token of pointer.split('/').slice(1)) {
    const t = token.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[t] : undefined;
  }
  return node;
}

function toProblem(e: ErrorObject, document: unknown, kinds: string[]): Problem {
  const at = e.instancePath;
  const value = valueAt(document, at);
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const allowed = Object.keys((e.parentSchema?.properties as object | undefined) ?? {});
      return {
        pointer: `${at}/${escapePointerToken(name)}`,
        message: messages.unknownProperty(name, allowed),
        atKey: true,
      };
    }
    case 'required':
      return {
        pointer: at,
        message: messages.missingProperty(String(params.missingProperty)),
        missing: true,
      };
    case 'type':
      return { pointer: at, message: messages.wrongType(String(params.type).replace(/,/g, ' or '), value) };
    case 'enum':
      return { pointer: at, message: messages.notAllowedValue(value, params.allowedValues as unknown[]) };
    case 'const':
      return { pointer: at, message: messages.notConst(value, params.allowedValue) };
    case 'pattern':
      return { pointer: at, message: messages.pattern(value, String(params.pattern)) };
    case 'minItems':
      return { pointer: at, message: messages.tooFew(Number(params.limit)) };
    case 'minimum':
      return { pointer: at, message: messages.tooSmall(value, Number(params.limit)) };
    case 'minLength':
      return { pointer: at, message: messages.tooShort(Number(params.limit)) };
    case 'propertyNames':
      return { pointer: at, message: messages.pattern(params.propertyName, 'the name pattern'), atKey: true };
    case 'discriminator':
      if (params.error === 'mapping')
        return { pointer: `${at}/kind`, message: messages.unknownKind(String(params.tagValue), kinds) };
      return { pointer: at, message: messages.missingProperty('kind') };
    case 'anyOf':
    case 'oneOf':
      return {
        pointer: at,
        message: messages.notMatchingAny(
          String(e.parentSchema?.title ?? e.parentSchema?.description ?? 'valid'),
        ),
      };
    default:
      return { pointer: at, message: messages.schemaOther(e.message ?? e.keyword) };
  }
}
