/**
 * A file name from its parts and an extension: characters file systems refuse become '-', empty
 * parts are left out, the rest joined by ' - '.
 */
export function fileName(parts: readonly (string | undefined)[], extension: string): string {
  const clean = parts
    .filter((p): p is string => !!p?.trim())
    .map((p) => p.replace(/[\\/:*?"<>|]+/g, '-').trim());
  return `${clean.join(' - ')}.${extension}`;
}
