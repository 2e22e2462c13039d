import { readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer, ensureServerBuilt, serverIsStale } from '../../scripts/lib/serverBuild.mjs';

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
});
