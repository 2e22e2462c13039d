/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * CSV text of rows of cell texts: CRLF line ends and a UTF-8 byte order mark first, so Excel opens
 * it in UTF-8 ('—', accented names).
 */
export function csvText(lines: readonly (readonly string[])[]): string {
  return `\uFEFF${lines.map((l) => l.map(field).join(',')).join('\r\n')}\r\n`;
}

/** A file name from its parts: characters file systems refuse become '-', parts joined by ' - '. */
export function csvFileName(parts: readonly (string | undefined)[]): string {
  const clean = parts
    .filter((p): p is string => !!p?.trim())
    .map((p) => p.replace(/[\\/:*?"<>|]+/g, '-').trim());
  return `${clean.join(' - ')}.csv`;
}
