import type { FastifyInstance } from 'fastify';
import { registerAnalyticsRoutes } from './analytics/routes';
import { registerAuthRoutes } from './auth/routes';
import { registerDashboardRoutes } from './dashboards/routes';
import { registerDeliveryRoutes } from './deliveries/routes';
import { registerFormRoutes } from './forms/routes';
import { registerIngestRoutes } from './ingest/routes';

/** Every API route family, in order: auth first (it decorates requests with the caller's scope). */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await registerAuthRoutes(app);
  await registerDashboardRoutes(app);
  await registerFormRoutes(app);
  await registerAnalyticsRoutes(app);
  await registerIngestRoutes(app);
  await registerDeliveryRoutes(app);
}
