/** One `{scope.name|pipe:args}` placeholder of a text template. */
export interface TemplateReference {
  /** The whole placeholder including braces. */
  text: string;
  scope: 'param' | 'row';
  name: string;
  pipe?: string;
  args: string[];
}

const placeholder = /\{(param|row)\.([A-Za-z0-9_]+)(?:\|([a-z]+)(?::([^}]*))?)?\}/g;

/**
 * The placeholders of a template: `{param.view}`, `{row.updatedAt|date:M/D/YYYY h:mm A}`.
 * Pipe arguments are separated by ':', except for date, whose format contains ':' itself and so
 * takes the whole rest as one argument.
 */
export function templateReferences(text: string): TemplateReference[] {
  return [...text.matchAll(placeholder)].map((m) => ({
    text: m[0],
    scope: m[1] as 'param' | 'row',
    name: m[2],
    pipe: m[3],
    args: m[4] === undefined ? [] : m[3] === 'date' ? [m[4]] : m[4].split(':'),
  }));
}
