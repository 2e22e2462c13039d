import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOverHttp, startTestServer, type TestServer } from './harness';

// GET /api/dashboards is asked on every page load: the browser keeps the answer and asks again with
// its ETag, and the server answers 304 while the pages that user may see have not changed.

const dir = mkdtempSync(join(tmpdir(), 'dashboards-answer-'));
cpSync(join(process.cwd(), 'dashboards'), dir, { recursive: true });

describe('GET /api/dashboards', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver: 'duckdb', env: { DASHBOARDS_DIR: dir } });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const pagesCall = (token: string, etag?: string) =>
    fetch(`${server.url}/api/dashboards`, {
      headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
    });

  it('is kept by the browser only and answered 304 while unchanged', async () => {
    const { accessToken } = await signInOverHttp(server);
    const first = await pagesCall(accessToken);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const { pages } = (await first.json()) as { pages: { id: string }[] };
    expect(pages.map((p) => p.id)).toContain('response-time');

    const again = await pagesCall(accessToken, etag);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Another ETag (an older answer) gets the whole answer.
    const other = await pagesCall(accessToken, '"older"');
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).toBe(etag);
    // Signed out: no answer, kept or not.
    expect((await fetch(`${server.url}/api/dashboards`, { headers: { 'if-none-match': etag } })).status).toBe(
      401,
    );
  });

  it('gives a user who may see other pages an answer of their own', async () => {
    const admin = await pagesCall((await signInOverHttp(server)).accessToken);
    const manager = await pagesCall((await signInOverHttp(server, 'manager')).accessToken);
    const ids = async (res: Response) =>
      ((await res.json()) as { pages: { id: string }[] }).pages.map((p) => p.id);
    const [adminPages, managerPages] = [await ids(admin), await ids(manager)];
    expect(managerPages).not.toEqual(adminPages);
    expect(manager.headers.get('etag')).not.toBe(admin.headers.get('etag'));
  });

  it('answers the edited pages, with a new ETag, once a definition changes', async () => {
    const { accessToken } = await signInOverHttp(server);
    const before = await pagesCall(accessToken);
    const etag = before.headers.get('etag') ?? '';
    const file = join(dir, 'volume.json');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('"title": "Volume"', '"title": "Volume (edited)"'),
    );
    // The server watches the folder: ask until the edit is served (or give up after 20 s).
    let now: Response | undefined;
    for (const giveUpAt = Date.now() + 20_000; Date.now() < giveUpAt; ) {
      now = await pagesCall(accessToken, etag);
      if (now.status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    if (!now) throw new Error('the server was not asked');
    expect(now.status).toBe(200);
    expect(now.headers.get('etag')).not.toBe(etag);
    const { pages } = (await now.json()) as { pages: { id: string; title: string }[] };
    expect(pages.find((p) => p.id === 'volume')?.title).toBe('Volume (edited)');
  });
});
