import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type RefreshRefusal,
  revokeFamily,
  sessionLock,
  sessionOfRefreshToken,
  spendRefreshToken,
  successorToken,
} from './refreshTokens';
import { refuse } from './replies';
import { type AuthResponse, issueSession } from './sessions';
import { findUserById, findUserByUsername } from './userLookup';

const REFUSALS: Record<RefreshRefusal | 'user', string> = {
  unknown: 'The refresh token is not valid: sign in again',
  revoked: 'The session has ended: sign in again',
  expired: 'The refresh token has expired: sign in again',
  reused: 'The refresh token was already used, so the session has been revoked: sign in again',
  user: 'The user may no longer sign in: sign in again',
};

/**
 * The refresh grant: spends the refresh token and answers a new session in the same family, whose
 * refresh token is the spent one's successor (successorToken). The same token sent again within the
 * grace period, before that successor is used, is answered the same successor: a retry, or two
 * refreshes at once, never splits the session in two. Any refusal is a 401, which makes the client
 * sign out.
 */
export async function refreshGrant(request: FastifyRequest, reply: FastifyReply, refreshToken: string) {
  const { store, config } = request.server.ctx;
  const familyId = await sessionOfRefreshToken(store, refreshToken);
  const outcome = await store.transaction(
    async (
      tx,
    ): Promise<{ ok: true; session: AuthResponse } | { ok: false; reason: keyof typeof REFUSALS }> => {
      const spent = await spendRefreshToken(tx, refreshToken, {
        key: config.jwtSecret,
        now: config.now?.(),
        graceSeconds: config.refreshReuseGraceSeconds,
      });
      if (!spent.ok) return spent;
      if (spent.retry)
        request.log.info('refresh token sent again within the grace period: answered its successor again');
      const { userId, impersonator, familyId } = spent.owner;
      const user = await findUserById(tx, userId);
      // An impersonated session lasts only while the impersonator may still impersonate.
      const actor = impersonator ? await findUserByUsername(tx, impersonator) : user;
      if (
        !user?.isActive ||
        !user.hasPermission ||
        !actor?.isActive ||
        (impersonator && !actor.allAccountAccess)
      ) {
        await revokeFamily(tx, familyId);
        return { ok: false, reason: 'user' };
      }
      const refresh = spent.retry
        ? { token: spent.retry.successor, issued: true }
        : { token: successorToken(config.jwtSecret, refreshToken), issued: false };
      return {
        ok: true,
        session: await issueSession(tx, config, user, { impersonator, familyId, refreshToken: refresh }),
      };
    },
    // One session's refreshes and its logout run one after another (refreshTokens.ts, sessionLock).
    { lock: familyId === undefined ? undefined : sessionLock(familyId) },
  );
  if (!outcome.ok) {
    if (familyId !== undefined && (outcome.reason === 'reused' || outcome.reason === 'user'))
      request.server.sessions.ended(familyId);
    if (outcome.reason === 'reused') request.log.warn('refresh token reused: its session was revoked');
    return refuse(reply, 401, 'invalid_token', REFUSALS[outcome.reason]);
  }
  return reply.send(outcome.session);
}
