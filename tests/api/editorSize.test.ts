import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOverHttp, startTestServer, type TestServer } from './harness';

// A definition far larger than any real one (50,000 keys) is refused by its size before it is
// parsed or checked: checking it held the event loop for seconds, and /healthz, like every other
// user's request, waited that long.

describe('the dashboard editor under an oversized definition', () => {
  let server: TestServer;
  const work = mkdtempSync(join(tmpdir(), 'hawkeye-editor-size-'));
  let headers: Record<string, string>;

  beforeAll(async () => {
    const dashboards = join(work, 'dashboards');
    cpSync(join(process.cwd(), 'dashboards'), dashboards, { recursive: true });
    server = await startTestServer({
      driver: 'duckdb',
      env: { DASHBOARDS_DIR: dashboards, DASHBOARDS_WRITABLE: '1' },
    });
    const tokens = await signInOverHttp(server);
    headers = { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' };
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('answers 400 naming the limit, and /healthz keeps answering meanwhile', async () => {
    const page = JSON.parse(readFileSync(join(process.cwd(), 'dashboards', 'volume.json'), 'utf8'));
    for (let i = 0; i < 50_000; i++) page[`k${i}`] = i;
    const text = JSON.stringify(page);
    expect(text.length).toBeLessThan(1_000_000); // under the server's body limit: the size rule decides

    // /healthz asked over and over while the definition is sent, saved and checked.
    let sending = true;
    const latencies: number[] = [];
    const probe = (async () => {
      while (sending) {
        const t = performance.now();
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        latencies.push(performance.now() - t);
      }
    })();
    const answers = [];
    for (const [method, path, body] of [
      ['PUT', '/api/dashboards/sources/volume.json', { text }],
      ['POST', '/api/dashboards/validate', { file: 'volume.json', text }],
      ['POST', '/api/dashboards/sources', { file: 'huge.json', text }],
    ] as const) {
      const res = await fetch(`${server.url}${path}`, { method, headers, body: JSON.stringify(body) });
      answers.push({ path, status: res.status, body: await res.json() });
    }
    sending = false;
    await probe;
    for (const a of answers) {
      expect(a.status, a.path).toBe(400);
      expect(a.body, a.path).toMatchObject({ field: '/text', message: expect.stringContaining('65,536') });
    }
    // On a quiet machine a /healthz answer takes a millisecond or two; checking the definition held
    // each for seconds. The bound leaves room for a busy machine.
    expect(latencies.length).toBeGreaterThan(0);
    expect(Math.max(...latencies)).toBeLessThan(1_000);
    // Nothing was written.
    expect(readFileSync(join(work, 'dashboards', 'volume.json'), 'utf8')).toBe(
      readFileSync(join(process.cwd(), 'dashboards', 'volume.json'), 'utf8'),
    );
  });
});
