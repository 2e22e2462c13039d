// The edge of the deployment of docs/operations.md: HAProxy as `npm run ha:up` configures it
// (scripts/ha/haproxyConfig.ts) in front of an API server that trusts it as the deployment's
// instances do (TRUSTED_PROXIES). A client on HAProxy's own machine cannot choose the address its
// sign-ins count against by sending an X-Forwarded-For of its own, and HAProxy's own 503 reads as
// the app's.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Haproxy, startHaproxy, until } from '../../scripts/ha/deployment';
import { LOOPBACK } from '../../scripts/ha/haproxyConfig';
import { RETRY_AFTER_UNAVAILABLE_SECONDS } from '../../src/server/app';
import { authLimitsFromEnv } from '../../src/server/auth/authLimits';
import { SERVICE_ERROR_MESSAGE } from '../../src/shared/serverErrorMessages';
import { startTestServer, type TestServer } from '../api/harness';

describe('HAProxy in front of an API instance, as ha:up configures both', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hawkeye-ha-edge-'));
  let server: TestServer | undefined;
  let proxy: Haproxy;

  beforeAll(async () => {
    server = await startTestServer({ driver: 'duckdb', seed: false, env: { TRUSTED_PROXIES: LOOPBACK } });
    proxy = await startHaproxy(dir, [{ name: 'api-1', port: Number(new URL(server.url).port) }]);
  });
  afterAll(async () => {
    await proxy?.stop();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hands on one address in X-Forwarded-For, the one it sees, in place of what the client sent', async () => {
    // What HAProxy sends on, seen by a server that answers the header it received.
    const echo = createServer((req, res) => res.end(JSON.stringify(req.headers['x-forwarded-for'] ?? null)));
    await new Promise<void>((resolve) => echo.listen(0, LOOPBACK, resolve));
    const echoDir = mkdtempSync(join(dir, 'echo-'));
    const echoProxy = await startHaproxy(echoDir, [
      { name: 'echo', port: (echo.address() as AddressInfo).port },
    ]);
    try {
      for (const sent of [undefined, '203.0.113.7', '203.0.113.7, 127.0.0.1', '127.0.0.1']) {
        const res = await fetch(`${echoProxy.url}/`, { headers: sent ? { 'x-forwarded-for': sent } : {} });
        expect(await res.json(), `sent ${sent}`).toBe(LOOPBACK);
      }
    } finally {
      await echoProxy.stop();
      await new Promise((resolve) => echo.close(resolve));
    }
  });

  it('counts wrong passwords against the address HAProxy sees, whatever X-Forwarded-For the client sends', async () => {
    const perAddress = authLimitsFromEnv(process.env).loginPerAddress.limit.max;
    const answers: { status: number; retryAfter: string | null }[] = [];
    // One after another, each for another username (so no username's own limit comes first), each
    // naming another address of its own.
    for (let i = 0; i < perAddress + 20; i++) {
      const res = await fetch(`${proxy.url}/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `203.0.113.${i % 250}, 10.0.0.${i}`,
        },
        body: JSON.stringify({
          grantType: 'password',
          clientId: 'HawkEye',
          username: `nobody-${i}`,
          password: 'Wrong-password-1',
        }),
      });
      await res.arrayBuffer();
      answers.push({ status: res.status, retryAfter: res.headers.get('retry-after') });
    }
    expect(answers.slice(0, perAddress).map((a) => a.status)).toEqual(Array(perAddress).fill(401));
    expect(answers.slice(perAddress).map((a) => a.status)).toEqual(Array(20).fill(429));
    for (const a of answers.slice(perAddress)) expect(Number(a.retryAfter)).toBeGreaterThan(0);
  });

  it("answers its own 503 (no instance up) as the app answers one: JSON, with the app's Retry-After", async () => {
    await server?.stop();
    server = undefined;
    await until(
      'HAProxy has taken the instance out',
      async () => (await proxy.backendStatus())['api-1'] !== 'UP',
    );
    const res = await fetch(`${proxy.url}/api/sites`);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_UNAVAILABLE_SECONDS));
    expect(await res.json()).toEqual({ error: STATUS_CODES[503], message: SERVICE_ERROR_MESSAGE });
  });
});
