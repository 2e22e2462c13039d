import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../auth/replies';
import { requireCaller } from '../auth/scope';
import { findUserById } from '../auth/userLookup';

/**
 * onRequest of the form routes: a valid bearer access token (401 otherwise) of an active user
 * (401) who has the permission to use HawkEye (403, as sign-in answers). Runs before the body is
 * read, so a stranger learns nothing about the body's shape and sends no body this server parses.
 */
export async function requirePermittedCaller(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireCaller(request, reply);
  if (reply.sent || !request.caller) return;
  const user = await findUserById(request.server.ctx.store, request.caller.userId);
  if (!user?.isActive) {
    return reply.status(401).send({ error: 'invalid_token', message: 'The signed-in user no longer exists' });
  }
  if (!user.hasPermission) {
    return reply.status(403).send({ error: 'access_denied', message: MESSAGES.noPermission });
  }
}
