import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EXTENDED_TOKEN_HEADER } from '../auth/scope';
import { signAccessToken, signExtendedToken } from '../auth/tokens';
import { findUserById, userAccountIds } from '../auth/userLookup';
import type { Config } from '../config';
import type { Queryable } from '../store';

/** Asks one of the app's routes as a user: its JSON answer, or an Error saying what the route said. */
export type RecipientCall = (
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
) => Promise<unknown>;

/** A route's refusal of a delivery's request (the message quotes the route's own). */
export class DeliveryRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The app's routes as `userId` calls them: a short-lived access token and extended data token
 * signed with the user's own claims and accounts, read afresh, exactly what POST /token would give
 * them, and each request made with app.inject() to the same route, scope check and result cache
 * as their dashboard's. The tokens name a session of their own that no refresh token belongs to,
 * so nothing can renew them; they expire with the access token's lifetime.
 */
export async function asRecipient(
  app: FastifyInstance,
  db: Queryable,
  config: Config,
  userId: number,
): Promise<RecipientCall> {
  const user = await findUserById(db, userId);
  if (!user?.isActive || !user.hasPermission)
    throw new DeliveryRequestError(
      403,
      `user ${userId} may not use the product now; nothing is computed for them`,
    );
  const sessionId = `delivery-${randomUUID()}`;
  const accountIds = user.allAccountAccess ? [] : await userAccountIds(db, user.id);
  const access = await signAccessToken(config, { userId: user.id, username: user.username, sessionId });
  const extended = await signExtendedToken(
    config,
    { userId: user.id, sessionId, allAccounts: user.allAccountAccess, accountIds },
    config.accessTokenTtlSeconds,
  );
  return async (method, path, body) => {
    const res = await app.inject({
      method,
      url: path,
      headers: { authorization: `Bearer ${access}`, [EXTENDED_TOKEN_HEADER]: extended },
      ...(method === 'POST' ? { payload: body ?? {} } : {}),
    });
    if (res.statusCode !== 200) {
      let message = res.body;
      try {
        message = (JSON.parse(res.body) as { message?: string }).message ?? res.body;
      } catch {
        // the body as it is
      }
      throw new DeliveryRequestError(
        res.statusCode,
        `${method} ${path} answered ${res.statusCode}: ${message}`,
      );
    }
    return res.json();
  };
}
