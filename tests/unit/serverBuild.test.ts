import { existsSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildServer,
  ensureServerBuilt,
  serverBundle,
  serverIsStale,
} from '../../scripts/lib/serverBuild.mjs';

// `npm start` and the tests' server processes run the server from its bundle (dist/server): an edit
// to a source the server imports must reach the next start, and an unchanged tree must not be
// bundled again at every start.
describe('the server bundle', () => {
  it('is rebuilt after a source it was built from changes, and only then', async () => {
    await ensureServerBuilt(() => undefined);
    expect(serverIsStale()).toBe(false);
    const { builtAt, inputs } = JSON.parse(readFileSync(join('dist', 'server', 'inputs.json'), 'utf8'));
    const source = 'src/server/store/migrate.ts';
    expect(inputs).toContain(source);
    const { atime, mtime } = statSync(source);
    try {
      // Saved just after the last build.
      utimesSync(source, atime, new Date(builtAt + 1));
      expect(serverIsStale()).toBe(true);
      await buildServer();
      expect(serverIsStale()).toBe(false);
    } finally {
      utimesSync(source, atime, mtime);
    }
    expect(serverIsStale()).toBe(false);
  });

  it("holds the app's entries only, built from the sources as written", async () => {
    await ensureServerBuilt(() => undefined);
    const { inputs } = JSON.parse(readFileSync(join('dist', 'server', 'inputs.json'), 'utf8'));
    // npm start bundles no test or benchmark code: those servers are a build of their own.
    expect(inputs.filter((path: string) => path.startsWith('tests/') || path.includes('bench'))).toEqual([]);
    expect(serverBundle('tests/e2e/server.ts')).toContain(join('dist', 'test-server'));
    // Each bundled module keeps import.meta as esbuild leaves it: the bundle's own location, from
    // which the sources find the repository's root.
    const bundle = readFileSync(serverBundle('scripts/start.ts'), 'utf8');
    expect(bundle).toContain('packageRoot(import.meta.dirname)');
    expect(existsSync(serverBundle('scripts/start.ts'))).toBe(true);
  });
});
