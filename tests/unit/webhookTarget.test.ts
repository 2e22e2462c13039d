import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import {
  InternalTargetError,
  isInternalAddress,
  NO_INTERNAL_HOSTS,
  pinnedLookup,
  webhookAddresses,
  webhookAllowList,
  webhookUrlProblem,
} from '../../src/server/deliveries/webhookTarget';

// Webhooks go to the internet only: a URL naming an internal address (loopback, private,
// link-local, cloud metadata, ULA, multicast, CGNAT, IPv4-mapped) or this machine is refused, and at
// send time so is a name resolving to one, unless WEBHOOK_ALLOWED_HOSTS allows it.

const INTERNAL = [
  '127.0.0.1',
  '127.9.9.9',
  '10.0.0.1',
  '172.16.5.4',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '224.0.0.1',
  '255.255.255.255',
  '::',
  '::1',
  '::ffff:10.0.0.1',
  '::ffff:127.0.0.1',
  '::ffff:169.254.169.254',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'ff02::1',
  '64:ff9b::a00:1',
];
const PUBLIC = ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'];

const allowing = (...entries: string[]) => webhookAllowList(entries);
const resolvingTo =
  (...addresses: string[]) =>
  async (): Promise<LookupAddress[]> =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('webhook targets', () => {
  it('tell internal addresses from public ones, IPv4, IPv6 and IPv4-mapped', () => {
    for (const a of INTERNAL) expect(isInternalAddress(a), a).toBe(true);
    for (const a of PUBLIC) expect(isInternalAddress(a), a).toBe(false);
  });

  it('refuse a URL naming an internal address or this machine, whatever its spelling', () => {
    const refused: [string, RegExp][] = [
      ['http://127.0.0.1:8080/hook', /internal address \(127\.0\.0\.1\)/],
      ['http://169.254.169.254/latest/meta-data/', /internal address \(169\.254\.169\.254\)/],
      ['https://[::1]/hook', /internal address \(::1\)/],
      ['https://[::ffff:10.0.0.1]/hook', /internal address/],
      ['https://[fd00::5]/hook', /internal address/],
      ['http://0x7f.1/hook', /internal address \(127\.0\.0\.1\)/],
      ['http://2130706433/hook', /internal address \(127\.0\.0\.1\)/],
      ['http://100.64.1.2/hook', /internal address/],
      ['http://localhost:3000/hook', /names this machine \(localhost\)/],
      ['http://LOCALHOST./hook', /names this machine/],
      ['http://api.localhost/hook', /names this machine/],
    ];
    for (const [url, message] of refused) {
      const problem = webhookUrlProblem(url, NO_INTERNAL_HOSTS);
      expect(problem, url).toMatch(message);
      expect(problem, url).toMatch(/^\/channel\/url /);
    }
    for (const url of ['https://hooks.slack.com/services/T/B/x', 'http://93.184.216.34:8080/h'])
      expect(webhookUrlProblem(url, NO_INTERNAL_HOSTS), url).toBeUndefined();
  });

  it('refuse other schemes and credentials in the URL, with or without the address check', () => {
    for (const allowed of [undefined, NO_INTERNAL_HOSTS]) {
      expect(webhookUrlProblem('ftp://example.com/x', allowed)).toBe(
        '/channel/url must be an http or https URL',
      );
      expect(webhookUrlProblem('not a url', allowed)).toBe('/channel/url must be an http or https URL');
      expect(webhookUrlProblem(42, allowed)).toBe('/channel/url must be an http or https URL');
      expect(webhookUrlProblem('https://user:pw@hooks.example.com/x', allowed)).toMatch(
        /must not hold a user name or password/,
      );
    }
    // Without the allow list (the store's own check), only the form is checked.
    expect(webhookUrlProblem('http://127.0.0.1/x')).toBeUndefined();
  });

  it('let WEBHOOK_ALLOWED_HOSTS allow exactly the hosts, addresses and CIDRs it lists', () => {
    expect(webhookUrlProblem('http://127.0.0.1:9/h', allowing('127.0.0.1'))).toBeUndefined();
    expect(webhookUrlProblem('http://[::1]:9/h', allowing('127.0.0.1'))).toMatch(/internal address/);
    expect(webhookUrlProblem('http://[::1]:9/h', allowing('[::1]'))).toBeUndefined();
    expect(webhookUrlProblem('http://[::ffff:10.1.2.3]/h', allowing('10.0.0.0/8'))).toBeUndefined();
    expect(webhookUrlProblem('http://10.1.2.3/h', allowing('10.1.0.0/24'))).toMatch(/internal address/);
    expect(webhookUrlProblem('http://localhost:9/h', allowing('localhost'))).toBeUndefined();
    expect(webhookUrlProblem('http://api.localhost:9/h', allowing('localhost'))).toMatch(
      /names this machine/,
    );
  });

  it('refuse a bad WEBHOOK_ALLOWED_HOSTS at start, naming the entry', () => {
    const env = { JWT_SECRET: 'a-secret-for-this-test' };
    for (const bad of ['10.0.0.0/33', 'hooks internal', '300.1.1.1', 'http://hooks.internal', '::1/129'])
      expect(() => loadConfig({ ...env, WEBHOOK_ALLOWED_HOSTS: `127.0.0.1, ${bad}` })).toThrow(
        `WEBHOOK_ALLOWED_HOSTS must list host names, IP addresses or CIDRs (hooks.internal, 10.0.0.5, 10.0.0.0/24), got '${bad}'`,
      );
    expect(
      loadConfig({ ...env, WEBHOOK_ALLOWED_HOSTS: ' hooks.corp.example , 10.0.0.0/8,[fd00::1],::1 ' })
        .webhookAllowedHosts,
    ).toEqual(['hooks.corp.example', '10.0.0.0/8', '[fd00::1]', '::1']);
    expect(loadConfig(env).webhookAllowedHosts).toEqual([]);
  });

  it('refuse at send time a name resolving to any internal address, unless allowed', async () => {
    await expect(
      webhookAddresses('hooks.example.com', NO_INTERNAL_HOSTS, resolvingTo('93.184.216.34', '127.0.0.1')),
    ).rejects.toThrow(new InternalTargetError('hooks.example.com', '127.0.0.1').message);
    await expect(
      webhookAddresses('rebind.example', NO_INTERNAL_HOSTS, resolvingTo('169.254.169.254')),
    ).rejects.toThrow(/rebind\.example resolves to an internal address \(169\.254\.169\.254\)/);
    await expect(webhookAddresses('[::1]', NO_INTERNAL_HOSTS, resolvingTo())).rejects.toThrow(
      /::1 is an internal address/,
    );
    expect(
      await webhookAddresses('hooks.example.com', NO_INTERNAL_HOSTS, resolvingTo('93.184.216.34')),
    ).toEqual([{ address: '93.184.216.34', family: 4 }]);
    expect(
      await webhookAddresses('hooks.corp', allowing('hooks.corp'), resolvingTo('10.0.0.7', '::1')),
    ).toHaveLength(2);
    expect(await webhookAddresses('localhost', allowing('127.0.0.0/8'), resolvingTo('127.0.0.1'))).toEqual([
      { address: '127.0.0.1', family: 4 },
    ]);
    await expect(webhookAddresses('nowhere.example', NO_INTERNAL_HOSTS, resolvingTo())).rejects.toThrow(
      /no address/,
    );
  });

  it('connect only to the addresses checked, whatever the name resolves to by then', () => {
    const checked = [{ address: '93.184.216.34', family: 4 }];
    const lookup = pinnedLookup(checked);
    const one: unknown[] = [];
    lookup('rebind.example', {}, (...args) => one.push(...args));
    expect(one).toEqual([null, '93.184.216.34', 4]);
    const all: unknown[] = [];
    lookup('rebind.example', { all: true }, (...args) => all.push(...args));
    expect(all).toEqual([null, checked]);
  });
});
