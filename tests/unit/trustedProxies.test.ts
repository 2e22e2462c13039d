import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { trustProxyOf } from '../../src/server/trustedProxies';

// TRUSTED_PROXIES: the client of a request from a listed proxy is the last address of its
// X-Forwarded-For, the one that proxy wrote; what stands before it came from the client.
describe('the trusted proxies', () => {
  const app = Fastify({ trustProxy: trustProxyOf(['127.0.0.1', '10.1.0.0/16', '2001:db8::/32']) });
  app.get('/ip', async (request) => ({ ip: request.ip, protocol: request.protocol }));
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  const ipOf = async (remoteAddress: string, headers: Record<string, string> = {}) =>
    (await app.inject({ url: '/ip', remoteAddress, headers })).json() as { ip: string; protocol: string };

  it('take the address a listed proxy wrote, never one the client wrote before it', async () => {
    expect((await ipOf('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).ip).toBe('203.0.113.9');
    // The client named a listed address itself; the proxy added the one it saw.
    expect((await ipOf('127.0.0.1', { 'x-forwarded-for': '198.51.100.1, 127.0.0.1' })).ip).toBe('127.0.0.1');
    expect((await ipOf('10.1.2.3', { 'x-forwarded-for': '10.1.9.9, 203.0.113.4' })).ip).toBe('203.0.113.4');
    expect((await ipOf('::ffff:10.1.2.3', { 'x-forwarded-for': '203.0.113.5' })).ip).toBe('203.0.113.5');
    expect((await ipOf('2001:db8::7', { 'x-forwarded-for': '2001:db8::1, 203.0.113.6' })).ip).toBe(
      '203.0.113.6',
    );
    expect((await ipOf('127.0.0.1')).ip).toBe('127.0.0.1');
  });

  it('believe nothing a request from any other address says', async () => {
    expect(
      await ipOf('10.2.0.1', { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' }),
    ).toEqual({
      ip: '10.2.0.1',
      protocol: 'http',
    });
    expect((await ipOf('127.0.0.1', { 'x-forwarded-proto': 'https' })).protocol).toBe('https');
  });

  it('are refused at start when an entry is not an address or a CIDR', () => {
    for (const bad of ['loopback', '10.0.0.0/33', '10.0.0.1/8/1', '300.1.1.1', '::1/129'])
      expect(() =>
        loadConfig({ TRUSTED_PROXIES: `127.0.0.1, ${bad}`, JWT_SECRET: 'a-secret-for-this-test' }),
      ).toThrow(`TRUSTED_PROXIES must list IP addresses or CIDRs (10.0.0.5, 10.0.0.0/24), got '${bad}'`);
    expect(trustProxyOf([])).toBe(false);
  });
});
