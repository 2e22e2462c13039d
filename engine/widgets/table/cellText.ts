import { applyPipe } from '../../format/applyPipe';
import { displayText } from '../../format/displayText';
import { formatTotal, toNumber } from '../../format/formatNumber';
import type { Column } from '../../types/dashboard';

/**
 * The text of a body cell: the piped value (an em dash when its dashUnless field is missing or zero),
 * plus ' (Inactive)' when the row's active flag is false.
 */
export function cellText(column: Column, row: Record<string, unknown>): string {
  const guard = column.dashUnless ? toNumber(row[column.dashUnless]) : 1;
  const text = !guard ? displayText.emDash : applyPipe(row[column.field], column.pipe);
  return column.inactiveField && row[column.inactiveField] === false
    ? `${text}${displayText.inactiveSuffix}`
    : text;
}

/**
 * The text of a totals cell: its literal text, or the piped total with an em dash for zero or
 * missing. A total the server sends as text (a 'NN.N% (count)' cell, say) is shown as it is.
 */
export function totalText(column: Column, totals: Record<string, unknown> | undefined): string {
  const spec = column.total;
  if (!spec) return '';
  if (spec.text !== undefined) return spec.text;
  const value = totals?.[spec.field ?? column.field];
  const pipe = spec.pipe ?? column.pipe;
  if (spec.zeroAsDash === false) return applyPipe(value, pipe);
  if (typeof value === 'string' && value.trim() !== '' && toNumber(value) === undefined)
    return applyPipe(value, pipe);
  return formatTotal(value, (n) => applyPipe(n, pipe));
}
