import type { FastifyInstance } from 'fastify';
import { compile, type TopLevelSpec } from 'vega-lite';
import type { ChartCompileRequest } from '../../shared/api/types';
import { SlidingWindowLimiter } from '../auth/rateLimiter';
import { requireCaller } from '../auth/scope';
import { apiRef, responseSchema } from '../schemaValidation';

/** A chart's spec arrives without its rows: a few kB. */
const BODY_LIMIT_BYTES = 256 * 1024;
/** A compiled spec larger than this is not answered: the browser compiles that chart itself. */
const MAX_ANSWER_CHARS = 1_000_000;
/** Answers kept, the least recently asked for going first: at most so many, and so many characters. */
const KEEP_ANSWERS = 1_000;
const KEEP_CHARS = 20_000_000;
/** The longest compiler message passed on. */
const MAX_MESSAGE_CHARS = 300;

/**
 * Views that multiply what the compiler makes (a repeat of n by n fields is n² views: 120 by 120 took
 * the compiler 10 s): the engine's charts and pies never make them, so they are refused here and the
 * browser compiles such a spec itself, on its own time.
 */
const MULTIPLYING = ['repeat', 'facet', 'concat', 'hconcat', 'vconcat'];
const MULTIPLYING_CHANNELS = ['row', 'column', 'facet'];
/**
 * Most layers a view may hold, nested layers counted, and most entries of any list in the spec: the
 * engine's charts hold one or two layers and lists of a few dozen; at these bounds a spec compiles
 * in 25–60 ms (8 layers of 100 transforms each, or 100 selections; measured 2026-11-28).
 */
const MAX_LAYERS = 8;
const MAX_LIST = 100;
/** Compiles (answers not kept yet) a user may ask for in a minute; past it the browser compiles. */
const COMPILES_PER_MINUTE = 120;

/** Why `spec` is not compiled here, or undefined when it may be. */
function notCompiledHere(spec: Record<string, unknown>): string | undefined {
  let layers = 0;
  const views = [spec];
  while (views.length) {
    const view = views.pop() as Record<string, unknown>;
    const multiplying = MULTIPLYING.find((k) => k in view);
    if (multiplying) return `a '${multiplying}' view is compiled in the browser`;
    const encoding = view.encoding as Record<string, unknown> | undefined;
    const channel = encoding && MULTIPLYING_CHANNELS.find((k) => k in encoding);
    if (channel) return `a '${channel}' channel is compiled in the browser`;
    if (Array.isArray(view.layer)) {
      layers += view.layer.length;
      if (layers > MAX_LAYERS) return `more than ${MAX_LAYERS} layers`;
      for (const layer of view.layer) if (layer && typeof layer === 'object') views.push(layer);
    }
  }
  const long = (value: unknown, depth: number): boolean => {
    if (depth > 20) return true;
    if (Array.isArray(value)) return value.length > MAX_LIST || value.some((v) => long(v, depth + 1));
    if (value && typeof value === 'object') return Object.values(value).some((v) => long(v, depth + 1));
    return false;
  };
  return long(spec, 0) ? `a list of more than ${MAX_LIST} entries, or nesting deeper than 20` : undefined;
}

/**
 * POST /api/charts/compile: a chart's Vega-Lite spec compiled to Vega, for a signed-in user.
 * Compiling in the browser loads Vega-Lite's compiler (75 kB gzip) and runs it on the page's
 * thread, about 60 ms of a first visit to a page of charts. The answers are kept in memory by user
 * and spec (a pie's spec holds its slices' labels, which are the user's data), so a user's next
 * session asks the compiler nothing; `x-chart-cache` says `hit` or `miss`. A spec the compiler
 * refuses, one of a kind compiled in the browser (repeat, facet, concat, over 8 layers, a list of
 * over 100 entries) and an answer of over a million characters answer 400 with the reason; over
 * COMPILES_PER_MINUTE compiles of one user in a minute answer 429.
 */
export async function registerChartRoutes(app: FastifyInstance): Promise<void> {
  const kept = new Map<string, string>();
  let keptChars = 0;
  const compiles = new SlidingWindowLimiter({ max: COMPILES_PER_MINUTE, windowMs: 60_000 });
  const refuse = (message: string) => ({
    error: 'Bad Request',
    message: `spec: ${message.length > MAX_MESSAGE_CHARS ? `${message.slice(0, MAX_MESSAGE_CHARS)}…` : message}`,
    field: '/spec',
  });

  app.post<{ Body: ChartCompileRequest }>(
    '/api/charts/compile',
    {
      // Who is calling is asked before the body is read: a caller not signed in learns nothing of it.
      onRequest: requireCaller,
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        body: apiRef('dashboards/chart-compile-request.json'),
        response: { 200: responseSchema(apiRef('dashboards/chart-compile-response.json')) },
      },
    },
    async (request, reply) => {
      const key = `${request.caller?.userId}\u0000${JSON.stringify(request.body.spec)}`;
      const hit = kept.get(key);
      if (hit !== undefined) {
        // Asked for again: last to go.
        kept.delete(key);
        kept.set(key, hit);
        return reply.header('x-chart-cache', 'hit').type('application/json; charset=utf-8').send(hit);
      }
      const why = notCompiledHere(request.body.spec);
      if (why) return reply.status(400).send(refuse(why));
      // The compiler runs on the server's event loop: one user's charts may not take it over.
      const user = String(request.caller?.userId);
      const decision = compiles.check(user);
      if (!decision.allowed)
        return reply.status(429).header('retry-after', String(decision.retryAfterSeconds)).send({
          error: 'Too Many Requests',
          message: 'Too many charts compiled: the browser compiles them',
        });
      compiles.hit(user);
      let answer: string;
      try {
        const { spec } = compile(request.body.spec as unknown as TopLevelSpec, { logger: quiet });
        answer = JSON.stringify({ spec });
      } catch (err) {
        return reply.status(400).send(refuse(err instanceof Error ? err.message : String(err)));
      }
      if (answer.length > MAX_ANSWER_CHARS)
        return reply.status(400).send(refuse('the compiled spec is too large'));
      kept.set(key, answer);
      keptChars += key.length + answer.length;
      for (const [k, v] of kept) {
        if (kept.size <= KEEP_ANSWERS && keptChars <= KEEP_CHARS) break;
        kept.delete(k);
        keptChars -= k.length + v.length;
      }
      return reply.header('x-chart-cache', 'miss').type('application/json; charset=utf-8').send(answer);
    },
  );
}

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
