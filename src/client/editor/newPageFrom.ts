/** The names of a page made from a copy: its file, id, route and title (also its menu label). */
export interface NewPageNames {
  file: string;
  id: string;
  route: string;
  title: string;
}

/** The kebab-case id a title suggests: 'Volume by Region' gives 'volume-by-region'. */
export function idFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    // Accents come apart from their letters under NFKD: drop them, keep the letter.
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // A page id starts with a letter.
  return slug && /^[0-9]/.test(slug) ? `page-${slug}` : slug;
}

/** The names for a new page: the id is the file name without .json, the route /dashboard/<id>. */
export function newPageNames(title: string, file: string): NewPageNames {
  const id = file.replace(/\.json$/, '');
  return { file, id, route: `/dashboard/${id}`, title: title.trim() };
}

/** A JSON string value's place in a text: its pointer tokens and its span, quotes included. */
interface StringSpan {
  path: (string | number)[];
  from: number;
  to: number;
  value: string;
}

/** Every string value of a valid JSON text with its place (object keys are not values). */
function stringValues(text: string): StringSpan[] {
  const stack: { kind: '{' | '['; key?: string; index: number; expectKey: boolean }[] = [];
  const spans: StringSpan[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    const top = stack[stack.length - 1];
    if (ch === '"') {
      const from = i;
      for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++;
      i++;
      const value = JSON.parse(text.slice(from, i)) as string;
      if (top?.kind === '{' && top.expectKey) top.key = value;
      else if (top) {
        const path = stack.map((f) => (f.kind === '{' ? (f.key as string) : f.index));
        spans.push({ path, from, to: i, value });
      }
      continue;
    }
    if (ch === '{' || ch === '[') stack.push({ kind: ch, index: 0, expectKey: ch === '{' });
    else if (ch === '}' || ch === ']') stack.pop();
    else if (ch === ':' && top) top.expectKey = false;
    else if (ch === ',' && top) {
      if (top.kind === '{') top.expectKey = true;
      else top.index++;
    }
    i++;
  }
  return spans;
}

/** The storageKey values of a definition's params; none when the text is not JSON. */
export function storageKeysOf(text: string): string[] {
  try {
    const page = JSON.parse(text) as { params?: Record<string, { storageKey?: unknown }> };
    return Object.values(page.params ?? {})
      .map((p) => p?.storageKey)
      .filter((k): k is string => typeof k === 'string');
  } catch {
    return [];
  }
}

/**
 * The text of a new page copied from `text` (a valid definition): the id, route, title and menu
 * label replaced by `names`, and each param's storageKey renamed after the new id and kept apart
 * from `takenKeys` (so the two pages never share a remembered value). Everything else, layout and
 * formatting included, stays as it was.
 */
export function copyPageText(text: string, names: NewPageNames, takenKeys: ReadonlySet<string>): string {
  const spans = stringValues(text);
  const oldId = spans.find((s) => s.path.length === 1 && s.path[0] === 'id')?.value ?? '';
  const taken = new Set(takenKeys);
  const uniqueKey = (old: string) => {
    const base = oldId && old.startsWith(oldId) ? names.id + old.slice(oldId.length) : `${names.id}-${old}`;
    let key = base;
    for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
    taken.add(key);
    return key;
  };
  const replacement = ({ path, value }: StringSpan): string | undefined => {
    const at = path.join('/');
    if (at === 'id') return names.id;
    if (at === 'route') return names.route;
    if (at === 'title' || at === 'menu/label') return names.title;
    if (path.length === 3 && path[0] === 'params' && path[2] === 'storageKey') return uniqueKey(value);
    return undefined;
  };
  let out = '';
  let last = 0;
  for (const span of spans) {
    const next = replacement(span);
    if (next === undefined) continue;
    out += text.slice(last, span.from) + JSON.stringify(next);
    last = span.to;
  }
  return out + text.slice(last);
}
