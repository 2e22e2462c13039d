import type { FastifyInstance } from 'fastify';

/** GET /api/sites, /api/account, POST /api/data... (issue 4 fills these in). */
export async function registerAnalyticsRoutes(_app: FastifyInstance): Promise<void> {}
