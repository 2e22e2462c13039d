import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

/** The claim that opens the live definition editor. */
export const EDITOR_CLAIM = { type: 'HawkEyeDashboardEditor', value: 'Write' } as const;

/** A definition file name the editor may read or write: no folders, no dots but the extension. */
export const EDITOR_FILE_NAME = /^[a-z0-9-]+\.json$/;

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
 * GET /api/dashboards/sources (every definition file's text), POST /api/dashboards/validate
 * ({file, text}: the located errors `npm run dashboards:check` would print for that text, and the
 * normalized page when it is valid), PUT /api/dashboards/sources/:file ({text}: saved only when the
 * server runs with DASHBOARDS_WRITABLE=1 and the text validates) and GET
 * /api/dashboards/editor-settings ({writable}).
 */
export async function registerEditorRoutes(app: FastifyInstance, options: EditorRouteOptions): Promise<void> {
  const { dir, endpointIndex } = options;
  const writable = app.ctx.config.dashboardsWritable;

  const fileNames = (): string[] =>
    readdirSync(dir)
      .filter((f) => EDITOR_FILE_NAME.test(f))
      .sort();

  /** The file name when it is a definition file of the folder; otherwise the reply is sent. */
  const knownFile = (file: unknown, reply: FastifyReply): string | undefined => {
    if (typeof file !== 'string' || !EDITOR_FILE_NAME.test(file)) {
      reply.status(400).send({
        error: 'Bad Request',
        message: 'file must be the name of a definition file such as home.json (a-z, 0-9 and -, then .json)',
      });
      return undefined;
    }
    if (!existsSync(join(dir, file))) {
      reply.status(404).send({ error: 'Not Found', message: `There is no definition file ${file}` });
      return undefined;
    }
    return file;
  };

  /** The name messages use: the path relative to the working folder, as the check command prints it. */
  const messageName = (file: string) => relative(process.cwd(), join(dir, file)) || file;

  /** Checks `text` as the new content of `file`, beside the other files as they are on disk. */
  const check = (file: string, text: string): EditorCheck => {
    let endpoints: KnownEndpoints | undefined;
    try {
      endpoints = loadEndpointIndex(endpointIndex);
    } catch (err) {
      app.log.error(`dashboards editor: cannot read the endpoint index ${endpointIndex}: ${String(err)}`);
    }
    const items = fileNames().map((name) => ({
      file: messageName(name),
      text: name === file ? text : readFileSync(join(dir, name), 'utf8'),
    }));
    const { loaded, errors } = checkDefinitionTexts(items, { endpoints });
    const own = messageName(file);
    const mine = loaded.find((l) => l.file === own);
    return {
      errors: errors.filter((e) => e.file === own).map(toProblem),
      normalized: mine?.definition,
    };
  };

  const textOf = (body: unknown, reply: FastifyReply): string | undefined => {
    const text = (body as { text?: unknown } | undefined)?.text;
    if (typeof text === 'string') return text;
    reply.status(400).send({ error: 'Bad Request', message: 'text must be the definition as a string' });
    return undefined;
  };

  app.get('/api/dashboards/editor-settings', { preValidation: requireEditor }, async () => ({ writable }));

  app.get('/api/dashboards/sources', { preValidation: requireEditor }, async () => ({
    sources: fileNames().map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') })),
  }));

  app.post('/api/dashboards/validate', { preValidation: requireEditor }, async (request, reply) => {
    const file = knownFile((request.body as { file?: unknown } | undefined)?.file, reply);
    if (!file) return reply;
    const text = textOf(request.body, reply);
    if (text === undefined) return reply;
    return check(file, text);
  });

  app.put<{ Params: { file: string } }>(
    '/api/dashboards/sources/:file',
    { preValidation: requireEditor },
    async (request, reply) => {
      if (!writable)
        return reply.status(403).send({ error: 'Forbidden', message: 'Saving is turned off on this server' });
      const file = knownFile(request.params.file, reply);
      if (!file) return reply;
      const text = textOf(request.body, reply);
      if (text === undefined) return reply;
      const result = check(file, text);
      if (result.errors.some((e) => e.severity === 'error')) {
        return reply.status(400).send({
          error: 'Bad Request',
          message: `${file} has errors; nothing was saved`,
          errors: result.errors,
        });
      }
      // Written beside and renamed over, so the folder watcher never reads half a file.
      const target = join(dir, file);
      const temporary = join(dir, `.${file}.${process.pid}.saving`);
      writeFileSync(temporary, text);
      renameSync(temporary, target);
      app.log.info(`dashboards editor: ${request.caller?.username} saved ${file}`);
      options.onSaved?.();
      return { saved: true, file, errors: result.errors, normalized: result.normalized };
    },
  );
}
