import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { STATUS_CODES } from 'node:http';
import { join, relative, resolve, sep } from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { SERVICE_ERROR_MESSAGE } from '../shared/serverErrorMessages';
import { ResultCache } from './analytics/resultCache';
import { ClaimChecks } from './auth/claimChecks';
import { SessionRevocations } from './auth/revokedSessions';
import type { Config } from './config';
import type { DefinitionStore } from './dashboards/definitionStore';
import type { ServedDeliveryDefinitions } from './deliveries/definitions';
import { registerRoutes } from './routes';
import { schemaErrorMessage, validateWithApiSchemas } from './schemaValidation';
import { isDiskFull, isUnavailable, replicaStates, type Store } from './store';
import { runAsTask } from './store/priority';
import { trustProxyOf } from './trustedProxies';

/** What every route plugin receives. */
export interface AppContext {
  store: Store;
  config: Config;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The data endpoints' answers by data version and resolved query (analytics/resultCache.ts). */
    resultCache: ResultCache;
    /** Which sessions have ended, for the tokens that name them (auth/revokedSessions.ts). */
    sessions: SessionRevocations;
    /** Whether a user holds an extra claim, kept briefly (auth/claimChecks.ts). */
    claims: ClaimChecks;
    /**
     * The filter-bar flags of the dashboard pages open to every user, by route (dashboards/routes.ts):
     * the app's page carries them, so the filter bar has its final shape before the definitions arrive.
     */
    filterBarsByRoute?: () => Record<string, Record<string, boolean>>;
    /** The page definitions served (dashboards/routes.ts); what else is read from their folder follows its reloads. */
    dashboardDefinitions?: DefinitionStore;
    /** The digests and alert rules served (deliveries/routes.ts), reloaded with the pages. */
    deliveryDefinitions?: ServedDeliveryDefinitions;
  }
}

export interface BuildOptions {
  /** Folder of the built client; when absent only the API is served. */
  clientDir?: string;
  /** pino options; false silences logs (tests). */
  logger?: boolean | Record<string, unknown>;
}

/** Seconds a client is asked to wait (Retry-After) while the database is out of reach. */
export const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

/** Answers that carry tokens or people's data: the API, sign-in, claims, sign-out and password routes. */
const NO_STORE_PATHS =
  /^\/(?:api\/|(?:token|claims|logout|forgotpassword|reset-password|post-feedback|post-support)(?:[/?]|$))/;

/** A request id a caller may choose: letters, digits, '-', '_' and '.', at most 64. */
const REQUEST_ID = /^[\w.-]{1,64}$/;

/** Source maps stay on the build machine: the server never serves them. */
const SOURCE_MAP = /\.map$/i;

/**
 * How long a browser keeps a file of the built client (its path from the client's folder): hashed
 * bundles for good; the app's page is asked again on every visit, so a new build shows at once; the
 * other files (the favicon), which Chromium asks for again at each URL change of a page, for a day,
 * so a page load does not spend a connection of its six on them.
 */
