import type { FastifyInstance } from 'fastify';
import logoutRequestSchema from '../../../schemas/api/auth/logout-request.json';
import okResponseSchema from '../../../schemas/api/auth/ok-response.json';
import { revokeSessionOf } from './refreshTokens';
import { responseSchema } from './schemaValidation';

/**
 * POST /logout { refreshToken }: revokes the token's whole family. No bearer token is needed (it
 * may have expired), and an unknown token still answers 200, so signing out never fails.
 */
export function registerLogoutRoute(scope: FastifyInstance): void {
  scope.post<{ Body: { refreshToken: string } }>(
    '/logout',
    { schema: { body: logoutRequestSchema, response: { 200: responseSchema(okResponseSchema) } } },
    async (request) => {
      await revokeSessionOf(request.server.ctx.store, request.body.refreshToken);
      return { ok: true as const };
    },
  );
}
