import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { join, relative } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import definitionFileSchema from '../../../schemas/api/dashboards/definition-file.json';
import type {
  CreateDefinitionRequest,
  DefinitionFileParams,
  DefinitionSources,
  EditorEndpoints,
  EditorSettings,
  SaveConflict,
  SaveDefinitionRequest,
  SavedDefinition,
  ValidateDefinitionRequest,
} from '../../shared/api/types';
import type { WithNormalizedPage } from '../../shared/api/withNormalizedPage';
import { threeWayMerge } from '../../shared/lineMerge';
import { requireCaller } from '../auth/scope';
import { apiRef, responseSchema } from '../schemaValidation';
import { JobRefused } from '../workerQueue';
import { type EditorCheck, readEndpoints } from './definitionCheck';
import { definitionChecks } from './definitionChecks';
import { createDefinitionFile, replaceDefinitionFile } from './definitionWrites';
import { endpointCatalog } from './endpointCatalog';
import { sourceVersion } from './sourceVersion';

/** Saves and creations of one editor waiting or under way at most (then 429). */
const WRITES_PER_EDITOR = 2;

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
  /** The files (names in `dir`) whose text on disk is not served (refused when last loaded). */
  refused?: () => readonly string[];
}

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

/**
 * The live editor's routes, for holders of HawkEyeDashboardEditor=Write only:
 * - GET /api/dashboards/sources: every definition file's {file, text, version}; the version is a
 *   hash of the text, which a save sends back to say what it was edited from.
 * - POST /api/dashboards/validate ({file, text}): the located errors `npm run dashboards:check`
 *   would print for that text, and the normalized page when it is valid.
 * - POST /api/dashboards/validate answers also `affected`: the other files the text would make fail
 *   (checked as the server loads the whole folder, the text in place), with their new errors.
 * - PUT /api/dashboards/sources/:file ({text, baseVersion?, baseText?}): saves a text that
 *   validates and makes no other file fail (400 naming the file's errors and the pages it would
 *   break otherwise; nothing is written). With a baseVersion that is no longer the file's, the
 *   edits are merged three-way (baseText, the text sent, the file on disk) when they change
 *   different lines, and the merge is checked and saved (`merged` in the answer); when they
 *   overlap, or without baseText, nothing is written: 409 with the file's current {text,
 *   version}, so the editor can show both sides and let the user choose. `served` says whether
 *   the reload serves the saved text.
 * - POST /api/dashboards/sources ({file, text}): creates a new definition file, validated as a
 *   save is; 409 when a file of that name exists.
 * - GET /api/dashboards/endpoints: the endpoint index as completion needs it, [{method, path,
 *   bodyKeys, fields, variants, rows, fieldsAt}], computed here from the API schemas.
 * - GET /api/dashboards/editor-settings: {writable}.
 * Saving and creating need a server run with DASHBOARDS_WRITABLE=1 (403 otherwise); after either,
 * onSaved reloads the served definitions, so the menu and the pages follow at once.
 * The checks of validate, save and create run on a thread of their own (definitionChecks.ts), one
 * at a time, a few per editor: past those, 429 or 503 with Retry-After. Saves and creations run one
 * after another, each checking the folder as it is when it writes.
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

  const loadEndpoints = () => readEndpoints(endpointIndex, (line) => app.log.error(line));

  const checks = definitionChecks();
  app.addHook('onClose', () => checks.close());

  /**
   * Checks `text` as the new content of `file` (new or not) with every other file of the folder as it
   * is on disk, off the main thread (definitionCheck.ts). Undefined when the check was refused (429 or
   * 503 with Retry-After sent) or the caller left before its answer.
   */
  const check = async (
    request: FastifyRequest,
    reply: FastifyReply,
    file: string,
    text: string,
  ): Promise<EditorCheck | undefined> => {
    const disk = fileNames().map((name) => ({
      file: messageName(name),
      text: readFileSync(join(dir, name), 'utf8'),
    }));
    // The caller gone (the editor sends a newer text and drops the request), its check leaves the queue.
    const left = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) left.abort();
    });
    try {
      const checked = await checks.run(
        request.caller?.userId ?? 0,
        { disk, own: messageName(file), text, endpointIndex },
        left.signal,
      );
      for (const line of checked.logErrors) app.log.error(line);
      return checked.check;
    } catch (err) {
      if (err instanceof JobRefused) {
        reply.header('retry-after', String(err.retryAfterSeconds));
        reply.status(err.statusCode).send({ error: STATUS_CODES[err.statusCode], message: err.message });
        return undefined;
      }
      if (left.signal.aborted) {
        reply.hijack();
        reply.raw.destroy();
        return undefined;
      }
      throw err;
    }
  };

  /**
   * The check of a text about to be written; undefined when it has errors or breaks another file
   * (a 400 sent, naming the file's errors and every page the text would make fail, with theirs), or
   * when the check was not made (see `check`).
   */
  const checkForSave = async (
    request: FastifyRequest,
    reply: FastifyReply,
    file: string,
    text: string,
  ): Promise<EditorCheck | undefined> => {
    const result = await check(request, reply, file, text);
    if (!result) return undefined;
    const own = result.errors.some((e) => e.severity === 'error');
    if (!own && !result.affected) return result;
    const broken = (result.affected ?? []).map((a) => (a.page ? `${a.page} (${a.file})` : a.file));
    const count = broken.length === 1 ? '1 page' : `${broken.length} pages`;
    const message = broken.length
      ? `${own ? `${file} has errors, and it` : `${file}`} would make ${count} fail: ${broken.join(', ')}; nothing was saved`
      : `${file} has errors; nothing was saved`;
    reply
      .status(400)
      .send({ error: 'Bad Request', message, errors: result.errors, affected: result.affected ?? [] });
    return undefined;
  };

  // Saves and creations, one after another: each reads, checks and writes the folder as no other
  // write changes it meanwhile (its check is not made in one turn of the event loop). An editor has
  // at most WRITES_PER_EDITOR of them waiting or under way, as with the checks.
  let writing: Promise<unknown> = Promise.resolve();
  const writesOf = new Map<number, number>();
  const oneWriteAtATime = async (
    request: FastifyRequest,
    reply: FastifyReply,
    write: () => Promise<unknown>,
  ): Promise<unknown> => {
    const caller = request.caller?.userId ?? 0;
    const mine = writesOf.get(caller) ?? 0;
    if (mine >= WRITES_PER_EDITOR) {
      reply.header('retry-after', '1');
      return reply.status(429).send({
        error: STATUS_CODES[429],
        message: `You have ${mine} saves under way: wait for one to finish, then try again`,
      });
    }
    writesOf.set(caller, mine + 1);
    const done = writing.then(write, write);
    writing = done.catch(() => undefined);
    try {
      return await done;
    } finally {
      const left = (writesOf.get(caller) ?? 1) - 1;
      if (left > 0) writesOf.set(caller, left);
      else writesOf.delete(caller);
    }
  };

  /** The files not served as they are on disk now. */
  const refusedNow = (): Set<string> => new Set(options.refused?.() ?? []);

  /**
   * Reloads the served definitions after a write: true when the server serves `file` as written,
   * and refuses no file it did not refuse before the write (`before`: refusedNow() then).
   */
  const reloadServes = (file: string, before: ReadonlySet<string>): boolean => {
    options.onSaved?.();
    const refused = refusedNow();
    return !refused.has(file) && [...refused].every((f) => before.has(f));
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
    async () => {
      const sources = fileNames().map((file) => {
        const text = readFileSync(join(dir, file), 'utf8');
        return { file, text, version: sourceVersion(text) };
      });
      // An editor opens: the checks' thread starts (and compiles the schemas) before the first check.
      const disk = sources.map((s) => ({ file: messageName(s.file), text: s.text }));
      if (disk.length) checks.warm({ disk, own: disk[0].file, text: disk[0].text, endpointIndex });
      return { sources };
    },
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
      return (await check(request, reply, file, request.body.text)) ?? reply;
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
    (request, reply) =>
      oneWriteAtATime(request, reply, async () => {
        const { file, text } = request.body;
        const exists = () => {
          const conflict: SaveConflict = {
            error: 'Conflict',
            message: `A definition file named ${file} already exists; choose another name`,
          };
          return reply.status(409).send(conflict);
        };
        if (existsSync(join(dir, file))) return exists();
        const result = await checkForSave(request, reply, file, text);
        if (!result) return reply;
        const failing = refusedNow();
        if (!createDefinitionFile(dir, file, text)) return exists();
        app.log.info(`dashboards editor: ${request.caller?.username} created ${file}`);
        const saved: WithNormalizedPage<SavedDefinition> = {
          saved: true,
          file,
          version: sourceVersion(text),
          served: reloadServes(file, failing),
          ...result,
        };
        return reply.status(201).send(saved);
      }),
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
    (request, reply) =>
      oneWriteAtATime(request, reply, async () => {
        const file = knownFile(request.params.file, reply);
        if (!file) return reply;
        const { baseVersion, baseText } = request.body;
        let { text } = request.body;
        const current = readFileSync(join(dir, file), 'utf8');
        let merged = false;
        if (baseVersion !== undefined && baseVersion !== sourceVersion(current)) {
          const conflict = (message: string) => {
            const answer: SaveConflict = {
              error: 'Conflict',
              message,
              current: { text: current, version: sourceVersion(current) },
            };
            return reply.status(409).send(answer);
          };
          const changed = `${file} changed on disk since you opened it`;
          // Without the text it was edited from (or with one that is not that version), nothing to merge.
          if (baseText === undefined || sourceVersion(baseText) !== baseVersion)
            return conflict(`${changed}; nothing was saved`);
          const merge = threeWayMerge(baseText, text, current);
          if (!merge.merged) {
            const lines = merge.conflicts.map((c) => c.baseLine).join(', ');
            return conflict(
              `${changed}, and those edits change the same lines as yours (line ${lines} of the version you opened); nothing was saved`,
            );
          }
          text = merge.text;
          merged = true;
        }
        const result = await checkForSave(request, reply, file, text);
        if (!result) return reply;
        const failing = refusedNow();
        replaceDefinitionFile(dir, file, text);
        app.log.info(
          `dashboards editor: ${request.caller?.username} saved ${file}${merged ? ' (merged)' : ''}`,
        );
        const saved: WithNormalizedPage<SavedDefinition> = {
          saved: true,
          file,
          version: sourceVersion(text),
          served: reloadServes(file, failing),
          ...(merged ? { merged: text } : {}),
          ...result,
        };
        return saved;
      }),
  );
}
