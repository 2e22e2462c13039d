import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  checkDefinitionTexts,
  type DefinitionError,
  formatDefinitionError,
  type KnownEndpoints,
  loadEndpointIndex,
} from '../../../engine/tools';
import definitionFileSchema from '../../../schemas/api/dashboards/definition-file.json';
import type {
  CreateDefinitionRequest,
  DefinitionCheck,
  DefinitionFileParams,
  DefinitionProblem,
  DefinitionSources,
  EditorEndpoints,
  EditorSettings,
  SaveConflict,
  SaveDefinitionRequest,
  SavedDefinition,
  ValidateDefinitionRequest,
} from '../../shared/api/types';
import type { WithNormalizedPage } from '../../shared/api/withNormalizedPage';
import { requireCaller } from '../auth/scope';
import { apiRef, responseSchema } from '../schemaValidation';
import { createDefinitionFile, replaceDefinitionFile } from './definitionWrites';
import { endpointCatalog } from './endpointCatalog';
import { sourceVersion } from './sourceVersion';

/** The claim that opens the live definition editor. */
export const EDITOR_CLAIM = { type: 'HawkEyeDashboardEditor', value: 'Write' } as const;

/** A definition file name the editor may read or write (schemas/api/dashboards/definition-file.json). */
export const EDITOR_FILE_NAME = new RegExp(definitionFileSchema.pattern);

/** Where the editor reads and writes, and what to do after a save. */
export interface EditorRouteOptions {
  dir: string;
  endpointIndex: string;
  /** Called after a file is written, so the served definitions follow at once. */
  onSaved?: () => void;
}

type EditorCheck = WithNormalizedPage<DefinitionCheck>;

/**
 * onRequest: a signed-in caller (401) holding HawkEyeDashboardEditor=Write (403), checked before the
 * body is read, so a stranger's body is never parsed and its faults (400, 413) are never answered.
 */
async function requireEditor(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireCaller(request, reply);
  if (reply.sent || !request.caller) return;
  if (!(await request.server.claims.holds(request.caller.userId, EDITOR_CLAIM))) {
    return reply.status(403).send({
      error: 'Forbidden',
      message: `The dashboard editor needs the claim ${EDITOR_CLAIM.type}=${EDITOR_CLAIM.value}`,
    });
  }
}

/** onRequest of the routes that write: 403 when this server does not save, whatever the body. */
function requireWritable(writable: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await requireEditor(request, reply);
    if (reply.sent || writable) return;
    return reply.status(403).send({ error: 'Forbidden', message: 'Saving is turned off on this server' });
  };
}

function toProblem(e: DefinitionError): DefinitionProblem {
  const { line, column, pointer, message, severity } = e;
  return { line, column, pointer, message, severity, text: formatDefinitionError(e) };
}

/**
 * The live editor's routes, for holders of HawkEyeDashboardEditor=Write only:
 * - GET /api/dashboards/sources: every definition file's {file, text, version}; the version is a
 *   hash of the text, which a save sends back to say what it was edited from.
 * - POST /api/dashboards/validate ({file, text}): the located errors `npm run dashboards:check`
 *   would print for that text, and the normalized page when it is valid.
 * - PUT /api/dashboards/sources/:file ({text, baseVersion?}): saves a text that validates. With a
 *   baseVersion that is no longer the file's, nothing is written: 409 with the file's current
 *   {text, version}, so the editor can show both and let the user choose.
 * - POST /api/dashboards/sources ({file, text}): creates a new definition file, validated as a
 *   save is; 409 when a file of that name exists.
 * - GET /api/dashboards/endpoints: the endpoint index as completion needs it, [{method, path,
 *   bodyKeys, fields, variants, rows, fieldsAt}], computed here from the API schemas.
 * - GET /api/dashboards/editor-settings: {writable}.
 * Saving and creating need a server run with DASHBOARDS_WRITABLE=1 (403 otherwise); after either,
 * onSaved reloads the served definitions, so the menu and the pages follow at once.
 */
