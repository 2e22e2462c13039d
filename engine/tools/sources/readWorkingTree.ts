import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { DefinitionText } from './definitionText';

/**
 * Reads definitions from files and folders (a folder's *.json in name order, not recursive).
 * Sources are named relative to `cwd`. A missing path throws with its name.
 */
export function readWorkingTree(paths: string[], cwd = process.cwd()): DefinitionText[] {
  return jsonFilesOf(paths, cwd).map((file) => ({
    source: relative(cwd, file) || file,
    text: readFileSync(file, 'utf8'),
  }));
}

/** The definition files named by paths: folders expanded to their *.json, in name order. */
export function jsonFilesOf(paths: string[], cwd = process.cwd()): string[] {
  return paths.flatMap((p) => {
    const path = resolve(cwd, p);
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      throw new Error(`cannot read '${p}': no such file or folder; check the path`);
    }
    if (!isDir) return [path];
    return readdirSync(path)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => join(path, f));
  });
}
