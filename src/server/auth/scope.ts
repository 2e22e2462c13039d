import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../store';
import { type AccessClaims, TokenError, verifyAccessToken, verifyExtendedToken } from './tokens';

/** The caller of a data route and the accounts they may read. */
export interface DataScope {
  userId: number;
  username: string;
  impersonator?: string;
  allAccounts: boolean;
  /** Accounts readable when not allAccounts. */
  accountIds: number[];
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: AccessClaims;
    dataScope?: DataScope;
  }
}

/** Header that carries the extended data token on GET requests (POST bodies carry jwtExtendedToken). */
export const EXTENDED_TOKEN_HEADER = 'x-extended-data-token';

/** The bearer token of the Authorization header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1];
}

/** preHandler for signed-in routes: a valid bearer access token, else 401. Sets request.caller. */
export async function requireCaller(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (!token) {
    return reply
      .status(401)
      .send({ error: 'Unauthorized', message: 'Sign in first: the Authorization bearer token is missing' });
  }
  let caller: AccessClaims;
  try {
    caller = await verifyAccessToken(request.server.ctx.config, token);
  } catch (err) {
    const message = err instanceof TokenError ? err.message : 'The token is not valid';
    return reply.status(401).send({ error: 'Unauthorized', message: `Access token refused: ${message}` });
  }
  if (await request.server.sessions.isRevoked(caller.sessionId)) {
    return reply.status(401).send({ error: 'Unauthorized', message: SESSION_ENDED });
  }
  request.caller = caller;
}

/** The 401 message for a token of a session that was ended (logout, reuse, reset). */
export const SESSION_ENDED = 'Access token refused: the session has ended; sign in again';

/** The claims of a bearer access token that is valid and whose session has not ended; else undefined. */
export async function liveCaller(request: FastifyRequest, token: string): Promise<AccessClaims | undefined> {
  const caller = await verifyAccessToken(request.server.ctx.config, token).catch(() => undefined);
  if (!caller || (await request.server.sessions.isRevoked(caller.sessionId))) return undefined;
  return caller;
}

/**
 * preHandler for data routes: a valid access token (401 otherwise) and an extended data token of
 * the same user (403 otherwise; 401 when merely expired), from the body's jwtExtendedToken or the
 * x-extended-data-token header. Sets request.dataScope.
 */
export async function requireDataScope(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireCaller(request, reply);
  if (reply.sent || !request.caller) return;
  const body = request.body as { jwtExtendedToken?: unknown } | undefined;
  const fromBody = body && typeof body === 'object' ? body.jwtExtendedToken : undefined;
  const header = request.headers[EXTENDED_TOKEN_HEADER];
  const token =
    typeof fromBody === 'string' && fromBody ? fromBody : typeof header === 'string' ? header : undefined;
  if (!token) {
    return reply.status(403).send({
      error: 'Forbidden',
      message: 'The extended data token is missing (jwtExtendedToken or x-extended-data-token)',
    });
  }
  try {
    const ext = await verifyExtendedToken(request.server.ctx.config, token);
    if (ext.userId !== request.caller.userId) {
      return reply
        .status(403)
        .send({ error: 'Forbidden', message: 'The extended data token belongs to another user' });
    }
    // The access token's session is live (requireCaller): the data token must be of that session.
    if (ext.sessionId !== request.caller.sessionId) {
      return reply
        .status(401)
        .send({ error: 'Unauthorized', message: 'Extended data token refused: it is of another session' });
    }
    request.dataScope = {
      userId: request.caller.userId,
      username: request.caller.username,
      impersonator: request.caller.impersonator,
      allAccounts: ext.allAccounts,
      accountIds: ext.accountIds,
    };
  } catch (err) {
    // An expired data token is renewed by a refresh, which the client does on a 401 (SPEC.md
    // section 8); anything else (tampered, wrong kind) is a 403 that no refresh would cure.
    if (err instanceof TokenError && err.expired) {
      return reply.status(401).send({
        error: 'Unauthorized',
        message: 'Extended data token refused: it has expired; refresh the session',
      });
    }
    const message = err instanceof TokenError ? err.message : 'The token is not valid';
    return reply.status(403).send({ error: 'Forbidden', message: `Extended data token refused: ${message}` });
  }
}

/** The scope a data route needs; throws when the route forgot its preHandler (a bug, so a 500). */
export function scopeOf(request: FastifyRequest): DataScope {
  if (!request.dataScope) throw new Error('Data route without requireDataScope preHandler');
  return request.dataScope;
}

/**
 * The site ids a request may read: the caller's sites, narrowed to the requested accounts and
 * sites. Empty or absent requests mean everything in scope. Requested ids outside the scope are
 * dropped, never honoured, so the answer may be empty.
 */
export async function scopedSiteIds(
  db: Queryable,
  scope: DataScope,
  requested: { siteIds?: readonly number[] | null; accountIds?: readonly number[] | null } = {},
): Promise<number[]> {
  const conditions: string[] = [];
  const params: (readonly number[])[] = [];
  if (!scope.allAccounts) {
    params.push(scope.accountIds);
    conditions.push(`account_id IN (SELECT unnest($${params.length}::INTEGER[]))`);
  }
  if (requested.accountIds?.length) {
    params.push(requested.accountIds);
    conditions.push(`account_id IN (SELECT unnest($${params.length}::INTEGER[]))`);
  }
  if (requested.siteIds?.length) {
    params.push(requested.siteIds);
    conditions.push(`id IN (SELECT unnest($${params.length}::INTEGER[]))`);
  }
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const rows = await db.query<{ id: number }>(`SELECT id FROM sites ${where} ORDER BY id`, params);
  return rows.map((r) => r.id);
}
