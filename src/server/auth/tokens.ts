import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { AccessTokenPayload, ExtendedDataTokenPayload } from '../../shared/api/types';
import type { Config } from '../config';
import { apiValidator } from '../schemaValidation';

const ISSUER: AccessTokenPayload['iss'] = 'hawkeye';
const ACCESS: AccessTokenPayload['typ'] = 'access';
const EXTENDED: ExtendedDataTokenPayload['typ'] = 'extended-data';

/** The claims of a payload that the code sets; SignJWT adds the registered ones (iss, sub, jti, iat, exp). */
type OwnClaims<P> = Omit<P, 'iss' | 'sub' | 'jti' | 'iat' | 'exp'>;

/** The payload checks of schemas/api/auth, built on first use. */
let isAccessPayload: ((p: unknown) => p is AccessTokenPayload) | undefined;
let isExtendedPayload: ((p: unknown) => p is ExtendedDataTokenPayload) | undefined;

/** What an access token says (its payload, read): who is calling, and who is impersonating them, if anyone. */
export interface AccessClaims {
  userId: number;
  username: string;
  /** The session (refresh token family) the token was issued for: ending it ends the token too. */
  sessionId: string;
  /** Username of the all-account user acting as this user. */
  impersonator?: string;
}

/** What an extended data token says (its payload, read): whose data scope it is, and that scope. */
export interface ExtendedClaims {
  userId: number;
  /** The session the token was issued for, as in the access token. */
  sessionId: string;
  allAccounts: boolean;
  accountIds: number[];
}

/** The issue time of a token and its expiry `ttlSeconds` later, in whole seconds as JWT has them. */
function lifetime(config: Config, ttlSeconds: number): { iat: number; exp: number } {
  const iat = Math.floor((config.now?.() ?? new Date()).getTime() / 1000);
  return { iat, exp: iat + ttlSeconds };
}

/** Signs a short-lived access token (HS256). */
export async function signAccessToken(config: Config, c: AccessClaims): Promise<string> {
  const { iat, exp } = lifetime(config, config.accessTokenTtlSeconds);
  const claims: OwnClaims<AccessTokenPayload> = {
    typ: ACCESS,
    username: c.username,
    sid: c.sessionId,
    ...(c.impersonator ? { imp: c.impersonator } : {}),
  };
  return (
    new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(String(c.userId))
      // A unique id, so two tokens issued within one second (a login, then a refresh) still differ.
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(await hmacKey(config))
  );
}

/** Signs the extended data token: the accounts this user may read (or all), bound to the user. */
export async function signExtendedToken(
  config: Config,
  c: ExtendedClaims,
  ttlSeconds = config.refreshTokenTtlSeconds,
): Promise<string> {
  const { iat, exp } = lifetime(config, ttlSeconds);
  const claims: OwnClaims<ExtendedDataTokenPayload> = {
    typ: EXTENDED,
    sid: c.sessionId,
    all: c.allAccounts,
    acc: c.accountIds,
  };
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setSubject(String(c.userId))
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(await hmacKey(config));
}

/** Why a token was refused, in words a client can show or log. */
export class TokenError extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message);
  }
}

/** Verified tokens remembered per configuration (its secret and clock), at most this many. */
const VERIFIED_MAX = 10_000;
const verifiedTokens = new WeakMap<Config, Map<string, { payload: unknown; expMs: number }>>();
/** The HMAC key of a configuration's secret, imported once (jose would import it on every call). */
const hmacKeys = new WeakMap<Config, Promise<CryptoKey>>();

function hmacKey(config: Config): Promise<CryptoKey> {
  let key = hmacKeys.get(config);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new Uint8Array(config.jwtSecret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    hmacKeys.set(config, key);
  }
  return key;
}

/**
 * Checks a token's signature, issuer, expiry, kind and payload shape. A token that passed is
 * remembered by its exact text, so the next request with it skips the signature check but not the
 * expiry: every request sends the same two tokens, and checking an HMAC each time was a good part
 * of a cached answer's cost.
 */
async function verify<P>(config: Config, token: string, typ: string, isPayload: (p: unknown) => p is P) {
  let known = verifiedTokens.get(config);
  if (!known) {
    known = new Map();
    verifiedTokens.set(config, known);
  }
  const nowMs = (config.now?.() ?? new Date()).getTime();
  const hit = known.get(token);
  if (hit) {
    if (hit.expMs <= nowMs) {
      known.delete(token);
      throw new TokenError('The token has expired', true);
    }
    const payload = hit.payload as { typ?: unknown };
    if (payload.typ !== typ) throw new TokenError(`Not an ${typ} token`);
    return payload as P;
  }
  try {
    const { payload } = await jwtVerify(token, await hmacKey(config), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: config.now?.(),
    });
    if (payload.typ !== typ) throw new TokenError(`Not an ${typ} token`);
    // The payload is the shape of its schema; every token names its session, so one without
    // (issued before sessions were named) is refused.
    if (!isPayload(payload)) throw new TokenError('The token is not valid');
    if (typeof payload.exp === 'number') {
      known.set(token, { payload, expMs: payload.exp * 1000 });
      if (known.size > VERIFIED_MAX) known.delete(known.keys().next().value as string);
    }
    return payload;
  } catch (err) {
    if (err instanceof TokenError) throw err;
    if (err instanceof errors.JWTExpired) throw new TokenError('The token has expired', true);
    throw new TokenError('The token is not valid');
  }
}

/** Verifies an access token; throws TokenError when it is expired, tampered with or of another kind. */
export async function verifyAccessToken(config: Config, token: string): Promise<AccessClaims> {
  isAccessPayload ??= apiValidator<AccessTokenPayload>('auth/access-token.json');
  const p = await verify(config, token, ACCESS, isAccessPayload);
  return {
    userId: Number(p.sub),
    username: p.username,
    sessionId: p.sid,
    ...(p.imp !== undefined ? { impersonator: p.imp } : {}),
  };
}

/** Verifies an extended data token; throws TokenError when it is not valid. */
export async function verifyExtendedToken(config: Config, token: string): Promise<ExtendedClaims> {
  isExtendedPayload ??= apiValidator<ExtendedDataTokenPayload>('auth/extended-data-token.json');
  const p = await verify(config, token, EXTENDED, isExtendedPayload);
  return { userId: Number(p.sub), sessionId: p.sid, allAccounts: p.all, accountIds: p.acc };
}
