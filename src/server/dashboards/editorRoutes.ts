import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  checkDefinitionTexts,
  type DefinitionError,
  formatDefinitionError,
  type KnownEndpoints,
  loadEndpointIndex,
  type NormalizedPage,
} from '../../../engine/definitions/index';
import { requireCaller } from '../auth/scope';
import { userHasClaim } from '../auth/userLookup';
import { createDefinitionFile, replaceDefinitionFile } from './definitionWrites';
import { endpointCatalog } from './endpointCatalog';
import { sourceVersion } from './sourceVersion';

/** The claim that opens the live definition editor. */
export const EDITOR_CLAIM = { type: 'HawkEyeDashboardEditor', value: 'Write' } as const;

/** A definition file name the editor may read or write: no folders, no dots but the extension. */
export const EDITOR_FILE_NAME = /^_?[a-z0-9-]+\.json$/;

/** Where the editor reads and writes, and what to do after a save. */
export interface EditorRouteOptions {
  dir: string;
  endpointIndex: string;
  /** Called after a file is written, so the served definitions follow at once. */
  onSaved?: () => void;
}

/** One located problem as the editor shows it; `text` is the line `npm run dashboards:check` prints. */
export interface EditorProblem {
  line: number;
  column: number;
  pointer: string;
  message: string;
  severity: 'error' | 'warning';
  text: string;
}

/** The answer of POST /api/dashboards/validate. */
export interface EditorCheck {
  errors: EditorProblem[];
  normalized?: NormalizedPage;
}

/** preValidation: a signed-in caller (401) holding HawkEyeDashboardEditor=Write (403). */
async function requireEditor(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireCaller(request, reply);
  if (reply.sent || !request.caller) return;
  if (!(await userHasClaim(request.server.ctx.store, request.caller.userId, EDITOR_CLAIM))) {
    return reply.status(403).send({
      error: 'Forbidden',
      message: `The dashboard editor needs the claim ${EDITOR_CLAIM.type}=${EDITOR_CLAIM.value}`,
    });
  }
}

function toProblem(e: DefinitionError): EditorProblem {
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

  /** The file name when it is a valid definition file name; otherwise the reply is sent. */
  const validName = (file: unknown, reply: FastifyReply): string | undefined => {
    if (typeof file === 'string' && EDITOR_FILE_NAME.test(file)) return file;
    reply.status(400).send({
      error: 'Bad Request',
      message:
        'file must be the name of a definition file such as home.json, or a library file such as _shared.json (a-z, 0-9 and -, then .json)',
    });
    return undefined;
  };

  /** The file name when it is a definition file of the folder; otherwise the reply is sent. */
  const knownFile = (file: unknown, reply: FastifyReply): string | undefined => {
    const name = validName(file, reply);
    if (name === undefined) return undefined;
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

  const textOf = (body: unknown, reply: FastifyReply): string | undefined => {
    const text = (body as { text?: unknown } | undefined)?.text;
    if (typeof text === 'string') return text;
    reply.status(400).send({ error: 'Bad Request', message: 'text must be the definition as a string' });
    return undefined;
  };

  /** False, with a 403 sent, when this server does not save. */
  const mayWrite = (reply: FastifyReply): boolean => {
    if (writable) return true;
    reply.status(403).send({ error: 'Forbidden', message: 'Saving is turned off on this server' });
    return false;
  };

  app.get('/api/dashboards/editor-settings', { preValidation: requireEditor }, async () => ({ writable }));

  app.get('/api/dashboards/sources', { preValidation: requireEditor }, async () => ({
    sources: fileNames().map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      return { file, text, version: sourceVersion(text) };
    }),
  }));

  app.get('/api/dashboards/endpoints', { preValidation: requireEditor }, async () => ({
    endpoints: endpointCatalog(loadEndpoints() ?? new Map()),
  }));

  app.post('/api/dashboards/validate', { preValidation: requireEditor }, async (request, reply) => {
    const file = knownFile((request.body as { file?: unknown } | undefined)?.file, reply);
    if (!file) return reply;
    const text = textOf(request.body, reply);
    if (text === undefined) return reply;
    return check(file, text);
  });

  app.post('/api/dashboards/sources', { preValidation: requireEditor }, async (request, reply) => {
    if (!mayWrite(reply)) return reply;
    const file = validName((request.body as { file?: unknown } | undefined)?.file, reply);
    if (!file) return reply;
    const text = textOf(request.body, reply);
    if (text === undefined) return reply;
    const exists = () =>
      reply.status(409).send({
        error: 'Conflict',
        message: `A definition file named ${file} already exists; choose another name`,
      });
    if (existsSync(join(dir, file))) return exists();
    const result = checkForSave(file, text, reply);
    if (!result) return reply;
    if (!createDefinitionFile(dir, file, text)) return exists();
    app.log.info(`dashboards editor: ${request.caller?.username} created ${file}`);
    options.onSaved?.();
    return reply.status(201).send({
      saved: true,
      file,
      version: sourceVersion(text),
      errors: result.errors,
      normalized: result.normalized,
    });
  });

  app.put<{ Params: { file: string } }>(
    '/api/dashboards/sources/:file',
    { preValidation: requireEditor },
    async (request, reply) => {
      if (!mayWrite(reply)) return reply;
      const file = knownFile(request.params.file, reply);
      if (!file) return reply;
      const text = textOf(request.body, reply);
      if (text === undefined) return reply;
      const baseVersion = (request.body as { baseVersion?: unknown }).baseVersion;
      if (baseVersion !== undefined && typeof baseVersion !== 'string')
        return reply.status(400).send({
          error: 'Bad Request',
          message: 'baseVersion must be the version GET /api/dashboards/sources gave for the file',
        });
      const current = readFileSync(join(dir, file), 'utf8');
      if (baseVersion !== undefined && baseVersion !== sourceVersion(current)) {
        return reply.status(409).send({
          error: 'Conflict',
          message: `${file} changed on disk since you opened it; nothing was saved`,
          current: { text: current, version: sourceVersion(current) },
        });
      }
      const result = checkForSave(file, text, reply);
      if (!result) return reply;
      replaceDefinitionFile(dir, file, text);
      app.log.info(`dashboards editor: ${request.caller?.username} saved ${file}`);
      options.onSaved?.();
      return {
        saved: true,
        file,
        version: sourceVersion(text),
        errors: result.errors,
        normalized: result.normalized,
      };
    },
  );
}
