import { type LookupAddress, lookup as systemLookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { addressList } from '../trustedProxies';

/**
 * Where a webhook may be sent. The server posts from its own network, so a URL a user gives must
 * not reach what only the server can: its own machine, the private network, a cloud's metadata
 * service. A URL naming such an address is refused when it is saved; at send time the host is
 * resolved, refused when any of its addresses is internal, and the request connects to an address
 * checked then (a name that changes its answer between check and connect cannot slip through).
 * The operator allows internal targets (tests, on-premise receivers) with WEBHOOK_ALLOWED_HOSTS.
 */

/** IPv4 ranges no webhook reaches (IPv4-mapped IPv6 addresses, ::ffff:a.b.c.d, are checked against them too). */
const INTERNAL_IPV4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/** IPv6 ranges no webhook reaches. */
const INTERNAL_IPV6: [string, number][] = [
  ['::', 96], // unspecified, loopback (::1), IPv4-compatible
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind a translator
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2002::', 16], // 6to4: an IPv4 address behind a relay
  ['fc00::', 7], // unique local (ULA)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const INTERNAL = new BlockList();
for (const [net, bits] of INTERNAL_IPV4) INTERNAL.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of INTERNAL_IPV6) INTERNAL.addSubnet(net, bits, 'ipv6');

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Whether an IP address (IPv4 or IPv6, no brackets) is loopback, private, link-local or otherwise internal. */
export function isInternalAddress(address: string): boolean {
  return INTERNAL.check(address, family(address));
}

/** The hosts WEBHOOK_ALLOWED_HOSTS lets webhooks reach although they are internal. */
export interface WebhookAllowList {
  /** Host names, lower case, without a trailing dot: whatever they resolve to. */
  names: ReadonlySet<string>;
  /** Addresses and CIDRs: a literal or resolved address in them. */
  addresses: BlockList;
}

/** Nothing internal allowed. */
export const NO_INTERNAL_HOSTS: WebhookAllowList = { names: new Set(), addresses: new BlockList() };

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** A host as compared: lower case, without brackets (IPv6) or a trailing dot. */
const plainHost = (host: string) =>
  host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/**
 * WEBHOOK_ALLOWED_HOSTS's entries (host names, IP addresses, CIDRs) as an allow list; throws naming
 * the first entry that is none of them.
 */
export function webhookAllowList(entries: readonly string[]): WebhookAllowList {
  const expected = 'host names, IP addresses or CIDRs (hooks.internal, 10.0.0.5, 10.0.0.0/24)';
  const names = new Set<string>();
  const addresses: string[] = [];
  for (const entry of entries) {
    const plain = plainHost(entry);
    if (isIP(plain.split('/')[0]) || plain.includes('/')) addresses.push(plain);
    else if (HOST_NAME.test(plain) && !/^[\d.]+$/.test(plain)) names.add(plain);
    else throw new Error(`WEBHOOK_ALLOWED_HOSTS must list ${expected}, got '${entry}'`);
  }
  return { names, addresses: addressList('WEBHOOK_ALLOWED_HOSTS', addresses, expected) };
}

/** Whether an internal address is one the operator allows. */
const allowedAddress = (allowed: WebhookAllowList, address: string) =>
  allowed.addresses.check(address, family(address));

/** This machine by name: 'localhost' and the names under it (RFC 6761), which never leave it. */
const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

const INTERNET_ONLY = 'a webhook must be on the internet, unless the server allows that host';

/**
 * Why a webhook URL cannot be saved, with the field's pointer first ('/channel/url must ...'), or
 * undefined. Without `allowed` only its form is checked (http or https, no user name or password);
 * with it, a host that is a literal internal address, or names this machine, is refused unless allowed.
 */
export function webhookUrlProblem(url: unknown, allowed?: WebhookAllowList): string | undefined {
  let parsed: URL;
  try {
    if (typeof url !== 'string') throw new TypeError('not text');
    parsed = new URL(url);
  } catch {
    return '/channel/url must be an http or https URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return '/channel/url must be an http or https URL';
  if (parsed.username || parsed.password)
    return '/channel/url must not hold a user name or password: the secret signs the messages instead';
  if (!allowed) return undefined;
  const host = plainHost(parsed.hostname);
  if (allowed.names.has(host)) return undefined;
  if (isIP(host) && isInternalAddress(host) && !allowedAddress(allowed, host))
    return `/channel/url points to an internal address (${host}): ${INTERNET_ONLY}`;
  if (isLocalName(host)) return `/channel/url names this machine (${host}): ${INTERNET_ONLY}`;
  return undefined;
}

/** A refusal to send to a host: what it resolved to is internal. */
export class InternalTargetError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(
      address === host
        ? `${host} is an internal address; ${INTERNET_ONLY}`
        : `${host} resolves to an internal address (${address}); ${INTERNET_ONLY}`,
    );
    this.name = 'InternalTargetError';
  }
}

/** Every address of a host name, as dns.lookup answers (the system's resolver, /etc/hosts included). */
export type ResolveAll = (host: string) => Promise<LookupAddress[]>;

const resolveAll: ResolveAll = (host) =>
  new Promise((resolve, reject) =>
    systemLookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/**
 * The addresses a webhook's host (a URL's hostname) may be connected to: the literal address, or
 * every address its name resolves to. Throws InternalTargetError when one of them is internal and
 * not allowed (an allowed name may resolve to anything), the resolver's error when it has none.
 */
export async function webhookAddresses(
  hostname: string,
  allowed: WebhookAllowList,
  resolve: ResolveAll = resolveAll,
): Promise<LookupAddress[]> {
  const host = plainHost(hostname);
  const ip = isIP(host);
  const addresses = ip ? [{ address: host, family: ip }] : await resolve(host);
  if (!addresses.length) throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
  if (allowed.names.has(host)) return addresses;
  for (const { address } of addresses)
    if (isInternalAddress(address) && !allowedAddress(allowed, address))
      throw new InternalTargetError(host, address);
  return addresses;
}

/**
 * A `lookup` for node's http and net that answers only the addresses given (already checked), so
 * the connection goes to one of them whatever the name resolves to by then.
 */
export function pinnedLookup(addresses: readonly LookupAddress[]) {
  return (
    _hostname: string,
    options: { all?: boolean },
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    if (options.all) callback(null, [...addresses]);
    else callback(null, addresses[0].address, addresses[0].family);
  };
}
