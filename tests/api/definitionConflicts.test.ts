import { copyFileSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/auth/users';
import { DEMO_USERS } from '../../src/server/seed/demoUsers';
import { signInOverHttp, startTestServer, type TestServer } from './harness';

/**
 * A copied page that claims the route and menu entry of a page already served: the server keeps
 * serving the original, serves one page for the route, and logs the copy's located errors.
 */
describe('a copy that claims a served page route (DuckDB)', () => {
  let server: TestServer;
  let dir: string;
  const logged: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'conflict-'));
    const original = readFileSync('dashboards/caller-behavior.json', 'utf8');
    writeFileSync(join(dir, 'caller-behavior.json'), original);
    // The library the pages reference, as beside them in dashboards/.
    copyFileSync('dashboards/_shared.json', join(dir, '_shared.json'));
    // And the page its counts drill to.
    copyFileSync('dashboards/communications-log.json', join(dir, 'communications-log.json'));
    // The copy's name sorts first, and it is the newer file.
    writeFileSync(
      join(dir, 'a-copy.json'),
      original.replace('"id": "caller-behavior"', '"id": "caller-behavior-copy"'),
    );
    utimesSync(join(dir, 'caller-behavior.json'), 1_000, 1_000);
    server = await startTestServer({
      driver: 'duckdb',
      seed: false,
      env: { DASHBOARDS_DIR: dir },
      log: (line) => logged.push(JSON.parse(line).msg as string),
    });
    for (const u of DEMO_USERS) await createUser(server.ctx.store, u);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the original once, and logs the copy as the file at fault', async () => {
    const { accessToken: token } = await signInOverHttp(server);
    const res = await fetch(`${server.url}/api/dashboards`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const { pages } = (await res.json()) as {
      pages: { id: string; route: string; menu?: { label: string } }[];
    };
    expect(pages.filter((p) => p.route === '/dashboard/caller-behavior').map((p) => p.id)).toEqual([
      'caller-behavior',
    ]);
    expect(pages.filter((p) => p.menu?.label === 'Caller Behavior')).toHaveLength(1);
    const errors = logged.filter((m) => m.includes('is already used by'));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((m) => m.includes('a-copy.json:'))).toBe(true);
    expect(errors.join('\n')).toMatch(
      /a-copy\.json:5:12 \/route route '\/dashboard\/caller-behavior' is already used by .*caller-behavior\.json; choose another/,
    );
  });
});
