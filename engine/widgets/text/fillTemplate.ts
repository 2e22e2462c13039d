import { templateReferences } from '../../definitions/templateReferences';
import { applyPipe } from '../../format/applyPipe';
import type { Pipe } from '../../types/dashboard';

/**
 * Replaces `{param.x}` and `{row.field|pipe:args}` placeholders. A missing row value shows the
 * placeholder text when given, else an empty string; params show as text (lists comma-joined).
 */
export function fillTemplate(
  text: string,
  params: Readonly<Record<string, unknown>>,
  row: Readonly<Record<string, unknown>> | undefined,
  placeholder?: string,
): string {
  let out = text;
  for (const ref of templateReferences(text)) {
    const value = ref.scope === 'param' ? params[ref.name] : row?.[ref.name];
    let shown: string;
    if (value === undefined || value === null || value === '')
      shown = ref.scope === 'row' ? (placeholder ?? '') : '';
    else if (ref.pipe) shown = applyPipe(value, { name: ref.pipe as Pipe['name'], args: ref.args });
    else shown = Array.isArray(value) ? value.join(', ') : String(value);
    out = out.replace(ref.text, shown);
  }
  return out;
}
