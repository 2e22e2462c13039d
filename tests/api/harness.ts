import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { startTempPostgres, type TempPostgres } from '../../scripts/lib/tempPostgres';
import type { AppContext } from '../../src/server/app';
import { loadConfig, MIN_PASSWORD_HASHING } from '../../src/server/config';
import { startServer } from '../../src/server/main';
import { DEMO_PASSWORD } from '../../src/server/seed/demoUsers';
import { seedDatabase } from '../../src/server/seed/seed';
import { duckdbPath } from '../../src/server/store';
import type { SeedTemplates } from './seedTemplates';

/** The drivers every API test runs on. */
export const DRIVERS = ['duckdb', 'postgres'] as const;
export type Driver = (typeof DRIVERS)[number];

/** A fixed last-update time so seeded figures do not move with the clock. */
export const TEST_AS_OF = new Date('2026-11-20T19:00:00Z');

/** The data every seeded test server holds: the small demo scale, seed 7, last updated at TEST_AS_OF. */
export const TEST_SEED = { scale: 'small', seed: 7, asOf: TEST_AS_OF } as const;

export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  /** The throwaway PostgreSQL cluster on the postgres driver (fault tests stop and restart it). */
  pg?: TempPostgres;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  driver: Driver;
  /** Seed the small demo scale (default true); false leaves the data tables empty. */
  seed?: boolean;
  /** Extra environment for the configuration (e.g. ACCESS_TOKEN_TTL_SECONDS). */
  env?: Record<string, string>;
  /** A built client to serve (the page, assets); none by default. */
  clientDir?: string;
  /** Receives the server's log lines (JSON, level info and up); no logging by default. */
  log?: (line: string) => void;
  /** The clock tokens are issued and checked by (config.now); the system clock by default. */
  now?: () => Date;
}

/**
 * Starts the real server over real HTTP on a free port, with a throwaway DuckDB file or a throwaway
 * PostgreSQL cluster, migrated and seeded with the small scale and the demo users.
 */
/**
 * A test server's configuration: its data folder, DuckDB there or `pg`'s database, a free port on
 * 127.0.0.1, no logging, then `env`.
 */
export function testConfig(dataDir: string, pg?: TempPostgres, env: Record<string, string> = {}) {
  return loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: pg?.url ?? '',
    LOG_LEVEL: 'silent',
    // Deliveries run when a test runs them, not on the server's own timer.
    DELIVERY_INTERVAL_SECONDS: '0',
    // Password hashes at OWASP's minimum argon2id cost (tests/unit/passwordHashing.test.ts checks the
    // default and the floor): a ninth of the CPU time of each of the suite's sign-ins.
    PASSWORD_HASH_MEMORY_KIB: process.env.PASSWORD_HASH_MEMORY_KIB || String(MIN_PASSWORD_HASHING.memoryKib),
    PASSWORD_HASH_PASSES: process.env.PASSWORD_HASH_PASSES || String(MIN_PASSWORD_HASHING.passes),
    PASSWORD_HASH_PARALLELISM:
      process.env.PASSWORD_HASH_PARALLELISM || String(MIN_PASSWORD_HASHING.parallelism),
    ...env,
  });
}

/** The seeded templates of this run, when the API project's global setup made them. */
function seedTemplates(): SeedTemplates | undefined {
  try {
    return inject('seedTemplates');
  } catch {
    return undefined;
  }
}

export async function startTestServer(opts: TestServerOptions): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hawkeye-test-'));
  // Seeded data starts as a copy of the run's templates (seedTemplates.ts) when there are some.
  const templates = opts.seed !== false ? seedTemplates() : undefined;
  let pg: TempPostgres | undefined;
  if (opts.driver === 'postgres') pg = await startTempPostgres({ copyOf: templates?.postgresDataDir });
  else if (templates) copyFileSync(templates.duckdbFile, duckdbPath(dataDir));
  const config = testConfig(dataDir, pg, { LOG_LEVEL: opts.log ? 'info' : 'silent', ...opts.env });
  const { app, ctx } = await startServer({
    config: opts.now ? { ...config, now: opts.now } : config,
    seedWhenEmpty: false,
    logger: opts.log ? { level: 'info', stream: { write: opts.log } } : false,
    clientDir: opts.clientDir,
  });
  if (opts.seed !== false && !templates) await seedDatabase(ctx.store, TEST_SEED);
  const port = (app.server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    ctx,
    dataDir,
    pg,
    async stop() {
      await app.close();
      await pg?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs a demo user in over HTTP (POST /token with the demo password): the token answer. */
export async function signInOverHttp(
  server: TestServer,
  username = 'admin',
): Promise<{ accessToken: string; extendedDataToken: string }> {
  const res = await fetch(`${server.url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantType: 'password', clientId: 'HawkEye', username, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200)
    throw new Error(`sign-in as ${username} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { accessToken: string; extendedDataToken: string };
}

/** Calls the API over HTTP as the holder of `token`: the status, the headers and the JSON answer ({} when empty). */
export function apiCaller(server: TestServer, token: string) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    };
  };
}
