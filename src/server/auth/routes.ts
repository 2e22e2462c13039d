import type { FastifyInstance } from 'fastify';

/** POST /token, /claims, /logout, /forgotpassword, /reset-password (issue 3 fills these in). */
export async function registerAuthRoutes(_app: FastifyInstance): Promise<void> {}