function clientFileCaching(rel: string): string {
  if (rel.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  // A file's compressed copy (.br, .gz) is kept as the file is.
  return /^index\.html(\.(br|gz))?$/.test(rel) ? 'no-cache' : 'public, max-age=86400';
}

/** Describes a body validation failure with the JSON pointer of the offending field. */
function validationMessage(err: FastifyError): { message: string; field: string } {
  const first = err.validation?.[0];
  if (!first) return { message: err.message, field: '' };
  const missing = (first.params as { missingProperty?: string }).missingProperty;
  const extra = (first.params as { additionalProperty?: string }).additionalProperty;
  const pointer = first.instancePath || '';
  const field = missing ? `${pointer}/${missing}` : extra ? `${pointer}/${extra}` : pointer || '/';
  // A schema that says in its own words what the value must be is quoted as it is.
  const own = schemaErrorMessage(first);
  if (own) return { message: own, field };
  const what = missing ? 'is required' : extra ? 'is not a known field' : (first.message ?? 'is not valid');
  return { message: `${err.validationContext ?? 'body'} ${field} ${what}`, field };
}

/** Builds the Fastify app: plugins, then health routes, then the API, then the client. */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: ctx.config.logLevel },
    // A caller's (or proxy's) X-Request-Id is kept when it is a plain token, so one id follows a
    // request through the logs of every hop; otherwise the server makes one. Either way it is
    // sent back in X-Request-Id.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
    // Only a listed proxy may name the client, in the last address of X-Forwarded-For (sign-in
    // rate limits count by address).
    trustProxy: trustProxyOf(ctx.config.trustedProxies),
  });
  // Every route validates with the schemas of schemas/api through one Ajv (schemaValidation.ts).
  validateWithApiSchemas(app);
  app.decorate('ctx', ctx);
  app.decorate('resultCache', new ResultCache(ctx.config.resultCacheBytes));
  app.decorate('sessions', new SessionRevocations(ctx.store));
  app.decorate('claims', new ClaimChecks(ctx.store));

  // One error shape, {error: the status text, message}, whatever failed: a schema, the framework
  // (a body that is not JSON, too large, of another type), a route, or the database.
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err.validation) {
      const { message, field } = validationMessage(err);
      return reply.status(400).send({ error: 'Bad Request', message, field });
    }
    if (isUnavailable(err)) {
      request.log.warn({ err: err.message }, isDiskFull(err) ? 'database disk full' : 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_UNAVAILABLE_SECONDS));
      return reply.status(503).send({ error: STATUS_CODES[503], message: SERVICE_ERROR_MESSAGE });
    }
    // The client went away while its answer was on the way (a page left before its data came back,
    // a cancelled download): nothing failed here, and nobody is left to answer.
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE') {
      request.log.info('client closed the connection before its answer was sent');
      reply.hijack();
      reply.raw.destroy();
      return;
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({ error: STATUS_CODES[500], message: 'Something went wrong' });
    }
    return reply.status(status).send({ error: STATUS_CODES[status] ?? 'Error', message: err.message });
  });

  // Security headers on every answer (the page, files, the API, errors), by @fastify/helmet.
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Vega runs its expressions through vega-interpreter: no 'unsafe-eval'.
        scriptSrc: ["'self'"],
        // Mantine, CodeMirror and Vega set style attributes and inject style elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    // Everything this request does from here on is one task: its queries wait for a database
    // connection ahead of those of requests that came after it (store/priority.ts).
    runAsTask(done);
  });
  // Tokens, claims and data answers are never kept by a browser or proxy cache, unless the route
  // says how its answer is kept (the page definitions: by the browser only, revalidated by ETag).
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (NO_STORE_PATHS.test(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(formbody);

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await ctx.store.query('SELECT 1 AS ok');
      // Ready while the primary answers: replicas out of the pool only move reads to the primary.
      const replicas = replicaStates(ctx.store);
      if (!replicas) return { status: 'ready', database: ctx.store.kind };
      const inPool = replicas.filter((r) => r.inPool).length;
      return { status: 'ready', database: ctx.store.kind, replicas: { inPool, total: replicas.length } };
    } catch (err) {
      reply.log.warn({ err: (err as Error).message }, 'database not ready');
      reply.header('retry-after', String(RETRY_AFTER_UNAVAILABLE_SECONDS));
      return reply.status(503).send({ status: 'unavailable', database: ctx.store.kind });
    }
  });

  await registerRoutes(app);

  const clientDir =
    opts.clientDir && existsSync(join(opts.clientDir, 'index.html')) ? resolve(opts.clientDir) : undefined;
  if (clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      allowedPath: (pathName) => !SOURCE_MAP.test(pathName),
      // The build writes each bundle also as .br and .gz (vite.config.ts): sent as they are, not
      // compressed again on every request. Files without them are compressed on the fly.
      preCompressed: true,
      // Each file's caching is set below, not send's own 'public, max-age=0' over it.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', clientFileCaching(relative(clientDir, filePath).split(sep).join('/')));
        // The file sent (a .br, a .gz or the plain one) depends on the request's Accept-Encoding.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    // Client-side routes: any GET that is not an API call or a file answers the app's page.
    app.get('/*', async (request, reply) => {
      const path = request.url.split('?')[0];
      if (path.startsWith('/api/'))
        return reply.status(404).send({ error: 'Not Found', message: `No route ${path}` });
      if (/\.[a-z0-9]+$/i.test(path)) {
        const rel = path.replace(/^\/+/, '');
        if (!SOURCE_MAP.test(rel) && existsSync(join(clientDir, rel))) {
          reply.header('cache-control', clientFileCaching(rel));
          return reply.sendFile(rel);
        }
        return reply.status(404).send({ error: 'Not Found', message: `No file ${path}` });
      }
      // Read the page each time (it is small): a client rebuilt while the server runs is served
      // at once, and a page missing mid-build answers 503 rather than failing a stream.
      const html = await readFile(join(clientDir, 'index.html'), 'utf8').catch(() => undefined);
      if (html === undefined) {
        return reply
          .status(503)
          .send({ error: 'Service Unavailable', message: 'The client is being built; try again' });
      }
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(withFilterBars(html, app.filterBarsByRoute?.()));
    });
  }
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ error: 'Not Found', message: `No route ${request.method} ${request.url.split('?')[0]}` }),
  );
  return app;
}

/**
 * The app's page with the dashboards' filter-bar flags in a JSON data block (never run as a script,
 * so the CSP's script-src 'self' holds); `<` is escaped so no text in it can close the element.
 */
function withFilterBars(html: string, bars: Record<string, Record<string, boolean>> | undefined): string {
  if (!bars || !html.includes('</head>')) return html;
  const json = JSON.stringify(bars).replace(/</g, '\\u003c');
  return html.replace(
    '</head>',
    () => `<script type="application/json" id="filter-bars">${json}</script></head>`,
  );
}
