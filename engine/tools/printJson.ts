import { isJsonObject, type JsonValue } from './jsonValue';

/** Options of printJson. */
export interface PrintOptions {
  /** The line width lists are fitted to (Biome's lineWidth in biome.jsonc). */
  lineWidth?: number;
  /** Spaces per level. */
  indent?: number;
  /**
   * Short objects (at most this many members) that fit on their line are printed on one line,
   * `{ "$param": "x" }`, as Biome keeps them. 0 prints every object one member per line.
   */
  inlineMembers?: number;
}

/** The canonical layout of definition files: short objects of up to 4 members stay on one line. */
export const CANONICAL_LAYOUT: PrintOptions = { inlineMembers: 4 };

/**
 * Prints JSON the way the repository's formatter (Biome) does, so formatted files pass `biome
 * check`: a short object on one line when it fits (Biome keeps an object on one line when it was
 * written so), else one member per line; a list on one line when it fits, else numbers filled up
 * to the line width and other items one per line; 2-space indentation and a final newline.
 */
export function printJson(value: JsonValue, options: PrintOptions = {}): string {
  const width = options.lineWidth ?? 110;
  const unit = ' '.repeat(options.indent ?? 2);
  const inlineMembers = options.inlineMembers ?? 0;

  /** The one-line form of a value, if it has one: short objects and lists of such. */
  const inline = (v: JsonValue): string | undefined => {
    if (Array.isArray(v)) {
      const parts = v.map(inline);
      return parts.every((p) => p !== undefined) ? `[${parts.join(', ')}]` : undefined;
    }
    if (isJsonObject(v)) {
      const keys = Object.keys(v);
      if (!keys.length) return '{}';
      if (keys.length > inlineMembers) return undefined;
      const parts = keys.map((k) => {
        const p = inline(v[k]);
        return p === undefined ? undefined : `${JSON.stringify(k)}: ${p}`;
      });
      return parts.every((p) => p !== undefined) ? `{ ${parts.join(', ')} }` : undefined;
    }
    return JSON.stringify(v);
  };

  const print = (v: JsonValue, indent: string, used: number, after: number): string => {
    if (Array.isArray(v)) return printList(v, indent, used, after);
    if (isJsonObject(v)) {
      const keys = Object.keys(v);
      if (!keys.length) return '{}';
      const oneLine = inline(v);
      if (oneLine !== undefined && used + oneLine.length + after <= width) return oneLine;
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
    const flat = hasObject ? (inlineMembers ? inline(list) : undefined) : flatList(list);
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
