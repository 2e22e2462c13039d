/** A 1-based line and column in a source text. */
export interface Position {
  line: number;
  column: number;
}

/** Where each JSON pointer of a document starts: its value, and for object members also its key. */
export interface PositionMap {
  values: Map<string, Position>;
  keys: Map<string, Position>;
}

/** A JSON syntax error with its position. */
export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: Position,
  ) {
    super(message);
  }
}

/** Escapes one reference token of a JSON pointer (RFC 6901). */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Parses JSON and records where every value (and object key) starts, keyed by JSON pointer, so
 * validation errors can name file:line:column. JSON.parse gives no positions, hence this parser;
 * it accepts exactly the JSON grammar.
 */
export function parseJsonWithPositions(text: string): { value: unknown; positions: PositionMap } {
  const positions: PositionMap = { values: new Map(), keys: new Map() };
  let i = 0;
  let line = 1;
  let lineStart = 0;

  const here = (): Position => ({ line, column: i - lineStart + 1 });
  const fail = (what: string): never => {
    throw new JsonSyntaxError(what, here());
  };
  const skipSpace = (): void => {
    while (i < text.length) {
      const c = text[i];
      if (c === '\n') {
        line++;
        i++;
        lineStart = i;
      } else if (c === ' ' || c === '\t' || c === '\r') i++;
      else break;
    }
  };
  const parseString = (): string => {
    const start = i;
    i++;
    while (i < text.length) {
      const c = text[i];
      if (c === '"') {
        i++;
        try {
          return JSON.parse(text.slice(start, i)) as string;
        } catch {
          i = start;
          return fail('invalid escape sequence in this string (write a backslash as \\\\)');
        }
      }
      if (c === '\\') i += 2;
      else if (c === '\n') fail('unterminated string');
      else if (c < ' ') fail(`control character ${controlName(c)} inside a string: write it as an escape`);
      else i++;
    }
    return fail('unterminated string');
  };
  let depth = 0;
  const parseValue = (pointer: string): unknown => {
    if (++depth > MAX_DEPTH) fail(`values nested deeper than ${MAX_DEPTH} levels`);
    try {
      return parseAnyValue(pointer);
    } finally {
      depth--;
    }
  };
  const parseAnyValue = (pointer: string): unknown => {
    skipSpace();
    positions.values.set(pointer, here());
    const c = text[i];
    if (c === '{') {
      i++;
      const obj: Record<string, unknown> = {};
      skipSpace();
      if (text[i] === '}') {
        i++;
        return obj;
      }
      for (;;) {
        skipSpace();
        if (text[i] !== '"')
          fail(`expected a property name in double quotes, found ${describeChar(text[i])}`);
        const keyPos = here();
        const key = parseString();
        const child = `${pointer}/${escapePointerToken(key)}`;
        positions.keys.set(child, keyPos);
        skipSpace();
        if (text[i] !== ':') fail(`expected ':' after property name, found ${describeChar(text[i])}`);
        i++;
        obj[key] = parseValue(child);
        skipSpace();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return obj;
        } else fail(`expected ',' or '}', found ${describeChar(text[i])}`);
      }
    }
    if (c === '[') {
      i++;
      const arr: unknown[] = [];
      skipSpace();
      if (text[i] === ']') {
        i++;
        return arr;
      }
      for (;;) {
        arr.push(parseValue(`${pointer}/${arr.length}`));
        skipSpace();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return arr;
        } else fail(`expected ',' or ']', found ${describeChar(text[i])}`);
      }
    }
    if (c === '"') return parseString();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      text.slice(i, i + 64),
    );
    if (!literal) return fail(`expected a JSON value, found ${describeChar(c)}`);
    i += literal[0].length;
    return JSON.parse(literal[0]);
  };

  const value = parseValue('');
  skipSpace();
  if (i < text.length) fail(`unexpected ${describeChar(text[i])} after the end of the document`);
  return { value, positions };
}

/** How deep objects and arrays may nest: far more than any definition needs, far less than the stack. */
export const MAX_DEPTH = 256;

/** A control character as people name it: 'a tab (U+0009)', 'U+0000'. */
function controlName(c: string): string {
  const code = `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  return c === '\t' ? `a tab (${code})` : c === '\r' ? `a carriage return (${code})` : code;
}

function describeChar(c: string | undefined): string {
  return c === undefined ? 'the end of the file' : `'${c}'`;
}

/**
 * The best position for a pointer: the key of a member (so unknown or misspelled properties point
 * at their name), else the value, else the nearest ancestor that has one.
 */
export function positionOf(map: PositionMap, pointer: string, preferKey = false): Position {
  let p = pointer;
  for (;;) {
    const pos = (preferKey ? map.keys.get(p) : undefined) ?? map.values.get(p);
    if (pos) return pos;
    if (!p) return { line: 1, column: 1 };
    p = p.slice(0, p.lastIndexOf('/'));
  }
}
