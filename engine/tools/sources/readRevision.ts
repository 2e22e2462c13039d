import { execFileSync } from 'node:child_process';
import { posix } from 'node:path';
import type { DefinitionText } from './definitionText';

/**
 * Reads definitions as they were at a git revision (`git show REV:./path`), paths relative to
 * `cwd` inside the repository; a folder gives its *.json at that revision, in name order. Sources
 * are named 'REV:path'. An unknown revision or a path missing at it throws with git's reason.
 */
export function readRevision(revision: string, paths: string[], cwd = process.cwd()): DefinitionText[] {
  return paths.flatMap((p) => {
    const path = posix.normalize(p.replace(/\\/g, '/')).replace(/\/$/, '');
    const entry = git(cwd, ['ls-tree', revision, '--', path]).trim();
    if (!entry) throw new Error(`'${path}' does not exist at ${revision}; check the path and revision`);
    const files =
      entry.split(/\s/)[1] === 'tree'
        ? git(cwd, ['ls-tree', '--name-only', revision, '--', `${path}/`])
            .split('\n')
            .filter((f) => f.endsWith('.json'))
            .sort()
        : [path];
    return files.map((file) => ({
      source: `${revision}:${file}`,
      text: git(cwd, ['show', `${revision}:./${file}`]),
    }));
  });
}

function git(cwd: string, args: string[]): string {
  try {
    return execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 << 20,
    });
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(`git ${args.join(' ')} failed: ${stderr || String(err)}`);
  }
}
