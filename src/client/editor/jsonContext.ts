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
}

/**
 * Reads `text` to find what the cursor at `pos` is typing: a tolerant scanner (not a parser), so it
 * also works on the half-written text an editor holds. Undefined outside any object or array.
 */
export function jsonCursorAt(text: string, pos: number): JsonCursor | undefined {
  const stack: { frame: JsonContainer; segment: string | number | undefined }[] = [];
  let pendingKey: string | undefined;
  let result: JsonCursor | undefined;

  const snapshot = (from: number) => {
    const top = stack[stack.length - 1];
    if (!top) return;
    const { frame } = top;
    const path = stack.slice(1).map((s) => s.segment as string | number);
    let slot: JsonCursor['slot'];
    if (frame.kind === 'array') slot = 'element';
    else slot = frame.expectKey ? 'key' : 'value';
    result = { path, container: frame, slot, key: slot === 'value' ? frame.key : undefined, from };
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
      else if (top?.kind === 'object' && top.key === 'kind') top.kindValue = decoded;
      continue;
    }
    const top = stack[stack.length - 1]?.frame;
    if (ch === '{' || ch === '[') {
      const segment = top?.kind === 'object' ? top.key : top?.index;
      stack.push({
        frame: { kind: ch === '{' ? 'object' : 'array', keys: new Set(), index: 0, expectKey: ch === '{' },
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
    }
    i++;
  }
  if (!result && pos >= text.length) snapshot(wordStart(text, pos));
  return result;
}

/** Start of the bare word (letters, digits, - and .) ending at `pos`. */
function wordStart(text: string, pos: number): number {
  let s = pos;
  while (s > 0 && /[\w.-]/.test(text[s - 1])) s--;
  return s;
}
