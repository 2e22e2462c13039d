import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthDeps } from './authDeps';
import { reserveAll } from './authLimits';
import { MESSAGES, refuse, tooMany } from './replies';
import { issueSession } from './sessions';
import { findUserByUsername, usernameKey } from './userLookup';
import { verifyPassword } from './users';

/**
 * The password grant: 401 for a wrong username or password, 403 for a right password of a user
 * without permission, 429 while too many failures are counted. The attempt is counted before the
 * password is checked and given back when it succeeds, so attempts sent all at once cannot check
 * more passwords than the limit allows.
 */
export async function passwordGrant(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AuthDeps,
  body: { username: string; password: string },
) {
  const { store, config } = request.server.ctx;
  const { loginPerUsername, loginPerAddress } = deps.limits;
  const userKey = usernameKey(body.username);
  const attempt = await reserveAll([
    [loginPerUsername, userKey],
    [loginPerAddress, request.ip],
  ]);
  if (!attempt.allowed) return tooMany(reply, attempt.retryAfterSeconds, 'failed sign-in attempts');

  const user = await findUserByUsername(store, body.username);
  const passwordOk = await verifyPassword(user?.passwordHash, body.password);
  // An inactive user gets the same answer as a wrong password: nothing says the account exists.
  // The attempt stays counted.
  if (!user || !passwordOk || !user.isActive)
    return refuse(reply, 401, 'invalid_grant', MESSAGES.wrongCredentials);
  await attempt.release();
  if (!user.hasPermission) return refuse(reply, 403, 'access_denied', MESSAGES.noPermission);
  await loginPerUsername.reset(userKey);
  return reply.send(await issueSession(store, config, user));
}
