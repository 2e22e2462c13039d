import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
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
  AffectedPage,
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
import { threeWayMerge } from '../../shared/lineMerge';
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
  /** The files (names in `dir`) whose text on disk is not served (refused when last loaded). */
  refused?: () => readonly string[];
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

  /** The errors (as dashboards:check prints them) of each file of a checked set, by file name in `dir`. */
  const errorTexts = (errors: readonly DefinitionError[]): Map<string, Set<string>> => {
    const byFile = new Map<string, Set<string>>();
    for (const e of errors)
      if (e.severity === 'error') {
        const name = basename(e.file);
        byFile.set(name, (byFile.get(name) ?? new Set()).add(formatDefinitionError(e)));
      }
    return byFile;
  };

  // The errors of the files as they are on disk, kept while no file changes (each check needs them).
  let onDisk: { key: string; errors: Map<string, Set<string>> } | undefined;
  const diskErrors = (items: readonly { file: string; text: string }[]): Map<string, Set<string>> => {
    const key = items.map((i) => `${i.file}\u0000${sourceVersion(i.text)}`).join('\u0000');
    if (onDisk?.key !== key)
      onDisk = {
        key,
        errors: errorTexts(checkDefinitionTexts(items, { endpoints: loadEndpoints() }).errors),
      };
    return onDisk.errors;
  };

  /**
   * Checks `text` as the new content of `file` (new or not) with every other file of the folder
   * beside it, as the server loads them: its own errors (a page id, route or menu entry another
   * file has is the edited file's error), and the other files it would make fail (a library name
   * they use renamed or removed), with the errors they did not have before.
   */
  const check = (file: string, text: string): EditorCheck => {
    const names = fileNames();
    const disk = names.map((name) => ({
      file: messageName(name),
      text: readFileSync(join(dir, name), 'utf8'),
    }));
    const own = messageName(file);
    const items = [...disk.filter((d) => d.file !== own), { file: own, text }];
    const last = (l: { file: string }) => (l.file === own ? 1 : 0);
    const { loaded, errors } = checkDefinitionTexts(items, {
      endpoints: loadEndpoints(),
      precedence: (a, b) => last(a) - last(b),
    });
    const after = errorTexts(errors.filter((e) => e.file !== own));
    // Only when another file has errors: which of them it had already.
    const before = after.size ? diskErrors(disk) : new Map<string, Set<string>>();
    const affected: AffectedPage[] = [];
    for (const [name, texts] of after) {
      const brought = errors.filter(
        (e) =>
          basename(e.file) === name &&
          texts.has(formatDefinitionError(e)) &&
          !before.get(name)?.has(formatDefinitionError(e)),
      );
      if (!brought.length) continue;
      const title = loaded.find((l) => basename(l.file) === name)?.draft?.title;
      affected.push({
        file: name,
        ...(typeof title === 'string' ? { page: title } : {}),
        errors: brought.map(toProblem),
      });
    }
    const mine = loaded.find((l) => l.file === own);
    return {
      errors: errors.filter((e) => e.file === own).map(toProblem),
      normalized: mine?.definition,
      ...(affected.length ? { affected } : {}),
    };
  };

  /**
   * The check of a text about to be written; undefined (and a 400 sent, naming the file's errors and
   * every page the text would make fail, with theirs) when it has errors or breaks another file.
   */
  const checkForSave = (file: string, text: string, reply: FastifyReply): EditorCheck | undefined => {
    const result = check(file, text);
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
      const result = checkForSave(file, text, reply);
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
    },
  );
}
