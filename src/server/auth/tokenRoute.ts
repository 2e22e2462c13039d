import type { FastifyInstance } from 'fastify';
import tokenRequestSchema from '../../../schemas/api/auth/token-request.json';
import tokenResponseSchema from '../../../schemas/api/auth/token-response.json';
import type { TokenRequest } from '../../shared/api/types';
import { responseSchema } from '../schemaValidation';
import type { AuthDeps } from './authDeps';
import { impersonationGrant } from './impersonationGrant';
import { passwordGrant } from './passwordGrant';
import { refreshGrant } from './refreshGrant';

/** POST /token: the password, refresh_token and impersonation grants, urlencoded or JSON. */
export function registerTokenRoute(scope: FastifyInstance, deps: AuthDeps): void {
  scope.post<{ Body: TokenRequest }>(
    '/token',
    { schema: { body: tokenRequestSchema, response: { 200: responseSchema(tokenResponseSchema) } } },
    async (request, reply) => {
      const body = request.body;
      // The schema has required the fields of each grant, hence the assertions.
      switch (body.grantType) {
        case 'password':
          return passwordGrant(request, reply, deps, { username: body.username!, password: body.password! });
        case 'refresh_token':
          return refreshGrant(request, reply, body.refreshToken!);
        case 'impersonation':
          return impersonationGrant(request, reply, deps, body.impersonationToken!);
      }
    },
  );
}
