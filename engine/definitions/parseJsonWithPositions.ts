import { getNodeValue, type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { escapePointerToken } from './jsonPointer';

/** A 1-based line and column in a source text. */
export interface Position {
  line: number;
  column: number;
}

/** Where each JSON pointer of a document starts: its value, and for object members also its key. */
export interface PositionMap {
  values: Map<string, Position>;
  keys: Map<string, Position>;
  /** The source offsets [start, end) of each value, for placing syntax errors inside values. */
  spans: Map<string, [number, number]>;
}

/** One syntax error, located at the token at fault, with the pointer of the value it sits in. */
export interface SyntaxProblem {
  message: string;
  position: Position;
  offset: number;
  pointer: string;
}

/** A JSON syntax error with its position (the first of the text's syntax errors). */
export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: Position,
    readonly all: SyntaxProblem[] = [],
  ) {
    super(message);
  }
}

/** How deep objects and arrays may nest: far more than any definition needs, far less than the stack. */
export const MAX_DEPTH = 256;

/** The result of a tolerant parse: whatever parsed, where it is, and every syntax error. */
export interface TolerantParse {
  /** The recovered value (undefined when nothing parsed). */
  value: unknown;
  positions: PositionMap;
  errors: SyntaxProblem[];
}

/**
 * Parses JSON with VS Code's tolerant parser (jsonc-parser), so one run finds every syntax error:
 * each is named for what the author did ('trailing comma', 'missing '}' for the '{' opened at L:C')
 * and placed at the token at fault. Comments and trailing commas are errors (definitions are
 * plain JSON). The value recovered around the errors is returned with the position of every value
 * and object key, keyed by JSON pointer, so later checks still run and are located.
 */
export function parseJsonTolerant(text: string): TolerantParse {
  const lines = lineStarts(text);
  const at = (offset: number): Position => positionAt(lines, offset);
  const positions: PositionMap = { values: new Map(), keys: new Map(), spans: new Map() };
  const tooDeep = firstTooDeep(text);
  if (tooDeep !== undefined)
    return {
      value: undefined,
      positions,
      errors: [
        {
          message: `values nested deeper than ${MAX_DEPTH} levels`,
          position: at(tooDeep),
          offset: tooDeep,
          pointer: '',
        },
      ],
    };
  const raw: ParseError[] = [];
  const tree = parseTree(text, raw, { disallowComments: true, allowTrailingComma: false });
  const duplicates: SyntaxProblem[] = [];
  if (tree) record(tree, '', positions, at, duplicates);
  const errors = [...describeErrors(text, raw, tree, positions, at), ...duplicates].sort(
    (a, b) => a.offset - b.offset,
  );
  return { value: tree ? getNodeValue(tree) : undefined, positions, errors };
}

/**
 * Parses strict JSON and records positions, throwing JsonSyntaxError (the first error, with all
 * of them in `all`) when the text has any syntax error. For tools that need a whole document.
 */
export function parseJsonWithPositions(text: string): { value: unknown; positions: PositionMap } {
  const { value, positions, errors } = parseJsonTolerant(text);
  const [first] = errors;
  if (first) throw new JsonSyntaxError(first.message, first.position, errors);
  return { value, positions };
}

function record(
  node: Node,
  pointer: string,
  positions: PositionMap,
  at: (offset: number) => Position,
  duplicates: SyntaxProblem[],
): void {
  positions.values.set(pointer, at(node.offset));
  positions.spans.set(pointer, [node.offset, node.offset + node.length]);
  if (node.type === 'object') {
    const seen = new Map<string, number>();
    for (const property of node.children ?? []) {
      const [key, value] = property.children ?? [];
      if (!key || typeof key.value !== 'string') continue;
      const child = `${pointer}/${escapePointerToken(key.value)}`;
      const earlier = seen.get(key.value);
      if (earlier !== undefined) {
        const first = at(earlier);
        duplicates.push({
          message: `property "${key.value}" appears twice in this object (first at ${first.line}:${first.column}); keep one`,
          position: at(key.offset),
          offset: key.offset,
          pointer: child,
        });
      }
      seen.set(key.value, key.offset);
      positions.keys.set(child, at(key.offset));
      if (value) record(value, child, positions, at, duplicates);
    }
  } else if (node.type === 'array') {
    node.children?.forEach((item, i) => {
      record(item, `${pointer}/${i}`, positions, at, duplicates);
    });
  }
}

