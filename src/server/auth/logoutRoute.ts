import type { FastifyInstance } from 'fastify';
import logoutRequestSchema from '../../../schemas/api/auth/logout-request.json';
import okResponseSchema from '../../../schemas/api/auth/ok-response.json';
import type { LogoutRequest, OkResponse } from '../../shared/api/types';
import { responseSchema } from '../schemaValidation';
import { revokeFamily, sessionLock, sessionOfRefreshToken } from './refreshTokens';

/**
 * POST /logout { refreshToken }: revokes the token's whole family, and with it every access and
 * extended data token of the session. No bearer token is needed (it
 * may have expired), and an unknown token still answers 200, so signing out never fails.
 */
export function registerLogoutRoute(scope: FastifyInstance): void {
  scope.post<{ Body: LogoutRequest; Reply: OkResponse }>(
    '/logout',
    { schema: { body: logoutRequestSchema, response: { 200: responseSchema(okResponseSchema) } } },
    async (request) => {
      const { store } = request.server.ctx;
      const familyId = await sessionOfRefreshToken(store, request.body.refreshToken);
      if (familyId !== undefined) {
        await store.transaction((tx) => revokeFamily(tx, familyId), { lock: sessionLock(familyId) });
        // The session's access and extended data tokens stop working now, not when they expire.
        request.server.sessions.ended(familyId);
      }
      return { ok: true };
    },
  );
}
