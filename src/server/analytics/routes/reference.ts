import type { FastifyInstance } from 'fastify';
import { requireDataScope, scopedSiteIds, scopeOf } from '../../auth/scope';
import { responseSchema } from '../../schemaValidation';
import { lastDataUpdate } from '../queries/actionRequired';
import { accountsOf, relationshipOptions, sitesOf } from '../queries/reference';
import { ref } from '../schemas';

/** The options of a reference GET: the data-route check and the answer's schema in reference.schema.json. */
const answering = (def: string) => ({
  preHandler: requireDataScope,
  schema: { response: { 200: responseSchema(ref('reference', def)) } },
});

/** GET /api/sites, /api/account, /api/relationships and /api/data/refresh_time, limited to the caller's scope. */
export async function registerReferenceRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.store;
  app.get('/api/sites', answering('sites'), async (request) =>
    sitesOf(db, await scopedSiteIds(db, scopeOf(request))),
  );
  app.get('/api/account', answering('accounts'), async (request) => {
    const scope = scopeOf(request);
    return accountsOf(db, scope.allAccounts, scope.accountIds);
  });
  app.get('/api/relationships', answering('relationships'), async () => relationshipOptions(db));
  app.get('/api/data/refresh_time', answering('refreshTime'), async () => ({
    lastDataUpdate: await lastDataUpdate(db),
  }));
}
