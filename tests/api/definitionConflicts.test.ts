import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/auth/users';
import { DEMO_USERS } from '../../src/server/seed/demoUsers';
import { apiCaller, signInOverHttp, startTestServer, type TestServer } from './harness';

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

type Answer = { status: number; body: Record<string, unknown> };
type Problem = { line: number; text: string };
type Affected = { file: string; page?: string; errors: Problem[] };

/**
 * The editor checks a save with every definition file beside it, as the server loads them: a
 * library edit that would make pages fail and a route another file has are refused (nothing is
 * written), and a save from a version changed on disk since is merged when the edits do not overlap.
 */
describe('the editor saves only what the whole set serves (DuckDB)', () => {
  let server: TestServer;
  let dir: string;
  let token: string;
  const shared = readFileSync('dashboards/_shared.json', 'utf8');
  // A one-word rename of a column preset three pages use.
  const renamed = shared.replace('"right": { "align": "right" }', '"alignRight": { "align": "right" }');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'editor-set-'));
    cpSync('dashboards', dir, { recursive: true });
    server = await startTestServer({
      driver: 'duckdb',
      seed: false,
      env: { DASHBOARDS_DIR: dir, DASHBOARDS_WRITABLE: '1' },
    });
    for (const u of DEMO_USERS) await createUser(server.ctx.store, u);
    token = (await signInOverHttp(server)).accessToken;
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (method: string, path: string, body?: unknown): Promise<Answer> =>
    apiCaller(server, token)(method, path, body);
  const onDisk = (file: string) => readFileSync(join(dir, file), 'utf8');
  const servedTitles = async () =>
    ((await call('GET', '/api/dashboards')).body.pages as { title: string }[]).map((p) => p.title);
  const version = async (file: string) =>
    ((await call('GET', '/api/dashboards/sources')).body.sources as { file: string; version: string }[]).find(
      (s) => s.file === file,
    )?.version;

  it('refuses a library rename that breaks pages, naming each page and its file:line errors; nothing is written', async () => {
    expect(renamed).not.toBe(shared);
    const titles = await servedTitles();
    const broken = ['Communications Log', 'Employee Call Performance', 'Volume'];
    for (const t of broken) expect(titles).toContain(t);

    // The live check shows it before any save.
    const checked = await call('POST', '/api/dashboards/validate', { file: '_shared.json', text: renamed });
    expect(checked.status).toBe(200);
    expect(checked.body.errors).toEqual([]);
    const affected = checked.body.affected as Affected[];
    expect(affected.map((a) => a.page).sort()).toEqual(broken);

    const refused = await call('PUT', '/api/dashboards/sources/_shared.json', {
      text: renamed,
      baseVersion: await version('_shared.json'),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      '_shared.json would make 3 pages fail: Communications Log (communications-log.json), Employee Call Performance (employee-call-performance.json), Volume (volume.json); nothing was saved',
    );
    expect(refused.body.affected).toEqual(affected);
    const volume = (refused.body.affected as Affected[]).find((a) => a.file === 'volume.json');
    const uses = onDisk('volume.json')
      .split('\n')
      .flatMap((l, i) => (l.includes('"preset": "right"') ? [i + 1] : []));
    expect(volume?.errors.map((e) => e.line)).toEqual(uses);
    expect(volume?.errors[0].text).toMatch(/volume\.json:\d+:\d+ .*'right'/);
    expect(onDisk('_shared.json')).toBe(shared);
    expect(await servedTitles()).toEqual(titles);
  });

  it('refuses a route another file has, whichever file sorts first; nothing is written', async () => {
    for (const [file, other] of [
      ['action-required.json', 'volume'],
      ['volume.json', 'action-required'],
    ]) {
      const text = onDisk(file);
      const route = new RegExp(`"route": "/dashboard/${file.replace('.json', '')}"`);
      expect(text).toMatch(route);
      const taken = text.replace(route, `"route": "/dashboard/${other}"`);
      const refused = await call('PUT', `/api/dashboards/sources/${file}`, { text: taken });
      expect(refused.status, file).toBe(400);
      // Moving a page off its route can also break the links other pages have to it, which the
      // message names after the file's own errors.
      expect(refused.body.message).toMatch(
        new RegExp(
          `^${file.replace('.', '\\.')} has errors(, and it would make \\d+ pages? fail: .+)?; nothing was saved$`,
        ),
      );
      expect((refused.body.errors as Problem[]).map((e) => e.text).join('\n')).toMatch(
        new RegExp(
          `${file}:\\d+:\\d+ /route route '/dashboard/${other}' is already used by .*${other}\\.json`,
        ),
      );
      expect(onDisk(file)).toBe(text);
    }
  });

  it('merges a save whose edits do not overlap the ones on disk, and refuses (409) one whose edits do', async () => {
    const file = 'caller-behavior.json';
    const path = `/api/dashboards/sources/${file}`;
    const base = onDisk(file);
    const baseVersion = await version(file);
    const title = /"title": "Caller Behavior"/;
    expect(base).toMatch(title);
    const theirs = base.replace(title, '"title": "Caller Behavior (theirs)"');
    const first = await call('PUT', path, { text: theirs, baseVersion, baseText: base });
    expect(first.status).toBe(200);
    expect(first.body.served).toBe(true);

    // Mine, from the same base: the menu label, lines away from the title.
    const label = /"label": "Caller Behavior"/;
    expect(base).toMatch(label);
    const mine = base.replace(label, '"label": "Callers"');
    const merged = await call('PUT', path, { text: mine, baseVersion, baseText: base });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const both = theirs.replace(label, '"label": "Callers"');
    expect(merged.body.merged).toBe(both);
    expect(merged.body.served).toBe(true);
    expect(onDisk(file)).toBe(both);
    expect(await servedTitles()).toContain('Caller Behavior (theirs)');

    // Mine again from the first base: the same title line as theirs.
    const clash = base.replace(title, '"title": "Caller Behavior (mine)"');
    const refused = await call('PUT', path, { text: clash, baseVersion, baseText: base });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /change the same lines as yours \(line \d+ of the version you opened\)/,
    );
    expect(refused.body.current).toEqual({ text: both, version: merged.body.version });
    expect(onDisk(file)).toBe(both);
  });
});
