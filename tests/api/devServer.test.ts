import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/seed/demoUsers';
import { duckdbPath } from '../../src/server/store';

/*
 * `npm run dev` as a developer runs it (scripts/dev.ts: the API in watch mode and Vite's dev server
 * proxying to it), on free ports and a copy of the seeded template, and a sign-in in Chromium
 * through Vite. The client's modules under src/client/api are served at /api/…, beside the API's
 * own paths: the page only starts when Vite serves them itself.
 */
const START_TIMEOUT_MS = 240_000;

/** A port free at this moment, from the system (listen on port 0, then close). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let dev: ChildProcess | undefined;
let output = '';
let exited: Promise<void> = Promise.resolve();
let browser: Browser | undefined;
let dataDir = '';
let base = '';

/** Resolves once `url` answers 200; rejects when the dev server ends first or after the timeout. */
async function answers(url: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (dev?.exitCode !== null) throw new Error(`npm run dev ended (${dev?.exitCode}):\n${output}`);
    const ok = await fetch(url).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hawkeye-dev-'));
  copyFileSync(inject('seedTemplates').duckdbFile, duckdbPath(dataDir));
  const [port, apiPort] = [await freePort(), await freePort()];
  dev = spawn('npm', ['run', 'dev'], {
    // A process group of its own: the API, tsx's watcher and Vite are stopped with it.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir, SEED_DEMO: '0' },
  });
  dev.stdout?.on('data', (d: Buffer) => {
    output += d;
  });
  dev.stderr?.on('data', (d: Buffer) => {
    output += d;
  });
  exited = new Promise((resolve) => dev?.once('exit', () => resolve()));
  base = `http://localhost:${port}`;
  // The page from Vite, and the API through Vite's proxy.
  await answers(`${base}/login`);
  await answers(`${base}/healthz`);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-gpu'],
  });
}, START_TIMEOUT_MS + 60_000);

afterAll(async () => {
  await browser?.close();
  if (dev?.pid && dev.exitCode === null) {
    process.kill(-dev.pid, 'SIGTERM');
    const killed = setTimeout(() => dev?.pid && process.kill(-dev.pid, 'SIGKILL'), 15_000);
    await exited;
    clearTimeout(killed);
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it(
    'serves the app, whose modules under /api/ come from Vite, and signs in through its proxy',
    async () => {
      const context = await browser!.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const clientModules: { url: string; status: number; type: string }[] = [];
      page.on('response', (res) => {
        if (/^\/api\/[^/]+\.tsx?$/.test(new URL(res.url()).pathname))
          clientModules.push({
            url: res.url(),
            status: res.status(),
            type: res.headers()['content-type'] ?? '',
          });
      });
      await page.goto(`${base}/login`);
      await page.getByLabel('Username').fill('admin', { timeout: 120_000 });
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/dashboard(\?.*)?$/, { timeout: 120_000 });
      await page
        .getByTestId('dashboard-content')
        .and(page.locator('[data-applied-count]:not([data-applied-count="0"])'))
        .waitFor({ timeout: 120_000 });
      expect(clientModules.map((m) => m.url).join('\n')).toContain('/api/queryClient.ts');
      for (const m of clientModules) {
        expect(m.status, m.url).toBe(200);
        expect(m.type, m.url).toMatch(/javascript/);
      }
      expect(errors).toEqual([]);
      await context.close();
    },
    START_TIMEOUT_MS,
  );
});
