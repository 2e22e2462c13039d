import { parseJsonWithPositions } from '../definitions/parseJsonWithPositions';
import { canonicalOrder } from './canonicalOrder';
import type { JsonValue } from './jsonValue';
import { CANONICAL_LAYOUT, printJson } from './printJson';
import type { SchemaSet } from './schemaSet';

/**
 * The canonical text of a definition: keys in schema order (see canonicalOrder), printed as the
 * repository's formatter does (see printJson). The definition need not be valid, only JSON; a
 * syntax error throws JsonSyntaxError with its position.
 */
export function formatDefinitionText(text: string, set: SchemaSet): string {
  const { value } = parseJsonWithPositions(text);
  return printJson(canonicalOrder(value as JsonValue, set), CANONICAL_LAYOUT);
}
