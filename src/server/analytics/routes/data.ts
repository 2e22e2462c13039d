import type { FastifyInstance } from 'fastify';
import { requireDataScope } from '../../auth/scope';
import { DATA_CODES } from '../queries/dataCodes';
import { type DataBody, resolveQuery } from '../request';
import { ref } from '../schemas';
import { DATA_ENDPOINTS } from './endpoints';

/** POST /api/data (tiles and pies by code) and every POST /api/data/... table and chart. */
export async function registerDataRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.store;
  app.post(
    '/api/data',
    { preHandler: requireDataScope, schema: { body: ref('data-codes', 'request') } },
    async (request) => {
      const q = await resolveQuery(request, { dates: true });
      const code = (request.body as DataBody).requestedData as number;
      return DATA_CODES[code](db, q);
    },
  );
  for (const e of DATA_ENDPOINTS) {
    app.post(
      e.path,
      { preHandler: requireDataScope, schema: { body: ref(e.file, e.request) } },
      async (request) => e.run(db, await resolveQuery(request, { dates: e.dates, siteFilter: e.siteFilter })),
    );
  }
}
