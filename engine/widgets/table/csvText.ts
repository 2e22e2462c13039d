/** A text a spreadsheet would run as a formula: it starts with =, +, -, @ or a tab, and is not a number. */
const formulaLike = (text: string) => /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d[\d,]*(\.\d+)?%?$/.test(text);

/**
 * One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180); a text that a
 * spreadsheet would run as a formula (a site named '=HYPERLINK(...)') is kept as text with a
 * leading apostrophe.
 */
const field = (cell: string) => {
  const text = formulaLike(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One CSV line of cell texts, CRLF-ended. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(field).join(',')}\r\n`;
}

/**
 * CSV text of rows of cell texts: CRLF line ends and a UTF-8 byte order mark first, so Excel opens
 * it in UTF-8 ('—', accented names).
 */
export function csvText(lines: readonly (readonly string[])[]): string {
  return `\uFEFF${lines.map(csvLine).join('')}`;
}
