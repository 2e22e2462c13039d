import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SlidingWindowLimiter } from '../auth/rateLimiter';
import { requireCaller } from '../auth/scope';
import { ImportError, importRecords } from './importFile';
import { ndjsonRecords } from './records';
import { IMPORT_KINDS, isImportKind } from './schemas';

/** The claim a caller of POST /api/ingest/<kind> holds (a feed's user, made with `npm run users`). */
export const INGEST_CLAIM = { type: 'HawkEyeIngest', value: 'Write' } as const;
/** The largest NDJSON body one request may carry: send bigger loads in several batches. */
export const INGEST_MAX_BYTES = 16 * 1024 * 1024;
/** Batches one user may send per minute, per server instance. */
export const INGEST_RATE = { max: 60, windowMs: 60_000 } as const;
/** The name errors give the body in place of a file: `body:<line>: field ...`. */
export const INGEST_SOURCE = 'body';

const NDJSON_TYPES = ['application/x-ndjson', 'application/jsonl'];

/**
 * POST /api/ingest/<kind>: records of a kind as NDJSON, one JSON object per line, imported as
 * `npm run db:import` imports a file: validated against schemas/ingest/<kind>.schema.json and for
 * meaning, all or nothing in one transaction, upserting by id (a batch sent again adds nothing), the
 * rollups brought up to date and the last data update moved. Answers {kind, records, added, updated};
 * 400 with every located error (`body:<line>: field ...`, the first 20 and the total) and nothing
 * changed; 401 without a signed-in caller, 403 without HawkEyeIngest=Write (checked before the body
 * is read), 413 above INGEST_MAX_BYTES, 415 for another content type, 429 above INGEST_RATE.
 */
export async function registerIngestRoutes(app: FastifyInstance): Promise<void> {
  const limiter = new SlidingWindowLimiter(INGEST_RATE);

  async function requireIngest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireCaller(request, reply);
    if (reply.sent || !request.caller) return;
    if (!(await request.server.claims.holds(request.caller.userId, INGEST_CLAIM))) {
      return reply.status(403).send({
        error: 'Forbidden',
        message: `Ingest needs the claim ${INGEST_CLAIM.type}=${INGEST_CLAIM.value}`,
      });
    }
    const key = String(request.caller.userId);
    const decision = limiter.check(key);
    if (!decision.allowed) {
      return reply
        .status(429)
        .header('retry-after', String(decision.retryAfterSeconds))
        .send({
          error: 'Too Many Requests',
          message: `At most ${INGEST_RATE.max} batches a minute: retry in ${decision.retryAfterSeconds} s`,
        });
    }
    limiter.hit(key);
  }

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      NDJSON_TYPES,
      { parseAs: 'string', bodyLimit: INGEST_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    scope.post<{ Params: { kind: string }; Body: unknown }>(
      '/api/ingest/:kind',
      { onRequest: requireIngest, bodyLimit: INGEST_MAX_BYTES },
      async (request, reply) => {
        const { kind } = request.params;
        if (!isImportKind(kind)) {
          return reply
            .status(404)
            .send({ error: 'Not Found', message: `No kind '${kind}'. Kinds: ${IMPORT_KINDS.join(', ')}` });
        }
        if (typeof request.body !== 'string') {
          return reply.status(415).send({
            error: 'Unsupported Media Type',
            message: 'Send NDJSON: Content-Type: application/x-ndjson',
          });
        }
        try {
          const result = await importRecords(
            request.server.ctx.store,
            kind,
            INGEST_SOURCE,
            ndjsonRecords(request.body),
          );
          return { kind, records: result.records, added: result.added, updated: result.updated };
        } catch (err) {
          if (!(err instanceof ImportError)) throw err;
          return reply.status(400).send({
            error: 'Bad Request',
            message: `Nothing was imported: ${err.total} ${err.total === 1 ? 'error' : 'errors'}`,
            errors: err.errors,
            total: err.total,
          });
        }
      },
    );
  });
}
