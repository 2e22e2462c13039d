import { linkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The temporary name a text is written under before it takes its place. */
function temporaryName(dir: string, file: string): string {
  return join(dir, `.${file}.${process.pid}.saving`);
}

/**
 * Replaces `file` of `dir` with `text`: written beside and renamed over, so the folder watcher
 * never reads half a file.
 */
export function replaceDefinitionFile(dir: string, file: string, text: string): void {
  const temporary = temporaryName(dir, file);
  writeFileSync(temporary, text);
  renameSync(temporary, join(dir, file));
}

/**
 * Creates `file` of `dir` with `text`, whole at once as a replacement is. False, with nothing
 * written, when the file already exists: a hard link never replaces its target, so two creations
 * of one name cannot both succeed.
 */
export function createDefinitionFile(dir: string, file: string, text: string): boolean {
  const temporary = temporaryName(dir, file);
  writeFileSync(temporary, text);
  try {
    linkSync(temporary, join(dir, file));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(temporary, { force: true });
  }
}
