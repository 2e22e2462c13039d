import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/auth/users';
import { DEMO_PASSWORD, DEMO_USERS } from '../../src/server/seed/demoUsers';
import { DRIVERS, type Driver, startTestServer, type TestServer } from './harness';

// Every server of this file reads a temporary copy of dashboards/: saves never touch the repository.
const workDir = mkdtempSync(join(tmpdir(), 'dashboard-editor-api-'));
const FILE = 'volume.json';
const original = readFileSync(join(process.cwd(), 'dashboards', FILE), 'utf8');
/** A misspelled property in the first right-aligned column. */
const typo = original.replace('"align": "right"', '"allign": "right"');
/** A valid change: the page title. */
const retitled = original.replace('"title": "Volume"', '"title": "Volume (edited)"');

function copyDashboards(name: string): string {
  const dir = join(workDir, name);
  cpSync(join(process.cwd(), 'dashboards'), dir, { recursive: true });
  return dir;
}

/**
 * What `npm run dashboards:check` prints for `text` as `file` of `dir` (every file of the folder
 * checked together, as the command does by default): its lines naming that file.
 */
function checkCommandLines(dir: string, file: string, text: string): string[] {
  const path = join(dir, file);
  const before = readFileSync(path, 'utf8');
  writeFileSync(path, text);
  try {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(dir, f));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/dashboards-check.ts', ...files], {
      cwd: process.cwd(),
      encoding: 'utf8',
    });
    const name = relative(process.cwd(), path);
    return run.stderr.split('\n').filter((l) => l.startsWith(`${name}:`));
  } finally {
    writeFileSync(path, before);
  }
}

type Answer = { status: number; body: Record<string, unknown> };

async function call(server: TestServer, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} } as Answer;
}

