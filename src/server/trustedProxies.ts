import { BlockList, isIP } from 'node:net';

/**
 * Addresses and CIDRs (IPv4 or IPv6) of a setting as one address list; throws naming the setting and
 * the first entry that is neither (`expected` says what the setting takes).
 */
export function addressList(
  setting: string,
  entries: readonly string[],
  expected = 'IP addresses or CIDRs (10.0.0.5, 10.0.0.0/24)',
): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const prefix = Number(bits);
    const max = family === 6 ? 128 : 32;
    if (
      !family ||
      extra !== undefined ||
      (bits !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= max))
    )
      throw new Error(`${setting} must list ${expected}, got '${entry}'`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return list;
}

/** The proxies of TRUSTED_PROXIES as one address list; throws naming the first entry that is not one. */
export function trustedProxyList(entries: readonly string[]): BlockList {
  return addressList('TRUSTED_PROXIES', entries);
}

/**
 * Fastify's trustProxy for the listed proxies. A request whose connection comes from one of them is
 * taken to come from the last address of its X-Forwarded-For: the one that proxy wrote. Whatever
 * stands before it came with the request the proxy received, from the client or a hop in front,
 * and is never believed, even when it names a listed address (a client on the proxy's own machine
 * would otherwise name anyone it likes and escape the sign-in limits per address). A request from
 * any other address is taken from that address, whatever its headers say. False (trust nobody)
 * for an empty list.
 */
export function trustProxyOf(
  entries: readonly string[],
): false | ((address: string, hop: number) => boolean) {
  if (!entries.length) return false;
  const list = trustedProxyList(entries);
  return (address, hop) => hop === 0 && list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}
