import type { FastifyInstance } from 'fastify';
import { compile, type TopLevelSpec } from 'vega-lite';
import type { ChartCompileRequest, ChartCompileResponse } from '../../shared/api/types';
import { requireCaller } from '../auth/scope';
import { apiRef, responseSchema } from '../schemaValidation';

/** A chart's spec arrives without its rows: a few kB. */
const BODY_LIMIT_BYTES = 256 * 1024;
/** Compiled specs kept, the least recently asked for going first: at most so many, and so many characters. */
const KEEP_SPECS = 1_000;
const KEEP_CHARS = 20_000_000;

/** Vega-Lite's messages about a spec it compiles anyway: nobody reads them on the server. */
const quiet = {
  level(level?: number) {
    return (level === undefined ? 0 : quiet) as never;
  },
  error: () => quiet,
  warn: () => quiet,
  info: () => quiet,
  debug: () => quiet,
};

/**
 * POST /api/charts/compile: a chart's Vega-Lite spec compiled to Vega, for any signed-in user.
 * Compiling in the browser loads Vega-Lite's compiler (75 kB gzip) and runs it on the page's
 * thread, about 60 ms of a first visit to a page of charts; here it runs once per spec for
 * everyone, and the answers are kept in memory (a spec holds no rows, so many users ask for the
 * same few). A spec the compiler refuses answers 400 with its message.
 */
export async function registerChartRoutes(app: FastifyInstance): Promise<void> {
  const kept = new Map<string, { spec: ChartCompileResponse['spec']; chars: number }>();
  let keptChars = 0;

  app.post<{ Body: ChartCompileRequest; Reply: ChartCompileResponse }>(
    '/api/charts/compile',
    {
      preValidation: requireCaller,
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        body: apiRef('dashboards/chart-compile-request.json'),
        response: { 200: responseSchema(apiRef('dashboards/chart-compile-response.json')) },
      },
    },
    async (request, reply) => {
      const key = JSON.stringify(request.body.spec);
      const hit = kept.get(key);
      if (hit) {
        // Asked for again: last to go.
        kept.delete(key);
        kept.set(key, hit);
        return { spec: hit.spec };
      }
      let spec: ChartCompileResponse['spec'];
      try {
        spec = compile(request.body.spec as unknown as TopLevelSpec, { logger: quiet }).spec as typeof spec;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        return reply
          .status(400)
          .send({ error: 'Bad Request', message: `spec: ${message}`, field: 'spec' } as never);
      }
      const chars = key.length + JSON.stringify(spec).length;
      kept.set(key, { spec, chars });
      keptChars += chars;
      for (const [k, v] of kept) {
        if (kept.size <= KEEP_SPECS && keptChars <= KEEP_CHARS) break;
        kept.delete(k);
        keptChars -= v.chars;
      }
      return { spec };
    },
  );
}
