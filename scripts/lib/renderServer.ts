// The app served from a dashboards folder on a small seeded database, for the tools that draw pages
// (the render check, the rendered diff): in this process, on a free port of 127.0.0.1, with its own
// data folder that `stop` removes. Also the demo users' sessions and the browser those tools open.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/client/session/storageKeys';
import { loadConfig, MIN_PASSWORD_HASHING } from '../../src/server/config';
import { startServer } from '../../src/server/main';
import { DEMO_PASSWORD, DEMO_USERS } from '../../src/server/seed/demoUsers';
import { seedDatabase } from '../../src/server/seed/seed';
import { launchChromium } from './chromium';
import { CLIENT_DIR, ensureClientBuilt } from './clientBuild';

export interface RenderServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the app on `dashboardsDir` with a fresh DuckDB seeded at the small scale (seed 7, the
 * demo users, last updated now, so the default periods hold data). The client is built first when
 * it is stale.
 */
export async function startRenderServer(
  dashboardsDir: string,
  log: (m: string) => void,
): Promise<RenderServer> {
  await ensureClientBuilt(log);
  const dataDir = mkdtempSync(join(tmpdir(), 'hawkeye-render-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DASHBOARDS_DIR: dashboardsDir,
    DASHBOARDS_WRITABLE: '',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    LOG_LEVEL: 'silent',
    DUCKDB_THREADS: process.env.DUCKDB_THREADS || '1',
    PASSWORD_HASH_MEMORY_KIB: String(MIN_PASSWORD_HASHING.memoryKib),
    PASSWORD_HASH_PASSES: String(MIN_PASSWORD_HASHING.passes),
    PASSWORD_HASH_PARALLELISM: String(MIN_PASSWORD_HASHING.parallelism),
  });
  try {
    const { app, ctx } = await startServer({
      config,
      clientDir: CLIENT_DIR,
      seedWhenEmpty: false,
      logger: false,
    });
    try {
      await seedDatabase(ctx.store, { scale: 'small', seed: 7, asOf: new Date() });
    } catch (err) {
      await app.close();
      throw err;
    }
    return {
      url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      async stop() {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** Chromium for the drawing tools: a page lives seconds, too short for V8's optimizing compilers to pay back (as playwright.config.ts runs it). */
export const launchDrawingChromium = () => launchChromium(['--js-flags=--no-maglev,--no-opt']);

/** The demo users who may sign in, with the claims each holds (one user per set of claims). */
export function demoUsersByClaims(): { username: string; claims: { type: string; value: string }[] }[] {
  const seen = new Set<string>();
  return DEMO_USERS.filter((u) => u.hasPermission).flatMap((u) => {
    const key = JSON.stringify([...u.claims.map((c) => `${c.type}=${c.value}`)].sort());
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ username: u.username, claims: u.claims }];
  });
}

async function postJson(url: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${new URL(url).pathname} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * A new browser context signed in as a demo user: the tokens and claims asked of the API and put
 * in the tab's session before the app's scripts run, as the login page stores them.
 */
export async function signedInContext(
  browser: Browser,
  base: string,
  username: string,
  viewport = { width: 1280, height: 900 },
): Promise<BrowserContext> {
  const tokens = await postJson(`${base}/token`, {
    grantType: 'password',
    clientId: 'HawkEye',
    username,
    password: DEMO_PASSWORD,
  });
  const claims = await postJson(`${base}/claims`, {}, tokens.accessToken as string);
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    ([keys, t, c]) => {
      if (!sessionStorage.getItem(keys.jwt)) {
        sessionStorage.setItem(keys.jwt, JSON.stringify(t));
        sessionStorage.setItem(keys.claims, JSON.stringify(c));
        sessionStorage.setItem(
          keys.impersonation,
          JSON.stringify({ isImpersonating: false, impersonator: null }),
        );
      }
    },
    [STORAGE_KEYS, tokens, claims] as const,
  );
  return context;
}
