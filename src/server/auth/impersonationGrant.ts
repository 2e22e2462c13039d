import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthDeps } from './authDeps';
import { recordImpersonation, spendImpersonationCode } from './impersonationCodes';
import { MESSAGES, refuse, tooMany } from './replies';
import { bearerToken, liveCaller } from './scope';
import { type AuthResponse, issueSession } from './sessions';
import { findUserById, type UserRecord, usernameKey } from './userLookup';

type Outcome = { ok: true; session: AuthResponse } | { ok: false; status: 401 | 403; message: string };

/** The signed-in user allowed to impersonate, or the reason they are not (always a 403). */
async function impersonator(request: FastifyRequest): Promise<UserRecord | string> {
  const token = bearerToken(request);
  if (!token) return 'Impersonation needs the signed-in user: send their access token as the bearer token';
  const caller = await liveCaller(request, token);
  if (!caller) return 'The access token is not valid or has expired: refresh the session and try again';
  if (caller.impersonator) return 'Already impersonating a user: sign back in as yourself first';
  const user = await findUserById(request.server.ctx.store, caller.userId);
  if (!user?.isActive || !user.hasPermission || !user.allAccountAccess) {
    return 'Only users with access to all accounts may impersonate';
  }
  return user;
}

/**
 * The impersonation grant: an all-account user (by their bearer access token) spends a code for a
 * session of the code's target user. Not allowed: 403. Unknown, used or expired code: 401 with
 * error 'invalid_impersonation_token', which the client shows rather than signing out. Every
 * impersonation is written to impersonation_audit in the transaction that spends the code.
 */
export async function impersonationGrant(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AuthDeps,
  code: string,
) {
  const actor = await impersonator(request);
  if (typeof actor === 'string') return refuse(reply, 403, 'access_denied', actor);
  // Counted before the code is tried, given back when it works; a budget apart from sign-in.
  const attempt = await deps.limits.impersonationPerUser.reserve(usernameKey(actor.username));
  if (!attempt.allowed) return tooMany(reply, attempt.retryAfterSeconds, 'failed impersonation attempts');

  const { store, config } = request.server.ctx;
  const outcome = await store.transaction(async (tx): Promise<Outcome> => {
    const targetId = await spendImpersonationCode(tx, code, actor.id);
    const target = targetId === undefined ? undefined : await findUserById(tx, targetId);
    if (!target?.isActive) return { ok: false, status: 401, message: MESSAGES.badImpersonationCode };
    if (!target.hasPermission) {
      return {
        ok: false,
        status: 403,
        message: `${target.username} may not use HawkEye, so cannot be impersonated`,
      };
    }
    await recordImpersonation(tx, {
      impersonatorUserId: actor.id,
      impersonatorUsername: actor.username,
      targetUserId: target.id,
      targetUsername: target.username,
      clientAddress: request.ip,
    });
    return { ok: true, session: await issueSession(tx, config, target, { impersonator: actor.username }) };
  });
  if (outcome.ok || outcome.status === 403) await attempt.release();
  // A code that works clears the impersonator's count, as a right password clears a username's.
  if (outcome.ok) await deps.limits.impersonationPerUser.reset(usernameKey(actor.username));
  if (outcome.ok) {
    request.log.info(
      { impersonator: actor.username, userId: outcome.session.userId },
      'impersonation started',
    );
    return reply.send(outcome.session);
  }
  if (outcome.status === 403) return refuse(reply, 403, 'access_denied', outcome.message);
  return refuse(reply, 401, 'invalid_impersonation_token', outcome.message);
}
