import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A random, URL-safe secret of `bytes` random bytes (refresh tokens, reset tokens, impersonation codes). */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * A secret derived from another under a server key (an HMAC, URL-safe like newSecret): the same
 * inputs give the same secret on every instance that shares the key, and nobody without the key can
 * work it out from the other secret, nor from its stored digest.
 */
export function derivedSecret(key: Uint8Array, label: string, from: string): string {
  return createHmac('sha256', key).update(label).update('\u0000').update(from).digest('base64url');
}

/**
 * The digest under which a secret is stored and looked up. A plain sha256 is enough: the secrets
 * are long random strings, so there is nothing for a slow hash to protect against guessing.
 */
export function secretDigest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A time as a `$n::TIMESTAMP` parameter: UTC clock fields without the zone, as every table stores them. */
export function sqlTime(d: Date): string {
  return d.toISOString().replace('Z', '');
}
