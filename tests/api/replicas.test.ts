import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTempPostgres, type TempPostgres } from '../../scripts/lib/tempPostgres';
import { loadConfig } from '../../src/server/config';
import { startServer } from '../../src/server/main';
import { replicaStates } from '../../src/server/store';
import { PostgresStore } from '../../src/server/store/postgres';
import { signInOverHttp, startTestServer, type TestServer } from './harness';

// The same questions asked of a server reading on the primary only and of a server whose analytics
// reads go to a real streaming replica: the same answers, each caller's scope kept.

const BODIES: { path: string; body: Record<string, unknown> }[] = [
  { path: '/api/data', body: { requestedData: 100, startDate: '2026-10-01', endDate: '2026-10-31' } },
  { path: '/api/data', body: { requestedData: 105, startDate: '2026-06-01', endDate: '2026-11-19' } },
  {
    path: '/api/data/caller_behavior/missed_calls/by_site',
    body: { startDate: '2026-09-01', endDate: '2026-11-14', limit: 10, skip: 0 },
  },
  {
    path: '/api/data/communication/volume/by_site',
    body: { startDate: '2026-10-16', endDate: '2026-11-14', limit: 10, skip: 0 },
  },
  { path: '/api/data/action_required/by_site', body: { limit: 10, skip: 0 } },
];

describe('analytics reads on a streaming replica', () => {
  let primaryOnly: TestServer;
  let replica: TempPostgres;
  let replicated: { url: string; app: FastifyInstance };
  const dataDir = mkdtempSync(join(tmpdir(), 'hawkeye-replicas-'));

  const ask = async (
    url: string,
    path: string,
    body: Record<string, unknown> | undefined,
    tokens: Tokens,
  ) => {
    const res = await fetch(`${url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${tokens.accessToken}`,
        'x-extended-data-token': tokens.extendedDataToken,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return res.json();
  };
  type Tokens = { accessToken: string; extendedDataToken: string };

  const replicaScans = async () => {
    const q = await PostgresStore.open(replica.url);
    try {
      const [row] = await q.query<{ n: number }>(
        `SELECT COALESCE(sum(COALESCE(seq_scan, 0) + COALESCE(idx_scan, 0)), 0)::int AS n
         FROM pg_stat_user_tables WHERE relname NOT IN ('data_status', 'rollup_status')`,
      );
      return row.n;
    } finally {
      await q.close();
    }
  };

  beforeAll(async () => {
    primaryOnly = await startTestServer({ driver: 'postgres' });
    replica = await startTempPostgres({ replicaOf: primaryOnly.pg });
    const config = loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: primaryOnly.pg?.url,
      DATABASE_REPLICA_URLS: replica.url,
      REPLICA_CHECK_INTERVAL_MS: '100',
      // Every question runs its queries: none is answered from the cache.
      RESULT_CACHE_MB: '0',
      LOG_LEVEL: 'silent',
    });
    const { app } = await startServer({ config, seedWhenEmpty: false, logger: false });
    replicated = { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, app };
  });

  afterAll(async () => {
    await replicated?.app.close();
    await replica?.stop();
    await primaryOnly?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers as the primary does, for every caller within their scope, from the replica', async () => {
    expect(replicaStates(replicated.app.ctx.store)).toMatchObject([{ inPool: true, reason: '' }]);
    const before = await replicaScans();
    for (const username of ['admin', 'manager']) {
      // Tokens from one server are good on the other only with one secret: sign in on each.
      const a = await signInOverHttp(primaryOnly, username);
      const b = await signInOverHttp({ url: replicated.url } as TestServer, username);
      for (const { path, body } of BODIES)
        expect(await ask(replicated.url, path, body, b), `${username} ${path}`).toEqual(
          await ask(primaryOnly.url, path, body, a),
        );
      for (const path of ['/api/sites', '/api/account', '/api/relationships'])
        expect(await ask(replicated.url, path, undefined, b), `${username} ${path}`).toEqual(
          await ask(primaryOnly.url, path, undefined, a),
        );
    }
    const admin = await signInOverHttp({ url: replicated.url } as TestServer, 'admin');
    const manager = await signInOverHttp({ url: replicated.url } as TestServer, 'manager');
    const sites = (t: Tokens) => ask(replicated.url, '/api/sites', undefined, t) as Promise<unknown[]>;
    expect((await sites(manager)).length).toBeLessThan((await sites(admin)).length);
    // The statistics of a standby count the scans run on it (they reach the view within a second).
    const deadline = Date.now() + 10_000;
    while ((await replicaScans()) <= before && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await replicaScans()).toBeGreaterThan(before);
  });
});
