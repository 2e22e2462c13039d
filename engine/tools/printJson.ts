import { isJsonObject, type JsonValue } from './jsonValue';

/** Options of printJson. */
export interface PrintOptions {
  /** The line width lists are fitted to (Biome's lineWidth in biome.json). */
  lineWidth?: number;
  /** Spaces per level. */
  indent?: number;
}

/**
 * Prints JSON the way the repository's formatter (Biome) does, so formatted files pass `biome
 * check`: objects one member per line; a list on one line when it fits, else numbers filled up to
 * the line width and other items one per line; 2-space indentation and a final newline.
 */
export function printJson(value: JsonValue, options: PrintOptions = {}): string {
  const width = options.lineWidth ?? 110;
  const unit = ' '.repeat(options.indent ?? 2);

  const print = (v: JsonValue, indent: string, used: number, after: number): string => {
    if (Array.isArray(v)) return printList(v, indent, used, after);
    if (isJsonObject(v)) {
      const keys = Object.keys(v);
      if (!keys.length) return '{}';
      const inner = indent + unit;
      const lines = keys.map((k, i) => {
        const prefix = `${inner}${JSON.stringify(k)}: `;
        const comma = i < keys.length - 1 ? 1 : 0;
        return `${prefix}${print(v[k], inner, prefix.length, comma)}${comma ? ',' : ''}`;
      });
      return `{\n${lines.join('\n')}\n${indent}}`;
    }
    return JSON.stringify(v);
  };

  const printList = (list: JsonValue[], indent: string, used: number, after: number): string => {
    if (!list.length) return '[]';
    const hasObject = list.some((item) => isJsonObject(item) && Object.keys(item).length > 0);
    const flat = hasObject ? undefined : flatList(list);
    if (flat !== undefined && used + flat.length + after <= width) return flat;
    const inner = indent + unit;
    if (list.every((item) => typeof item === 'number')) {
      const lines: string[] = [];
      let line = '';
      for (const [i, item] of list.entries()) {
        const text = `${JSON.stringify(item)}${i < list.length - 1 ? ',' : ''}`;
        if (line && inner.length + line.length + 1 + text.length > width) {
          lines.push(line);
          line = text;
        } else line = line ? `${line} ${text}` : text;
      }
      lines.push(line);
      return `[\n${lines.map((l) => inner + l).join('\n')}\n${indent}]`;
    }
    const lines = list.map((item, i) => {
      const comma = i < list.length - 1 ? 1 : 0;
      return `${inner}${print(item, inner, inner.length, comma)}${comma ? ',' : ''}`;
    });
    return `[\n${lines.join('\n')}\n${indent}]`;
  };

  return `${print(value, '', 0, 0)}\n`;
}

function flatList(list: JsonValue[]): string | undefined {
  const parts: string[] = [];
  for (const item of list) {
    if (Array.isArray(item)) {
      const inner = flatList(item);
      if (inner === undefined) return undefined;
      parts.push(inner);
    } else if (isJsonObject(item)) {
      if (Object.keys(item).length) return undefined;
      parts.push('{}');
    } else parts.push(JSON.stringify(item));
  }
  return `[${parts.join(', ')}]`;
}