/** Turns the parser's error codes into what the author did, dropping the errors that follow from one. */
function describeErrors(
  text: string,
  raw: ParseError[],
  tree: Node | undefined,
  positions: PositionMap,
  at: (offset: number) => Position,
): SyntaxProblem[] {
  const out: SyntaxProblem[] = [];
  const blamedOpeners = new Set<number>();
  let coveredUntil = -1;
  for (const e of raw) {
    if (e.offset <= coveredUntil) continue;
    const found = describe(text, e, tree, at, blamedOpeners);
    coveredUntil = Math.max(coveredUntil, e.offset + Math.max(e.length, 0));
    if (!found) continue;
    out.push({
      message: found.message,
      offset: found.offset,
      position: at(found.offset),
      pointer: pointerAt(positions, found.owner ?? found.offset),
    });
    if (found.skipTo !== undefined) coveredUntil = Math.max(coveredUntil, found.skipTo);
  }
  return out;
}

/** A described error: where it is, and how far the errors that follow from it reach. */
type Found = { message: string; offset: number; skipTo?: number; owner?: number };

function describe(
  text: string,
  e: ParseError,
  tree: Node | undefined,
  at: (offset: number) => Position,
  blamedOpeners: Set<number>,
): Found | undefined {
  const token = text.slice(e.offset, e.offset + Math.max(e.length, 1));
  const before = previousToken(text, e.offset);
  const found = (message: string, offset = e.offset, skipTo?: number, owner?: number): Found => ({
    message,
    offset,
    skipTo,
    owner,
  });
  const code = printParseErrorCode(e.error);
  switch (code) {
    case 'InvalidCommentToken':
      return found('comments are not allowed in JSON; remove this comment');
    case 'UnexpectedEndOfComment':
      return found('unterminated comment; comments are not allowed in JSON, remove it');
    case 'UnexpectedEndOfString':
      return found(
        'unterminated string; close it with " on the same line (write a line break as \\n)',
        e.offset,
        endOfLine(text, endOfLine(text, e.offset) + 1),
      );
    case 'InvalidEscapeCharacter':
    case 'InvalidUnicode':
      return found('invalid escape sequence in this string; write a backslash as \\\\');
    case 'InvalidCharacter': {
      // The parser places it at the string; the author needs the character itself.
      const at = firstControl(text, e.offset, e.offset + Math.max(e.length, 1));
      return found(
        `control character ${controlName(text[at] ?? '')} inside a string; write it as an escape such as \\t`,
        at,
      );
    }
    case 'UnexpectedEndOfNumber':
    case 'InvalidNumberFormat':
      return found(`${quote(token)} is not a valid number; write digits such as 10 or 0.5`);
    case 'InvalidSymbol': {
      const word = /^[^\s,:{}[\]"]+/.exec(text.slice(e.offset))?.[0] ?? token;
      const end = e.offset + word.length;
      if (word.startsWith("'"))
        return found('strings and property names need double quotes, not single quotes', e.offset, end);
      if (/^\s*:/.test(text.slice(end)))
        return found(`property names need double quotes; write "${word}"`, e.offset, endOfLine(text, end));
      return found(
        `${quote(word)} is not a JSON value; write true, false, null, a number, "text", an object or a list`,
        e.offset,
        end,
      );
    }
    case 'PropertyNameExpected':
    case 'ValueExpected': {
      const closer = text[e.offset];
      if (before && text[before.offset] === ',' && (closer === '}' || closer === ']'))
        return found(`trailing comma before '${closer}'; remove this ','`, before.offset);
      if (before && text[before.offset] === ':' && (closer === '}' || closer === ',' || closer === undefined))
        return found('missing value after ":"; write a value', before.offset + 1);
      if (closer === '}' || closer === ']') return undefined; // follows from an error already named
      if (e.offset >= text.length) return found('unexpected end of the file; the document is incomplete');
      if (code === 'PropertyNameExpected')
        return found(`expected a property name in double quotes, found ${quote(token)}`);
      return found(`expected a value, found ${quote(token)}`);
    }
    case 'ColonExpected':
      return found(
        `missing ':' after the property name; write "name": value`,
        before ? before.offset + 1 : e.offset,
      );
    case 'CommaExpected': {
      const opener = innermostOpen(tree, e.offset, text);
      if (opener && text[opener] === '[' && /^"(?:[^"\\\n]|\\.)*"\s*:/.test(text.slice(e.offset))) {
        blamedOpeners.add(opener);
        const o = at(opener);
        return found(
          `missing ']' to close the '[' opened at ${o.line}:${o.column} (a property name follows)`,
          before ? before.offset + 1 : e.offset,
          text.length,
          opener,
        );
      }
      return found(
        "missing ',' after this value",
        before ? before.offset + 1 : e.offset,
        undefined,
        before?.offset,
      );
    }
    case 'CloseBraceExpected':
    case 'CloseBracketExpected': {
      const [open, close] = code === 'CloseBraceExpected' ? ['{', '}'] : ['[', ']'];
      const opener = innermostOpen(tree, e.offset, text, open);
      if (opener !== undefined && blamedOpeners.has(opener)) return undefined;
      if (opener !== undefined) blamedOpeners.add(opener);
      const o = opener !== undefined ? at(opener) : undefined;
      const where = o ? ` opened at ${o.line}:${o.column}` : '';
      return found(`missing '${close}' to close the '${open}'${where}`, e.offset, undefined, opener);
    }
    case 'EndOfFileExpected':
      return found(
        `unexpected ${quote(token)} after the end of the document; remove it (one closing bracket too many?)`,
        e.offset,
        text.length,
      );
    default:
      return found(`unexpected ${quote(token)}`);
  }
}

