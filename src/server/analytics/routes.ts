import type { FastifyInstance } from 'fastify';
import { buildOpenApi, type Operation } from './openapi';
import { registerDataRoutes } from './routes/data';
import { DATA_ENDPOINTS } from './routes/endpoints';
import { registerExportRoutes } from './routes/export';
import { registerReferenceRoutes } from './routes/reference';
import { loadSchemaFiles } from './schemas';

/** A GET answering from the reference schema file. */
const referenceGet = (path: string, summary: string, def: string): Operation => ({
  method: 'get',
  path,
  summary,
  response: { file: 'reference', def },
});

/** The reference GETs, documented for the OpenAPI document. */
const REFERENCE_OPERATIONS: Operation[] = [
  referenceGet('/api/sites', 'Sites in scope', 'sites'),
  referenceGet('/api/account', 'Accounts in scope', 'accounts'),
  referenceGet('/api/relationships', 'Relationship options', 'relationships'),
  referenceGet('/api/data/refresh_time', 'Last data update', 'refreshTime'),
  {
    method: 'post',
    path: '/api/data',
    summary: 'Tile or pie data by data-type code',
    request: { file: 'data-codes', def: 'request' },
    response: { file: 'data-codes', def: 'response' },
  },
];

/** Every analytics operation (reference data, codes, tables and charts). */
export const ANALYTICS_OPERATIONS: readonly Operation[] = [
  ...REFERENCE_OPERATIONS,
  ...DATA_ENDPOINTS.map((e) => ({
    method: 'post' as const,
    path: e.path,
    summary: e.summary,
    request: { file: e.file, def: e.request },
    response: { file: e.file, def: e.response },
  })),
  ...DATA_ENDPOINTS.map((e) => ({
    method: 'post' as const,
    path: `${e.path}/export`,
    summary: `${e.summary}: every row as a CSV file`,
    request: { file: 'export', def: 'request' },
    response: { file: e.file, def: e.response },
    exports: { file: e.file, def: e.request },
  })),
];

/**
 * GET /api/sites, /api/account, /api/relationships, /api/data/refresh_time, POST /api/data and
 * /api/data/... with their CSV export forms (.../export), and GET /api/openapi.json. Bodies are validated with the schemas of schemas/api
 * (the app's validator, src/server/schemaValidation.ts).
 */
export async function registerAnalyticsRoutes(app: FastifyInstance): Promise<void> {
  const openapi = buildOpenApi(loadSchemaFiles(), ANALYTICS_OPERATIONS);
  await app.register(async (scoped) => {
    await registerReferenceRoutes(scoped);
    await registerDataRoutes(scoped);
    await registerExportRoutes(scoped);
    scoped.get('/api/openapi.json', async () => openapi);
  });
}
