import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthDeps } from './authDeps';
import { strictest } from './authLimits';
import { MESSAGES, refuse, tooMany } from './replies';
import { issueSession } from './sessions';
import { findUserByUsername } from './userLookup';
import { verifyPassword } from './users';

/**
 * The password grant: 401 for a wrong username or password (counted by the rate limiter), 403 for
 * a right password of a user without permission, 429 while too many failures are counted.
 */
export async function passwordGrant(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AuthDeps,
  body: { username: string; password: string },
) {
  const { store, config } = request.server.ctx;
  const { loginPerUsername, loginPerAddress } = deps.limits;
  const userKey = body.username.toLowerCase();
  const decision = strictest([
    [loginPerUsername, userKey],
    [loginPerAddress, request.ip],
  ]);
  if (!decision.allowed) return tooMany(reply, decision.retryAfterSeconds, 'failed sign-in attempts');

  const user = await findUserByUsername(store, body.username);
  const passwordOk = await verifyPassword(user?.passwordHash, body.password);
  // An inactive user gets the same answer as a wrong password: nothing says the account exists.
  if (!user || !passwordOk || !user.isActive) {
    loginPerUsername.hit(userKey);
    loginPerAddress.hit(request.ip);
    return refuse(reply, 401, 'invalid_grant', MESSAGES.wrongCredentials);
  }
  if (!user.hasPermission) return refuse(reply, 403, 'access_denied', MESSAGES.noPermission);
  loginPerUsername.reset(userKey);
  return reply.send(await issueSession(store, config, user));
}
