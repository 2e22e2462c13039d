/** Formats a Date as the ISO text both drivers return for TIMESTAMP columns (UTC clock fields, 'Z'). */
export function isoTimestamp(d: Date): string {
  return d.toISOString();
}

/** Turns a database timestamp text ('2026-01-02 03:04:05[.123]') into ISO form ('2026-01-02T03:04:05.123Z'). */
export function isoFromSqlTimestamp(text: string): string {
  const [date, time = '00:00:00'] = text.split(' ');
  const [hms, frac = ''] = time.split('.');
  return `${date}T${hms}.${(`${frac}000`).slice(0, 3)}Z`;
}

/** Splits a script into statements on semicolons that end a line (our migrations hold no procedural code). */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((s) =>
      s
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((s) => s.length > 0);
}
