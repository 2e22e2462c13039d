import { messages } from './messages';
import { type PositionMap, positionOf, type SyntaxProblem } from './parseJsonWithPositions';

/** One located problem in a definition file. */
export interface DefinitionError {
  file: string;
  line: number;
  column: number;
  /** The JSON pointer of the offending value ('' for the document). */
  pointer: string;
  /** What is wrong; what would be right. */
  message: string;
  /** Warnings are reported but do not refuse the definition. */
  severity: 'error' | 'warning';
}

/** A problem found before it is located: the pointer and whether the key (not the value) is at fault. */
export interface Problem {
  pointer: string;
  message: string;
  atKey?: boolean;
  severity?: 'error' | 'warning';
  /** A required property is missing (dropped when the object holds a syntax error). */
  missing?: boolean;
  /** Located in the page even where the value came from a library file (the page's use is at fault). */
  page?: boolean;
}

/** Places problems in the file using the parser's position map. */
export function locate(file: string, positions: PositionMap, problems: Problem[]): DefinitionError[] {
  return problems.map((p) => {
    const { line, column } = positionOf(positions, p.pointer, p.atKey);
    return { file, line, column, pointer: p.pointer, message: p.message, severity: p.severity ?? 'error' };
  });
}

/** The one-line form: `file:line:column /pointer what is wrong; what would be right`. */
export function formatDefinitionError(e: DefinitionError): string {
  const prefix = e.severity === 'warning' ? 'warning: ' : '';
  return `${e.file}:${e.line}:${e.column} ${e.pointer || '/'} ${prefix}${e.message}`;
}

/** Orders errors by position so a file reads top to bottom. */
export function byPosition(a: DefinitionError, b: DefinitionError): number {
  return (
    a.file.localeCompare(b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    a.message.localeCompare(b.message)
  );
}

/** A file's syntax errors (see parseJsonTolerant) as located definition errors. */
export function syntaxErrors(file: string, errors: readonly SyntaxProblem[]): DefinitionError[] {
  return errors.map((e) => ({
    file,
    line: e.position.line,
    column: e.position.column,
    pointer: e.pointer,
    message: messages.syntax(e.message),
    severity: 'error',
  }));
}
