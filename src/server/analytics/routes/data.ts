import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DataCodesRequest } from '../../../shared/api/types';
import { requireDataScope, scopeOf } from '../../auth/scope';
import { CLAIMED_CODES, DATA_CODES } from '../queries/dataCodes';
import { readerOfQuery } from '../reader';
import { type DataQuery, resolveQuery } from '../request';
import { ref } from '../schemas';
import { DATA_ENDPOINTS } from './endpoints';

/**
 * POST /api/data (tiles and pies by code) and every POST /api/data/... table and chart. Answers
 * come from the result cache when the same query was answered for the same data version.
 */
export async function registerDataRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.store;
  const cache = app.resultCache;
  // The queries read from a replica that has replayed the request's data version (reader.ts).
  const readerOf = (q: DataQuery) => readerOfQuery(db, q);
  // Nothing is kept before the first seed or import: without a version a change could not be seen.
  const answer = async (reply: FastifyReply, what: string, q: DataQuery, run: () => Promise<unknown>) => {
    const json =
      q.dataVersion == null
        ? JSON.stringify(await run())
        : await cache.json(`${what} ${JSON.stringify(q)}`, run);
    return reply.type('application/json; charset=utf-8').send(json);
  };
  app.post(
    '/api/data',
    { preHandler: requireDataScope, schema: { body: ref('data-codes', 'request') } },
    async (request, reply) => {
      const code = (request.body as DataCodesRequest).requestedData;
      const claim = CLAIMED_CODES[code];
      if (claim && !(await app.claims.holds(scopeOf(request).userId, claim))) {
        return reply.status(403).send({
          error: 'Forbidden',
          message: `Data code ${code} needs the claim ${claim.type}=${claim.value}`,
        });
      }
      const q = await resolveQuery(request, { dates: true });
      return answer(reply, `code ${code}`, q, async () => DATA_CODES[code](await readerOf(q), q));
    },
  );
  for (const e of DATA_ENDPOINTS) {
    app.post(
      e.path,
      { preHandler: requireDataScope, schema: { body: ref(e.file, e.request) } },
      async (request, reply) => {
        const q = await resolveQuery(request, {
          dates: e.dates,
          siteFilter: e.siteFilter,
          filters: e.filters,
        });
        return answer(reply, e.path, q, async () => e.run(await readerOf(q), q));
      },
    );
  }
}
