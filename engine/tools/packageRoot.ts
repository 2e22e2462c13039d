import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The folder of the nearest package.json at or above `dir`: the repository's root, from a source
 * file (engine/…, src/server/…) as from a server bundle built into dist/ (scripts/lib/serverBuild.mjs),
 * so the files read beside the code (schemas, migrations) are found from either.
 */
export function packageRoot(dir: string): string {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, 'package.json'))) return at;
    if (dirname(at) === at) throw new Error(`No package.json at or above ${dir}`);
  }
}
