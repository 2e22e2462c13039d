import { createHash } from 'node:crypto';

/**
 * The version of a definition file's text, as the editor sends it back with a save: a content hash,
 * so a file rewritten with the same text keeps its version and any other change gives a new one
 * (a modification time would miss edits within its resolution and flag mere touches).
 */
export function sourceVersion(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}
