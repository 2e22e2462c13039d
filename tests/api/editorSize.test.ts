import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/auth/users';
import { DEMO_PASSWORD } from '../../src/server/seed/demoUsers';
import { signInOverHttp, startTestServer, type TestServer } from './harness';

// A definition far larger than any real one (50,000 keys) is refused by its size before it is
// parsed or checked: checking it held the event loop for seconds, and /healthz, like every other
// user's request, waited that long. A text under the limit with thousands of keys still takes a
// while to check: the checks run on a thread of their own, a few at a time per editor.

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

/** The longest definition text the editor takes (schemas/api/dashboards/definition-text.json). */
const TEXT_LIMIT = 65_536;

/** volume.json with as many unknown keys as fit under the limit: thousands of located errors. */
function nearLimitText(): string {
  const page = JSON.parse(readFileSync(join(process.cwd(), 'dashboards', 'volume.json'), 'utf8'));
  let text = JSON.stringify(page);
  for (let i = 0; ; i++) {
    page[`k${i}`] = i;
    const next = JSON.stringify(page);
    if (next.length > TEXT_LIMIT) return text;
    text = next;
  }
}

/** A /healthz answer: when it was asked (ms since the epoch) and how long it took. */
interface Probe {
  at: number;
  ms: number;
  status: number;
}

/**
 * Asks `url` again and again (every 40 ms or so) from a thread of its own, so that a probe waits only
 * for the server, never for this thread, and tells each answer as it comes. stop() ends it.
 */
function probeFromAnotherThread(url: string, onProbe: (p: Probe) => void): { stop(): Promise<number> } {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    let on = true;
    parentPort.on('message', () => { on = false; });
    (async () => {
      while (on) {
        const at = performance.timeOrigin + performance.now();
        const res = await fetch(workerData.url);
        await res.arrayBuffer();
        parentPort.postMessage({ at, ms: performance.timeOrigin + performance.now() - at, status: res.status });
        await new Promise((r) => setTimeout(r, 40));
      }
      parentPort.close();
    })();`,
    { eval: true, workerData: { url } },
  );
  worker.on('message', onProbe);
  return {
    stop: () =>
      new Promise((resolve) => {
        worker.once('exit', resolve);
        worker.postMessage('stop');
      }),
  };
}

describe('the dashboard editor checking a near-limit definition of many keys', () => {
  let server: TestServer;
  const work = mkdtempSync(join(tmpdir(), 'hawkeye-editor-checks-'));
  const text = nearLimitText();
  const headersOf = async (username: string) => ({
    authorization: `Bearer ${(await signInOverHttp(server, username)).accessToken}`,
    'content-type': 'application/json',
  });
  const validate = async (headers: Record<string, string>) => {
    const started = performance.timeOrigin + performance.now();
    const res = await fetch(`${server.url}/api/dashboards/validate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ file: 'volume.json', text }),
    });
    const body = (await res.json()) as { errors?: { line: number; message: string }[]; message?: string };
    const ended = performance.timeOrigin + performance.now();
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body, started, ended };
  };

  beforeAll(async () => {
    const dashboards = join(work, 'dashboards');
    cpSync(join(process.cwd(), 'dashboards'), dashboards, { recursive: true });
    server = await startTestServer({ driver: 'duckdb', env: { DASHBOARDS_DIR: dashboards } });
    await createUser(server.ctx.store, {
      username: 'editor2',
      password: DEMO_PASSWORD,
      firstName: 'Eda',
      lastName: 'Editor',
      email: 'editor2@example.com',
      allAccountAccess: true,
      hasPermission: true,
      accountIds: [],
      claims: [{ type: 'HawkEyeDashboardEditor', value: 'Write' }],
    });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('keeps /healthz answering quickly while the text is checked again and again', async () => {
    expect(text.length).toBeGreaterThan(TEXT_LIMIT - 20);
    const headers = await headersOf('admin');
    const probes: Probe[] = [];
    const prober = probeFromAnotherThread(`${server.url}/healthz`, (p) => probes.push(p));
    const checks: Awaited<ReturnType<typeof validate>>[] = [];
    // Probes asked while a check was under way (the first check starts the checks' thread).
    const during = () => probes.filter((p) => checks.some((c) => p.at > c.started && p.at < c.ended));
    try {
      while (checks.length < 3 || (during().length < 20 && checks.length < 40))
        checks.push(await validate(headers));
    } finally {
      await prober.stop();
    }
    for (const c of checks) {
      expect(c.status).toBe(200);
      expect(c.body.errors?.length).toBeGreaterThan(1000);
    }
    expect(probes.every((p) => p.status === 200)).toBe(true);
    const probed = during();
    expect(probed.length).toBeGreaterThanOrEqual(20);
    // A check takes a few hundred ms on a quiet machine, seconds on a busy one; a /healthz answer a
    // millisecond or two. Checked on the event loop, a probe waited for the check under way: half a
    // check in the middle, up to a whole one. Off it, the typical probe answers at once, and one
    // hiccup of a busy machine (a collection, a descheduled thread) is never a whole check.
    const checkMs = checks
      .slice(1)
      .map((c) => c.ended - c.started)
      .sort((a, b) => a - b)[Math.floor((checks.length - 1) / 2)];
    const times = probed.map((p) => p.ms).sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const slowest = times[times.length - 1];
    process.stdout.write(
      `[editor checks] ${checks.length} checks, median ${checkMs.toFixed(0)} ms; ${probed.length} /healthz probes meanwhile, median ${median.toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms\n`,
    );
    expect(median).toBeLessThan(Math.max(50, checkMs / 10));
    expect(slowest).toBeLessThan(checkMs);
  });

  it("answers an editor's checks past 2 at once 429 with Retry-After, and another editor's meanwhile", async () => {
    const [admin, other] = [await headersOf('admin'), await headersOf('editor2')];
    const burst = Array.from({ length: 6 }, () => validate(admin));
    // Sent with the burst: another editor is not refused for the first one's checks.
    const others = validate(other);
    const answers = await Promise.all(burst);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(a.body.message).toMatch(/^You have 2 definition checks under way/);
    }
    const theirs = await others;
    expect(theirs.status).toBe(200);
    // The same located errors for each editor.
    expect(theirs.body.errors).toEqual(answers.find((a) => a.status === 200)?.body.errors);
  });
});
