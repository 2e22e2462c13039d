import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every TypeScript source file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The relative imports of a file, resolved to repository paths ('' extension: as written). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g)].map((m) => m[1]);
  return found.map((spec) => relative('.', resolve(dirname(file), spec)));
}

// Which folder may import which (the engine's two entries, the engine never importing the app) is
// Biome's noRestrictedImports in biome.jsonc, run by `npm run lint`.
describe('module boundaries', () => {
  it('every unit test is under tests/unit: none beside the code in engine/ or src/, where no project runs it', () => {
    const misplaced = [...sources('engine'), ...sources('src')].filter((f) => /\.test\.tsx?$/.test(f));
    expect(misplaced).toEqual([]);
  });

  it('the server imports nothing of the client: what both need is in src/shared', () => {
    const crossing = sources('src/server').flatMap((f) =>
      importsOf(f)
        .filter((target) => target.startsWith('src/client/'))
        .map((target) => `${f} -> ${target}`),
    );
    expect(crossing).toEqual([]);
  });

  it('no two index files of the client re-export each other (no import cycle between folders)', () => {
    const indexes = sources('src/client').filter((f) => /\/index\.tsx?$/.test(f));
    const edges = new Map(indexes.map((f) => [f.replace(/\/index\.tsx?$/, ''), importsOf(f)]));
    const cycles: string[] = [];
    for (const [folder, targets] of edges)
      for (const target of targets)
        for (const [other, back] of edges)
          if (other !== folder && target.startsWith(other) && back.some((t) => t.startsWith(folder)))
            cycles.push(`${folder} <-> ${other}`);
    expect(cycles).toEqual([]);
  });
});