async function signIn(server: TestServer, username: string): Promise<string> {
  const res = await call(server, 'POST', '/token', undefined, {
    grantType: 'password',
    clientId: 'HawkEye',
    username,
    password: DEMO_PASSWORD,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.accessToken as string;
}

async function startEditorServer(driver: Driver, dir: string, writable: boolean): Promise<TestServer> {
  const server = await startTestServer({
    driver,
    seed: false,
    env: { DASHBOARDS_DIR: dir, DASHBOARDS_WRITABLE: writable ? '1' : '0' },
  });
  for (const u of DEMO_USERS) await createUser(server.ctx.store, u);
  return server;
}

const readOnlyDir = copyDashboards('read-only');
let expectedTypoLines: string[];

beforeAll(() => {
  expectedTypoLines = checkCommandLines(readOnlyDir, FILE, typo);
  expect(expectedTypoLines.length).toBeGreaterThan(0);
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe.each(DRIVERS)('dashboard editor routes on %s', (driver) => {
  const writableDir = copyDashboards(`writable-${driver}`);
  let readOnly: TestServer;
  let writable: TestServer;
  const tokens: Record<string, { readOnly: string; writable: string }> = {};

  beforeAll(async () => {
    readOnly = await startEditorServer(driver, readOnlyDir, false);
    writable = await startEditorServer(driver, writableDir, true);
    for (const u of ['admin', 'manager'])
      tokens[u] = { readOnly: await signIn(readOnly, u), writable: await signIn(writable, u) };
  });

  afterAll(async () => {
    await readOnly?.stop();
    await writable?.stop();
  });

  it('refuses every editor route to a user without HawkEyeDashboardEditor=Write (403) and to strangers (401)', async () => {
    for (const [server, token] of [
      [readOnly, tokens.manager.readOnly],
      [writable, tokens.manager.writable],
    ] as const) {
      const answers = [
        await call(server, 'GET', '/api/dashboards/sources', token),
        await call(server, 'GET', '/api/dashboards/editor-settings', token),
        await call(server, 'POST', '/api/dashboards/validate', token, { file: FILE, text: original }),
        await call(server, 'PUT', `/api/dashboards/sources/${FILE}`, token, { text: retitled }),
        // The claim is checked before the body: a stranger learns nothing about the shape.
        await call(server, 'POST', '/api/dashboards/validate', token, { nonsense: true }),
      ];
      for (const a of answers) {
        expect(a.status).toBe(403);
        expect(a.body.message).toMatch(/HawkEyeDashboardEditor=Write/);
      }
      expect((await call(server, 'GET', '/api/dashboards/sources')).status).toBe(401);
    }
    expect(readFileSync(join(writableDir, FILE), 'utf8')).toBe(original);
  });

  it('gives an editor the raw text of every definition file and the writable setting', async () => {
    const sources = await call(readOnly, 'GET', '/api/dashboards/sources', tokens.admin.readOnly);
    expect(sources.status).toBe(200);
    const list = sources.body.sources as { file: string; text: string }[];
    expect(list.map((s) => s.file)).toEqual(
      readdirSync(readOnlyDir)
        .filter((f) => f.endsWith('.json'))
        .sort(),
    );
    expect(list.find((s) => s.file === FILE)?.text).toBe(original);

    const off = await call(readOnly, 'GET', '/api/dashboards/editor-settings', tokens.admin.readOnly);
    expect(off).toEqual({ status: 200, body: { writable: false } });
    const on = await call(writable, 'GET', '/api/dashboards/editor-settings', tokens.admin.writable);
    expect(on).toEqual({ status: 200, body: { writable: true } });
  });

  it('validates text: the normalized page when valid, the located errors of dashboards:check when not', async () => {
    const valid = await call(readOnly, 'POST', '/api/dashboards/validate', tokens.admin.readOnly, {
      file: FILE,
      text: retitled,
    });
    expect(valid.status).toBe(200);
    expect(valid.body.errors).toEqual([]);
    expect((valid.body.normalized as { id: string; title: string }).title).toBe('Volume (edited)');

    const broken = await call(readOnly, 'POST', '/api/dashboards/validate', tokens.admin.readOnly, {
      file: FILE,
      text: typo,
    });
    expect(broken.status).toBe(200);
    expect(broken.body.normalized).toBeUndefined();
    const errors = broken.body.errors as { line: number; column: number; pointer: string; text: string }[];
    expect(errors.map((e) => e.text)).toEqual(expectedTypoLines);
    const typoLine = typo.slice(0, typo.indexOf('"allign"')).split('\n').length;
    expect(errors[0]).toMatchObject({ line: typoLine, column: expect.any(Number) });
    expect(errors[0].pointer).toMatch(/\/allign$/);
    expect(errors[0].text).toMatch(/allign/);

    const syntax = await call(readOnly, 'POST', '/api/dashboards/validate', tokens.admin.readOnly, {
      file: FILE,
      text: original.replace('"id": "volume",', '"id": "volume"'),
    });
    expect((syntax.body.errors as unknown[]).length).toBe(1);
    expect((syntax.body.errors as { line: number }[])[0].line).toBeGreaterThan(1);
  });

  it('refuses a save when the server is not writable, whatever the text', async () => {
    const res = await call(readOnly, 'PUT', `/api/dashboards/sources/${FILE}`, tokens.admin.readOnly, {
      text: retitled,
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Saving is turned off on this server');
    expect(readFileSync(join(readOnlyDir, FILE), 'utf8')).toBe(original);
  });

  it('on a writable server refuses an invalid text with its located errors and saves a valid one', async () => {
    const token = tokens.admin.writable;
    const refused = await call(writable, 'PUT', `/api/dashboards/sources/${FILE}`, token, { text: typo });
    expect(refused.status).toBe(400);
    expect((refused.body.errors as { text: string }[]).map((e) => e.text)).toEqual(
      expectedTypoLines.map((l) =>
        l.replace(relative(process.cwd(), readOnlyDir), relative(process.cwd(), writableDir)),
      ),
    );
    expect(readFileSync(join(writableDir, FILE), 'utf8')).toBe(original);

    const saved = await call(writable, 'PUT', `/api/dashboards/sources/${FILE}`, token, { text: retitled });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.saved).toBe(true);
    expect(readFileSync(join(writableDir, FILE), 'utf8')).toBe(retitled);
    // No stray temporary file is left in the folder.
    expect(readdirSync(writableDir).filter((f) => !f.endsWith('.json'))).toEqual([]);

    // The served definitions follow at once.
    const pages = await call(writable, 'GET', '/api/dashboards', token);
    const served = (pages.body.pages as { id: string; title: string }[]).find((p) => p.id === 'volume');
    expect(served?.title).toBe('Volume (edited)');
  });

  it('refuses file names outside the definitions folder (no path traversal)', async () => {
    const token = tokens.admin.writable;
    for (const file of [
      '../package.json',
      '..%2Fpackage.json',
      'Volume.json',
      'volume.json/',
      'a/b.json',
      '.json',
    ]) {
      const v = await call(writable, 'POST', '/api/dashboards/validate', token, { file, text: original });
      expect(v.status, file).toBe(400);
    }
    for (const path of [
      '..%2Fpackage.json',
      '%2e%2e%2fpackage.json',
      'VOLUME.json',
      'volume.txt',
      '..%5Cvolume.json',
    ]) {
      const p = await call(writable, 'PUT', `/api/dashboards/sources/${path}`, token, { text: original });
      expect([400, 404], path).toContain(p.status);
      expect(p.status, path).not.toBe(200);
    }
    const missing = await call(writable, 'POST', '/api/dashboards/validate', token, {
      file: 'missing.json',
      text: original,
    });
    expect(missing.status).toBe(404);
    const put = await call(writable, 'PUT', '/api/dashboards/sources/missing.json', token, {
      text: original,
    });
    expect(put.status).toBe(404);
    expect(readdirSync(writableDir)).not.toContain('missing.json');
    expect(readFileSync(join(process.cwd(), 'package.json'), 'utf8')).toContain(
      '"name": "hawkeye-dashboard"',
    );
  });
});
