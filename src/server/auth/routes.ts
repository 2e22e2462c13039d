import type { FastifyInstance } from 'fastify';
import { acceptEmptyJsonBodies } from '../schemaValidation';
import { authLimitsFromEnv } from './authLimits';
import { registerClaimsRoutes } from './claimsRoutes';
import { registerLogoutRoute } from './logoutRoute';
import { registerPasswordRoutes } from './passwordRoutes';
import { registerTokenRoute } from './tokenRoute';

/**
 * POST /token, /claims (and GET /claims), /logout, /forgotpassword, /reset-password. They live in
 * their own encapsulated scope so that the lenient JSON parser applies to them alone. Rate limits are read from the environment (see authLimitsFromEnv).
 */
export async function registerAuthRoutes(app: FastifyInstance): Promise<void> {
  const deps = { limits: authLimitsFromEnv(process.env, app.ctx.store) };
  await app.register(async (scope) => {
    acceptEmptyJsonBodies(scope);
    registerTokenRoute(scope, deps);
    registerClaimsRoutes(scope);
    registerLogoutRoute(scope);
    registerPasswordRoutes(scope, deps);
  });
}
