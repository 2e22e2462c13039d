import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchArgs } from '../../scripts/lib/serverBuild.mjs';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { DuckDBStore } from '../../src/server/store/duckdb';
import { migrate } from '../../src/server/store/migrate';
import { DRIVERS, startTestServer, type TestServer } from './harness';

/** A random (version 4) UUID, as crypto.randomUUID makes them. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(DRIVERS)('server basics on %s', (driver) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ driver, seed: false });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('answers /healthz while the process is up and /readyz when the database answers', async () => {
    const health = await fetch(`${s.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${s.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: driver });
  });

  it('answers an unknown API path with a JSON 404, not a page', async () => {
    const res = await fetch(`${s.url}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'Not Found' });
  });

  it("tags every response with a request id: the caller's when it is a plain token, else a new one", async () => {
    const given = await fetch(`${s.url}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('abc-123');
    const made = await fetch(`${s.url}/api/nothing-here`);
    expect(made.status).toBe(404);
    expect(made.headers.get('x-request-id')).toMatch(UUID);
    const hostile = await fetch(`${s.url}/healthz`, { headers: { 'x-request-id': 'a b\tc'.repeat(30) } });
    expect(hostile.headers.get('x-request-id')).toMatch(UUID);
    expect(hostile.headers.get('x-request-id')).not.toBe(made.headers.get('x-request-id'));
  });
});

describe('serving the built client', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hawkeye-client-'));
  let url = '';
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    mkdirSync(join(dir, 'client', 'assets'), { recursive: true });
    writeFileSync(
      join(dir, 'client', 'index.html'),
      '<!doctype html><html><head><title>HawkEye</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      join(dir, 'client', 'assets', 'app-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(5000))});`,
    );
    // A bundle the build also wrote compressed (vite.config.ts), its .br told apart from the file.
    writeFileSync(
      join(dir, 'client', 'assets', 'built-def456.js'),
      `console.log(${JSON.stringify('y'.repeat(5000))});`,
    );
    writeFileSync(join(dir, 'client', 'assets', 'built-def456.js.br'), brotliCompressSync('// as built'));
    // The app's icon is a PNG; its first bytes are enough for the server.
    writeFileSync(
      join(dir, 'client', 'favicon.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    const config = loadConfig({ DATA_DIR: join(dir, 'data'), PORT: '0', HOST: '127.0.0.1' });
    const store = await DuckDBStore.open(':memory:');
    await migrate(store);
    const app = await buildApp({ store, config }, { clientDir: join(dir, 'client'), logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    close = async () => {
      await app.close();
      await store.close();
    };
  });
  afterAll(async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers client-side routes with the app page', async () => {
    for (const path of ['/', '/dashboard', '/dashboard/volume', '/login']) {
      const res = await fetch(`${url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it("carries the dashboards' filter-bar flags, as data, for the pages open to every user", async () => {
    const html = await (await fetch(`${url}/dashboard/action-required`)).text();
    const block = html.match(/<script type="application\/json" id="filter-bars">(.*?)<\/script><\/head>/);
    expect(block).not.toBeNull();
    const bars = JSON.parse(block![1]) as Record<string, Record<string, boolean>>;
    expect(bars['/dashboard/action-required']).toMatchObject({
      isPeriodVisible: false,
      isSitesVisible: true,
    });
    expect(bars['/dashboard/volume']).toMatchObject({ isPeriodVisible: true });
    // A page behind an access rule is not named to a visitor who has not signed in.
    expect(Object.keys(bars)).not.toContain('/dashboard/ils-call-performance');
  });

  it('has the app page asked for again on every visit, and keeps the favicon a day', async () => {
    // Chromium asks for the favicon again at each URL change of a page: kept, it takes none of the
    // page load's six connections.
    for (const path of ['/', '/dashboard/volume', '/index.html']) {
      const page = await fetch(`${url}${path}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
    }
    const icon = await fetch(`${url}/favicon.png`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('compresses assets and caches hashed bundles for good', async () => {
    const res = await fetch(`${url}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const raw = Buffer.from(await res.arrayBuffer());
    // fetch decodes gzip itself; either way the body is the file.
    const text = raw[0] === 0x1f ? gunzipSync(raw).toString() : raw.toString();
    expect(text).toContain('console.log');
  });

  it("sends the build's compressed copy of a bundle as it is, and compresses one without", async () => {
    const raw = (path: string, encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        httpGet(`${url}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (d: Buffer) => parts.push(d));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
        }).on('error', reject);
      });
    const built = await raw('/assets/built-def456.js', 'gzip, deflate, br');
    expect(built.headers['content-encoding']).toBe('br');
    expect(built.headers.vary).toMatch(/accept-encoding/i);
    expect(built.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(built.body).toString()).toBe('// as built');
    // No .gz beside it: a client without Brotli gets the file compressed on the fly.
    const gz = await raw('/assets/built-def456.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('yyyy');
    const plain = await raw('/assets/built-def456.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('yyyy');
  });

  it('answers a missing file with 404 rather than the app page', async () => {
    const res = await fetch(`${url}/assets/missing-file.js`);
    expect(res.status).toBe(404);
  });
});

describe('graceful shutdown', () => {
  it('closes the database cleanly on SIGTERM and exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hawkeye-stop-'));
    const child = spawn(process.execPath, launchArgs('scripts/serve-api.ts'), {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SEED_DEMO: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    const deadline = Date.now() + 60_000;
    while (!out.includes('API listening') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(out).toContain('API listening');
    const exit = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(out).toContain('shutting down');
    // A clean close checkpoints: the write-ahead log is folded into the file.
    expect(existsSync(join(dataDir, 'hawkeye.duckdb'))).toBe(true);
    expect(existsSync(join(dataDir, 'hawkeye.duckdb.wal'))).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);
});