export async function registerEditorRoutes(app: FastifyInstance, options: EditorRouteOptions): Promise<void> {
  const { dir, endpointIndex } = options;
  const writable = app.ctx.config.dashboardsWritable;

  const fileNames = (): string[] =>
    readdirSync(dir)
      .filter((f) => EDITOR_FILE_NAME.test(f))
      .sort();

  /** The file name (its shape checked by the route schema) when it is a file of the folder; otherwise a 404 is sent. */
  const knownFile = (name: string, reply: FastifyReply): string | undefined => {
    if (!existsSync(join(dir, name))) {
      reply.status(404).send({ error: 'Not Found', message: `There is no definition file ${name}` });
      return undefined;
    }
    return name;
  };

  /** The name messages use: the path relative to the working folder, as the check command prints it. */
  const messageName = (file: string) => relative(process.cwd(), join(dir, file)) || file;

  const loadEndpoints = (): KnownEndpoints | undefined => {
    try {
      return loadEndpointIndex(endpointIndex);
    } catch (err) {
      app.log.error(`dashboards editor: cannot read the endpoint index ${endpointIndex}: ${String(err)}`);
      return undefined;
    }
  };

  /** Checks `text` as the new content of `file` (new or not), beside the other files as they are on disk. */
  const check = (file: string, text: string): EditorCheck => {
    const names = fileNames();
    if (!names.includes(file)) names.push(file);
    const items = names.map((name) => ({
      file: messageName(name),
      text: name === file ? text : readFileSync(join(dir, name), 'utf8'),
    }));
    const { loaded, errors } = checkDefinitionTexts(items, { endpoints: loadEndpoints() });
    const own = messageName(file);
    const mine = loaded.find((l) => l.file === own);
    return {
      errors: errors.filter((e) => e.file === own).map(toProblem),
      normalized: mine?.definition,
    };
  };

  /** The check of a text about to be written; undefined (and a 400 sent) when it has errors. */
  const checkForSave = (file: string, text: string, reply: FastifyReply): EditorCheck | undefined => {
    const result = check(file, text);
    if (!result.errors.some((e) => e.severity === 'error')) return result;
    reply.status(400).send({
      error: 'Bad Request',
      message: `${file} has errors; nothing was saved`,
      errors: result.errors,
    });
    return undefined;
  };

  const editor = { onRequest: requireEditor };
  const writer = { onRequest: requireWritable(writable) };

  app.get<{ Reply: EditorSettings }>(
    '/api/dashboards/editor-settings',
    {
      ...editor,
      schema: { response: { 200: responseSchema(apiRef('dashboards/editor-settings-response.json')) } },
    },
    async () => ({ writable }),
  );

  app.get<{ Reply: DefinitionSources }>(
    '/api/dashboards/sources',
    {
      ...editor,
      schema: { response: { 200: responseSchema(apiRef('dashboards/definition-sources-response.json')) } },
    },
    async () => ({
      sources: fileNames().map((file) => {
        const text = readFileSync(join(dir, file), 'utf8');
        return { file, text, version: sourceVersion(text) };
      }),
    }),
  );

  app.get<{ Reply: EditorEndpoints }>(
    '/api/dashboards/endpoints',
    {
      ...editor,
      schema: { response: { 200: responseSchema(apiRef('dashboards/editor-endpoints-response.json')) } },
    },
    async () => ({ endpoints: endpointCatalog(loadEndpoints() ?? new Map()) }),
  );

  app.post<{ Body: ValidateDefinitionRequest }>(
    '/api/dashboards/validate',
    {
      ...editor,
      schema: {
        body: apiRef('dashboards/validate-request.json'),
        response: { 200: responseSchema(apiRef('dashboards/definition-check.json')) },
      },
    },
    async (request, reply) => {
      const file = knownFile(request.body.file, reply);
      if (!file) return reply;
      return check(file, request.body.text);
    },
  );

  app.post<{ Body: CreateDefinitionRequest }>(
    '/api/dashboards/sources',
    {
      ...writer,
      schema: {
        body: apiRef('dashboards/create-request.json'),
        response: {
          201: responseSchema(apiRef('dashboards/saved-definition.json')),
          409: responseSchema(apiRef('dashboards/save-conflict.json')),
        },
      },
    },
    async (request, reply) => {
      const { file, text } = request.body;
      const exists = () => {
        const conflict: SaveConflict = {
          error: 'Conflict',
          message: `A definition file named ${file} already exists; choose another name`,
        };
        return reply.status(409).send(conflict);
      };
      if (existsSync(join(dir, file))) return exists();
      const result = checkForSave(file, text, reply);
      if (!result) return reply;
      if (!createDefinitionFile(dir, file, text)) return exists();
      app.log.info(`dashboards editor: ${request.caller?.username} created ${file}`);
      options.onSaved?.();
      const saved: WithNormalizedPage<SavedDefinition> = {
        saved: true,
        file,
        version: sourceVersion(text),
        ...result,
      };
      return reply.status(201).send(saved);
    },
  );

  app.put<{ Params: DefinitionFileParams; Body: SaveDefinitionRequest }>(
    '/api/dashboards/sources/:file',
    {
      ...writer,
      schema: {
        params: apiRef('dashboards/source-params.json'),
        body: apiRef('dashboards/save-request.json'),
        response: {
          200: responseSchema(apiRef('dashboards/saved-definition.json')),
          409: responseSchema(apiRef('dashboards/save-conflict.json')),
        },
      },
    },
    async (request, reply) => {
      const file = knownFile(request.params.file, reply);
      if (!file) return reply;
      const { text, baseVersion } = request.body;
      const current = readFileSync(join(dir, file), 'utf8');
      if (baseVersion !== undefined && baseVersion !== sourceVersion(current)) {
        const conflict: SaveConflict = {
          error: 'Conflict',
          message: `${file} changed on disk since you opened it; nothing was saved`,
          current: { text: current, version: sourceVersion(current) },
        };
        return reply.status(409).send(conflict);
      }
      const result = checkForSave(file, text, reply);
      if (!result) return reply;
      replaceDefinitionFile(dir, file, text);
      app.log.info(`dashboards editor: ${request.caller?.username} saved ${file}`);
      options.onSaved?.();
      const saved: WithNormalizedPage<SavedDefinition> = {
        saved: true,
        file,
        version: sourceVersion(text),
        ...result,
      };
      return saved;
    },
  );
}
