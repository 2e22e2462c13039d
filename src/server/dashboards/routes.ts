import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../auth/scope';
import { apiRef, responseSchema } from '../schemaValidation';
import { registerChartRoutes } from './chartRoutes';
import { DefinitionStore, type DefinitionStoreOptions, defaultDefinitionPaths } from './definitionStore';
import { registerEditorRoutes } from './editorRoutes';

/** Options of the dashboards routes; tests point them at fixture folders. */
export interface DashboardRouteOptions {
  dir?: string;
  endpointIndex?: string;
  /** Watch the folder and reload on change (default true). */
  watch?: boolean;
}

/**
 * GET /api/dashboards: the validated, normalized page definitions the signed-in user may see
 * (pages with an access rule need the user to hold that claim). The folder is watched: a valid
 * edit is served on the next request, an invalid one is refused and logged. With them: the
 * editor's routes and POST /api/charts/compile (chartRoutes.ts).
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
      schema: { response: { 200: responseSchema(apiRef('dashboards/dashboards-response.json')) } },
    },
    async (request) => {
      const userId = request.caller?.userId;
      const claims = await app.ctx.store.query<{ claim_type: string; claim_value: string }>(
        'SELECT claim_type, claim_value FROM user_claims WHERE user_id = $1',
        [userId ?? -1],
      );
      const held = new Set(claims.map((c) => `${c.claim_type}\u0000${c.claim_value}`));
      const pages = store
        .all()
        .filter((p) => !p.access || held.has(`${p.access.claim}\u0000${p.access.value}`));
      return { pages };
    },
  );

  await registerEditorRoutes(app, { ...storeOptions, onSaved: () => store.reload() });
  await registerChartRoutes(app);
}
