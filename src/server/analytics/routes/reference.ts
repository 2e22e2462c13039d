import type { FastifyInstance } from 'fastify';
import { requireDataScope, scopedSiteIds, scopeOf } from '../../auth/scope';
import { responseSchema } from '../../schemaValidation';
import { lastDataUpdate } from '../queries/actionRequired';
import { accountsOf, relationshipOptions, sitesOf } from '../queries/reference';
import { analyticsReader } from '../reader';
import { ref } from '../schemas';
import { currentDataVersion } from '../versionedMemo';

/** The options of a reference GET: the data-route check and the answer's schema in reference.schema.json. */
const answering = (def: string) => ({
  preHandler: requireDataScope,
  schema: { response: { 200: responseSchema(ref('reference', def)) } },
});

/** GET /api/sites, /api/account, /api/relationships and /api/data/refresh_time, limited to the caller's scope. */
export async function registerReferenceRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.store;
  // Sites, accounts and relationships may come from a replica that has replayed the current data
  // version (reader.ts); the refresh time is the version itself, read from the primary.
  const reader = async () => analyticsReader(db, { version: (await currentDataVersion(db)).version });
  app.get('/api/sites', answering('sites'), async (request) => {
    const q = await reader();
    return sitesOf(q, await scopedSiteIds(q, scopeOf(request)));
  });
  app.get('/api/account', answering('accounts'), async (request) => {
    const scope = scopeOf(request);
    return accountsOf(await reader(), scope.allAccounts, scope.accountIds);
  });
  app.get('/api/relationships', answering('relationships'), async () => relationshipOptions(await reader()));
  app.get('/api/data/refresh_time', answering('refreshTime'), async () => ({
    lastDataUpdate: await lastDataUpdate(db, (await currentDataVersion(db)).version),
  }));
}
