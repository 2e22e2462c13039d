import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { NormalizedPage } from '../../../engine/tools';
import { requireCaller } from '../auth/scope';
import { apiRef, responseSchema } from '../schemaValidation';
import { DefinitionStore, type DefinitionStoreOptions, defaultDefinitionPaths } from './definitionStore';
import { registerEditorRoutes } from './editorRoutes';

/** Most sets of visible pages whose answers are kept (users see one of a few sets). */
const KEEP_ANSWERS = 100;

/**
 * The JSON of GET /api/dashboards and its ETag, worked out once per set of pages a user may see
 * and per version of the definitions, not on every page load: 120 kB of JSON took 4.7 ms to write
 * and 3.3 more to compress on each.
 */
class DefinitionAnswers {
  private generation = -1;
  private readonly kept = new Map<string, { body: string; etag: string }>();

  of(generation: number, pages: NormalizedPage[]): { body: string; etag: string } {
    if (generation !== this.generation) {
      this.kept.clear();
      this.generation = generation;
    }
    const key = pages.map((p) => p.id).join('\u0000');
    let answer = this.kept.get(key);
    if (!answer) {
      const body = JSON.stringify({ pages });
      answer = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
      if (this.kept.size >= KEEP_ANSWERS) this.kept.clear();
      this.kept.set(key, answer);
    }
    return answer;
  }
}

/** Options of the dashboards routes; tests point them at fixture folders. */
export interface DashboardRouteOptions {
  dir?: string;
  endpointIndex?: string;
  /** Watch the folder and reload on change (default true). */
  watch?: boolean;
}

/**
 * GET /api/dashboards: the validated, normalized page definitions the signed-in user may see
 * (pages with an access rule need the user to hold that claim), with an ETag: the browser keeps the
 * answer and asks again with If-None-Match, answered 304 while nothing it holds has changed. The
 * folder is watched: a valid edit is served on the next request, an invalid one is refused and
 * logged. With them: the editor's routes.
 */
export async function registerDashboardRoutes(
  app: FastifyInstance,
  options: DashboardRouteOptions = {},
): Promise<void> {
  const defaults = defaultDefinitionPaths();
  const storeOptions: DefinitionStoreOptions = {
    dir: options.dir ?? app.ctx.config.dashboardsDir,
    endpointIndex: options.endpointIndex ?? defaults.endpointIndex,
    log: {
      info: (m) => app.log.info(m),
      warn: (m) => app.log.warn(m),
      error: (m) => app.log.error(m),
    },
  };
  const store = new DefinitionStore(storeOptions);
  store.reload();
  const answers = new DefinitionAnswers();
  app.decorate('dashboardDefinitions', store);
  if (options.watch ?? true) {
    store.watch();
    app.addHook('onClose', async () => store.close());
  }

  // Pages behind an access rule are left out: the app's page is served before anyone signs in.
  app.decorate('filterBarsByRoute', () =>
    Object.fromEntries(
      store
        .all()
        .filter((p) => !p.access)
        .map((p) => [p.route, p.filterBar]),
    ),
  );

  app.get(
    '/api/dashboards',
    {
      preHandler: requireCaller,
      schema: {
        response: {
          200: responseSchema(apiRef('dashboards/dashboards-response.json')),
          304: {
            description: 'Not Modified: the answer the browser holds (its ETag) is current',
            type: 'null',
          },
        },
      },
    },
    async (request, reply) => {
      const userId = request.caller?.userId;
      const claims = await app.ctx.store.query<{ claim_type: string; claim_value: string }>(
        'SELECT claim_type, claim_value FROM user_claims WHERE user_id = $1',
        [userId ?? -1],
      );
      const held = new Set(claims.map((c) => `${c.claim_type}\u0000${c.claim_value}`));
      const pages = store
        .all()
        .filter((p) => !p.access || held.has(`${p.access.claim}\u0000${p.access.value}`));
      const answer = answers.of(store.generation, pages);
      // Kept by the browser and asked again on every page load: an unchanged answer is a 304.
      reply.header('cache-control', 'private, no-cache').header('etag', answer.etag);
      if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(answer.body);
    },
  );

  await registerEditorRoutes(app, {
    ...storeOptions,
    onSaved: () => store.reload(),
    refused: () => store.refused(),
  });
}
