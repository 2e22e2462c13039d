import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyPageText, newPageNames, storageKeysOf } from '../../src/client/editor/newPageFrom';
import { createUser } from '../../src/server/auth/users';
import { DEMO_PASSWORD, DEMO_USERS } from '../../src/server/seed/demoUsers';
import { DRIVERS, type Driver, startTestServer, type TestServer } from './harness';

// Every server of this file reads a temporary copy of dashboards/: saves never touch the repository.
const workDir = mkdtempSync(join(tmpdir(), 'dashboard-editor-api-'));
const FILE = 'volume.json';
const original = readFileSync(join(process.cwd(), 'dashboards', FILE), 'utf8');

// A misspelled property written into the Total Comms column.
const typo = original.replace('"header": "Total Comms"', '"allign": "right", "header": "Total Comms"');
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
        await call(server, 'POST', '/api/dashboards/sources', token, {
          file: 'new-page.json',
          text: original,
        }),
        await call(server, 'GET', '/api/dashboards/endpoints', token),
        // The claim is checked before the body: a stranger learns nothing about the shape.
        await call(server, 'POST', '/api/dashboards/validate', token, { nonsense: true }),
      ];
      for (const a of answers) {
        expect(a.status).toBe(403);
        expect(a.body.message).toMatch(/HawkEyeDashboardEditor=Write/);
      }
      expect((await call(server, 'GET', '/api/dashboards/sources')).status).toBe(401);
      // Neither a stranger nor a user without the claim has a body parsed: broken JSON and a body
      // over the limit are answered as the caller is, not as the body is.
      for (const [who, status] of [
        [undefined, 401],
        [token, 403],
      ] as const) {
        for (const [method, path] of [
          ['POST', '/api/dashboards/validate'],
          ['PUT', `/api/dashboards/sources/${FILE}`],
        ]) {
          for (const body of ['{"file": ', `{"text": "${'x'.repeat(3_000_000)}"}`]) {
            const res = await fetch(`${server.url}${path}`, {
              method,
              headers: {
                'content-type': 'application/json',
                ...(who ? { authorization: `Bearer ${who}` } : {}),
              },
              body,
            });
            expect(res.status, `${method} ${path}`).toBe(status);
            await res.text();
          }
        }
      }
    }
    expect(readFileSync(join(writableDir, FILE), 'utf8')).toBe(original);
    expect(readdirSync(writableDir)).not.toContain('new-page.json');
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
    // Each text comes with its version, the same for the same text.
    const versions = (sources.body.sources as { version: string }[]).map((s) => s.version);
    expect(versions.every((v) => /^[0-9a-f]{16}$/.test(v))).toBe(true);
    const again = await call(readOnly, 'GET', '/api/dashboards/sources', tokens.admin.readOnly);
    expect((again.body.sources as { version: string }[]).map((s) => s.version)).toEqual(versions);

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
    // (digests/ and alerts/ are the folders of the delivery definitions.)
    expect(
      readdirSync(writableDir, { withFileTypes: true })
        .filter((f) => f.isFile() && !f.name.endsWith('.json'))
        .map((f) => f.name),
    ).toEqual([]);

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

  it('refuses a save from a version that is no longer on disk (409 with the disk text), then saves from it', async () => {
    const token = tokens.admin.writable;
    const file = 'caller-behavior.json';
    const path = `/api/dashboards/sources/${file}`;
    const versionOf = async () =>
      ((await call(writable, 'GET', '/api/dashboards/sources', token)).body.sources as SourceAnswer[]).find(
        (s) => s.file === file,
      ) as SourceAnswer;
    const opened = await versionOf();
    const mine = opened.text.replace(/"title": "([^"]+)"/, '"title": "$1 (mine)"');
    const theirs = opened.text.replace(/"title": "([^"]+)"/, '"title": "$1 (theirs)"');
    expect(mine).not.toBe(opened.text);

    // Someone else saves first, from the same version.
    const first = await call(writable, 'PUT', path, token, { text: theirs, baseVersion: opened.version });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.version).toBe((await versionOf()).version);
    expect(first.body.version).not.toBe(opened.version);

    const stale = await call(writable, 'PUT', path, token, { text: mine, baseVersion: opened.version });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(`${file} changed on disk since you opened it; nothing was saved`);
    expect(stale.body.current).toEqual({ text: theirs, version: first.body.version });
    expect(readFileSync(join(writableDir, file), 'utf8')).toBe(theirs);

    // A change by hand is a change too.
    const byHand = `${theirs.trimEnd()}\n\n`;
    writeFileSync(join(writableDir, file), byHand);
    const again = await call(writable, 'PUT', path, token, { text: mine, baseVersion: first.body.version });
    expect(again.status).toBe(409);
    expect((again.body.current as SourceAnswer).text).toBe(byHand);

    // Keeping mine: saved from the version the conflict showed.
    const kept = await call(writable, 'PUT', path, token, {
      text: mine,
      baseVersion: (again.body.current as SourceAnswer).version,
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(readFileSync(join(writableDir, file), 'utf8')).toBe(mine);

    const malformed = await call(writable, 'PUT', path, token, { text: mine, baseVersion: 7 });
    expect(malformed.status).toBe(400);
  });

  it('creates a new definition file that validates, then lists and serves it; refuses a taken or bad name', async () => {
    const token = tokens.admin.writable;
    const from = readFileSync(join(writableDir, 'response-time.json'), 'utf8');
    const taken = new Set(
      readdirSync(writableDir)
        .filter((f) => f.endsWith('.json'))
        .flatMap((f) => storageKeysOf(readFileSync(join(writableDir, f), 'utf8'))),
    );
    const text = copyPageText(from, newPageNames('Response Time Copy', 'response-time-copy.json'), taken);

    const off = await call(readOnly, 'POST', '/api/dashboards/sources', tokens.admin.readOnly, {
      file: 'response-time-copy.json',
      text,
    });
    expect(off.status).toBe(403);
    expect(readdirSync(readOnlyDir)).not.toContain('response-time-copy.json');

    const existing = await call(writable, 'POST', '/api/dashboards/sources', token, { file: FILE, text });
    expect(existing.status).toBe(409);
    expect(existing.body.message).toBe(`A definition file named ${FILE} already exists; choose another name`);
    expect(readFileSync(join(writableDir, FILE), 'utf8')).not.toBe(text);

    for (const file of ['../copy.json', 'Copy.json', 'copy.txt', 'a/b.json', 7]) {
      const bad = await call(writable, 'POST', '/api/dashboards/sources', token, { file, text });
      expect(bad.status, String(file)).toBe(400);
    }

    // An exact copy clashes with its original (same id and route): refused with the located errors.
    const clash = await call(writable, 'POST', '/api/dashboards/sources', token, {
      file: 'clash.json',
      text: from,
    });
    expect(clash.status).toBe(400);
    expect(clash.body.message).toBe('clash.json has errors; nothing was saved');
    expect((clash.body.errors as { text: string }[]).length).toBeGreaterThan(0);
    expect(readdirSync(writableDir)).not.toContain('clash.json');

    const created = await call(writable, 'POST', '/api/dashboards/sources', token, {
      file: 'response-time-copy.json',
      text,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ saved: true, file: 'response-time-copy.json', errors: [] });
    expect(readFileSync(join(writableDir, 'response-time-copy.json'), 'utf8')).toBe(text);
    // (digests/ and alerts/ are the folders of the delivery definitions.)
    expect(
      readdirSync(writableDir, { withFileTypes: true })
        .filter((f) => f.isFile() && !f.name.endsWith('.json'))
        .map((f) => f.name),
    ).toEqual([]);

    const listed = (
      (await call(writable, 'GET', '/api/dashboards/sources', token)).body.sources as SourceAnswer[]
    ).find((s) => s.file === 'response-time-copy.json');
    expect(listed).toEqual({ file: 'response-time-copy.json', text, version: created.body.version });
    const pages = (await call(writable, 'GET', '/api/dashboards', token)).body.pages as {
      id: string;
      route: string;
      menu?: { label: string };
    }[];
    expect(pages.find((p) => p.id === 'response-time-copy')).toMatchObject({
      route: '/dashboard/response-time-copy',
      menu: { label: 'Response Time Copy' },
    });

    const twice = await call(writable, 'POST', '/api/dashboards/sources', token, {
      file: 'response-time-copy.json',
      text,
    });
    expect(twice.status).toBe(409);
  });

  it('answers the endpoint index for completion: body keys, row fields, variants and row pointers', async () => {
    const res = await call(readOnly, 'GET', '/api/dashboards/endpoints', tokens.admin.readOnly);
    expect(res.status).toBe(200);
    const endpoints = res.body.endpoints as {
      method: string;
      path: string;
      bodyKeys?: string[];
      fields?: string[];
      variants?: Record<string, string[]>;
      rows: string;
      fieldsAt: Record<string, string[]>;
    }[];
    const bySite = endpoints.find((e) => e.path === '/api/data/communication/volume/by_site');
    expect(bySite).toMatchObject({ method: 'POST', rows: '/values' });
    expect(bySite?.bodyKeys).toEqual(expect.arrayContaining(['siteIds', 'startDate', 'limit']));
    expect(bySite?.fields).toEqual(expect.arrayContaining(['site', 'totalCommCount']));
    expect(bySite?.fieldsAt['/values']).toEqual(bySite?.fields);
    const codes = endpoints.find((e) => e.path === '/api/data');
    expect(codes?.variants?.['104']).toEqual(['callerType', 'count']);
    expect(endpoints.find((e) => e.path === '/api/sites')?.method).toBe('GET');
  });
});

/** One file of GET /api/dashboards/sources. */
interface SourceAnswer {
  file: string;
  text: string;
  version: string;
}