/** The last non-space character before an offset. */
function previousToken(text: string, offset: number): { offset: number } | undefined {
  for (let i = offset - 1; i >= 0; i--) if (!/\s/.test(text[i] as string)) return { offset: i };
  return undefined;
}

function firstControl(text: string, from: number, to: number): number {
  for (let i = from; i < Math.min(to, text.length); i++) if ((text[i] as string) < ' ') return i;
  return from;
}

function endOfLine(text: string, offset: number): number {
  const n = text.indexOf('\n', offset);
  return n < 0 ? text.length : n;
}

/** The offset of the innermost object or array that contains `offset` and is not closed. */
function innermostOpen(
  tree: Node | undefined,
  offset: number,
  text: string,
  opener?: string,
): number | undefined {
  let found: number | undefined;
  const visit = (node: Node) => {
    if (node.offset > offset || node.offset + node.length < offset) return;
    if (node.type === 'object' || node.type === 'array') {
      const closer = node.type === 'object' ? '}' : ']';
      const open = node.type === 'object' ? '{' : '[';
      const end = node.offset + node.length;
      const last = node.children?.at(-1);
      // The closing bracket is its own only when no child reaches the same end.
      const closed =
        node.length > 1 && text[end - 1] === closer && (!last || last.offset + last.length < end);
      if (!closed && (!opener || opener === open)) found = node.offset;
    }
    for (const child of node.children ?? []) visit(child);
  };
  if (tree) visit(tree);
  return found;
}

/** The pointer of the innermost value whose span holds an offset. */
function pointerAt(positions: PositionMap, offset: number): string {
  let best = '';
  let bestLength = Number.POSITIVE_INFINITY;
  for (const [pointer, [start, end]] of positions.spans) {
    if (start <= offset && offset < end && end - start < bestLength) {
      best = pointer;
      bestLength = end - start;
    }
  }
  return best;
}

/** The offset where nesting first exceeds MAX_DEPTH (outside strings), if it does. */
function firstTooDeep(text: string): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"' || c === '\n') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (++depth > MAX_DEPTH) return i;
    } else if (c === '}' || c === ']') depth--;
  }
  return undefined;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

function positionAt(starts: number[], offset: number): Position {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - (starts[lo] as number) + 1 };
}

/** A control character as people name it: 'a tab (U+0009)', 'U+0000'. */
function controlName(c: string): string {
  const code = `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  return c === '\t' ? `a tab (${code})` : c === '\r' ? `a carriage return (${code})` : code;
}

function quote(token: string): string {
  return token === '' ? 'the end of the file' : `'${token}'`;
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
