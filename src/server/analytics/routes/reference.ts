import type { FastifyInstance } from 'fastify';
import { requireDataScope, scopedSiteIds, scopeOf } from '../../auth/scope';
import { lastDataUpdate } from '../queries/actionRequired';
import { accountsOf, relationshipOptions, sitesOf } from '../queries/reference';

/** GET /api/sites, /api/account, /api/relationships and /api/data/refresh_time, limited to the caller's scope. */
export async function registerReferenceRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.store;
  const opts = { preHandler: requireDataScope };
  app.get('/api/sites', opts, async (request) => sitesOf(db, await scopedSiteIds(db, scopeOf(request))));
  app.get('/api/account', opts, async (request) => {
    const scope = scopeOf(request);
    return accountsOf(db, scope.allAccounts, scope.accountIds);
  });
  app.get('/api/relationships', opts, async () => relationshipOptions(db));
  app.get('/api/data/refresh_time', opts, async () => ({ lastDataUpdate: await lastDataUpdate(db) }));
}
