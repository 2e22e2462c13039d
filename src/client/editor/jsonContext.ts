/** An object or array the cursor sits in, as the scanner saw it. */
export interface JsonContainer {
  kind: 'object' | 'array';
  /** Keys of an object, before and after the cursor. */
  keys: Set<string>;
  /** The string value of an object's `kind` member, when it has one (picks a widget schema). */
  kindValue?: string;
  /** Object: the last key read; array: the index of the current element. */
  key?: string;
  index: number;
  expectKey: boolean;
  /** The members or items read so far (strings, bare literals and nested containers). */
  value: Record<string, unknown> | unknown[];
}

/** Where the cursor is in a JSON text: the container's path and what may be typed there. */
export interface JsonCursor {
  /** JSON pointer tokens of the container. */
  path: (string | number)[];
  container: JsonContainer;
  /** 'key': an object member name; 'value': a member's value; 'element': an array item. */
  slot: 'key' | 'value' | 'element';
  /** The member name, for 'value'. */
  key?: string;
  /** Where the token being typed starts (its opening quote for a string). */
  from: number;
  /**
   * The whole document as far as it could be read: objects, arrays, strings and bare literals,
   * with the value being typed cut at the cursor. Half-written text gives a partial tree.
   */
  root: unknown;
}

/**
 * Reads `text` to find what the cursor at `pos` is typing: a tolerant scanner (not a parser), so it
 * also works on the half-written text an editor holds. Undefined outside any object or array.
 */
export function jsonCursorAt(text: string, pos: number): JsonCursor | undefined {
  const stack: { frame: JsonContainer; segment: string | number | undefined }[] = [];
  let pendingKey: string | undefined;
  let result: JsonCursor | undefined;
  let root: unknown;

  /** Stores a member value or an array item in the container on top of the stack. */
  const store = (value: unknown) => {
    const top = stack[stack.length - 1]?.frame;
    if (top?.kind === 'array') (top.value as unknown[])[top.index] = value;
    else if (top && !top.expectKey && top.key !== undefined)
      (top.value as Record<string, unknown>)[top.key] = value;
  };

  const snapshot = (from: number) => {
    const top = stack[stack.length - 1];
    if (!top) return;
    const { frame } = top;
    const path = stack.slice(1).map((s) => s.segment as string | number);
    let slot: JsonCursor['slot'];
    if (frame.kind === 'array') slot = 'element';
    else slot = frame.expectKey ? 'key' : 'value';
    result = {
      path,
      container: frame,
      slot,
      key: slot === 'value' ? frame.key : undefined,
      from,
      root: undefined,
    };
  };

  let i = 0;
  while (i < text.length) {
    if (i === pos && !result) snapshot(wordStart(text, pos));
    const ch = text[i];
    if (ch === '"') {
      const start = i;
      let value = '';
      i++;
      while (i < text.length && text[i] !== '"' && text[i] !== '\n') {
        if (i === pos && !result) break;
        if (text[i] === '\\') {
          value += text.slice(i, i + 2);
          i += 2;
        } else value += text[i++];
      }
      if (i >= pos && start < pos && !result) {
        snapshot(start);
        // The string under the cursor is unfinished: skip to its end and go on.
        while (i < text.length && text[i] !== '"' && text[i] !== '\n') i++;
      }
      i++;
      const top = stack[stack.length - 1]?.frame;
      let decoded = value;
      try {
        decoded = JSON.parse(`"${value}"`) as string;
      } catch {
        // An invalid escape: the raw text is close enough for completion.
      }
      if (top?.kind === 'object' && top.expectKey) pendingKey = decoded;
      else {
        if (top?.kind === 'object' && top.key === 'kind') top.kindValue = decoded;
        store(decoded);
      }
      continue;
    }
    const top = stack[stack.length - 1]?.frame;
    if (ch === '{' || ch === '[') {
      const segment = top?.kind === 'object' ? top.key : top?.index;
      const value = ch === '{' ? {} : [];
      if (top) store(value);
      else root ??= value;
      stack.push({
        frame: {
          kind: ch === '{' ? 'object' : 'array',
          keys: new Set(),
          index: 0,
          expectKey: ch === '{',
          value,
        },
        segment,
      });
    } else if (ch === '}' || ch === ']') {
      stack.pop();
    } else if (ch === ':' && top?.kind === 'object') {
      top.key = pendingKey;
      if (pendingKey !== undefined) top.keys.add(pendingKey);
      top.expectKey = false;
      pendingKey = undefined;
    } else if (ch === ',' && top) {
      if (top.kind === 'object') top.expectKey = true;
      else top.index++;
    } else if (top && /[-\dtfn]/.test(ch) && !/[\w.-]/.test(text[i - 1] ?? '')) {
      // A bare literal (number, true, false, null): read whole here, stepped over char by char below.
      const word = /^[\w.+-]+/.exec(text.slice(i, i + 40))?.[0] ?? '';
      try {
        store(JSON.parse(word));
      } catch {
        // Half typed: nothing to store.
      }
    }
    i++;
  }
  if (!result && pos >= text.length) snapshot(wordStart(text, pos));
  if (result) result.root = root;
  return result;
}

/** The value at `path` of a tree read by jsonCursorAt; undefined when any step is missing. */
export function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root;
  for (const segment of path) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}

/** Start of the bare word (letters, digits, - and .) ending at `pos`. */
function wordStart(text: string, pos: number): number {
  let s = pos;
  while (s > 0 && /[\w.-]/.test(text[s - 1])) s--;
  return s;
}
