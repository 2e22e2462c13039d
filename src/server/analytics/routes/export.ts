import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { cellText, csvLine, extractRows, extractTotal, pipeArgumentError } from '../../../../engine/tools';
import type { ExportCsv } from '../../../shared/api/types';
import { requireDataScope, scopeOf } from '../../auth/scope';
import { ExportLimits } from '../exportLimits';
import { readerOfQuery } from '../reader';
import { resolveQuery } from '../request';
import { ref } from '../schemas';
import { DATA_ENDPOINTS, type DataEndpoint } from './endpoints';

/** Rows (or groups, on a table paged by group) read per query while exporting. */
export const EXPORT_PAGE_ROWS = 1000;

/** The header that tells the client how many rows (or groups) the file will hold, for its progress. */
export const EXPORT_TOTAL_HEADER = 'x-export-total';

/** Seconds a user past their exports' bound is asked to wait (Retry-After). */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

/** The byte order mark that makes Excel read the file as UTF-8. */
const BOM = '\uFEFF';

/** The export form of an endpoint's body: its own request, validated by its own schema, and the CSV. */
function exportBodySchema(e: DataEndpoint): object {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['request', 'csv'],
    properties: {
      request: ref(e.file, e.request),
      csv: ref('export', 'csv'),
      jwtExtendedToken: ref('common', 'jwtExtendedToken'),
    },
  };
}

/** An ASCII stand-in for the file name (the header's plain filename), the real one goes in filename*. */
const asciiName = (name: string) => name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');

/**
 * The first pipe argument of the file's columns that the formatter cannot run with, as a 400 body
 * naming it: found before the query, so no answer starts that could not be finished.
 */
function csvArgumentError(csv: ExportCsv): { error: string; message: string; field: string } | undefined {
  for (const [i, column] of csv.columns.entries()) {
    const bad = column.pipe && pipeArgumentError(column.pipe);
    if (bad)
      return {
        error: 'Bad Request',
        message: `csv.columns[${i}].pipe: ${bad.message}`,
        field: `/csv/columns/${i}/pipe/args/${bad.index}`,
      };
  }
  return undefined;
}

/**
 * The lines of the file, page after page: each page is one query of the endpoint (same scope,
 * filter and sort as the table's), turned into CSV text before the next is read, so a file of any
 * length holds one page in memory at a time.
 */
async function* csvPages(
  first: unknown,
  next: (skip: number) => Promise<unknown>,
  csv: ExportCsv,
): AsyncGenerator<string> {
  const columns = csv.columns;
  yield `${BOM}${csvLine([...(csv.rowNumbers !== undefined ? [csv.rowNumbers] : []), ...columns.map((c) => c.header)])}`;
  let answer = first;
  let written = 0;
  for (let skip = 0; ; skip += EXPORT_PAGE_ROWS) {
    const rows = extractRows(answer, csv.rows);
    const total = extractTotal(answer, csv.total);
    let text = '';
    for (const row of rows) {
      written++;
      const cells = columns.map((c) => cellText(c, row));
      text += csvLine(csv.rowNumbers !== undefined ? [String(written), ...cells] : cells);
    }
    if (text) yield text;
    // An endpoint without paging answers everything at once; a paged one stops past its last entry.
    if (!rows.length || total === undefined || skip + EXPORT_PAGE_ROWS >= total) break;
    answer = await next(skip + EXPORT_PAGE_ROWS);
  }
  if (csv.totalsRow && written) yield csvLine(csv.totalsRow);
}

/**
 * POST <data endpoint>/export for every POST /api/data/... endpoint: the same validation, scope and
 * query as the endpoint, with every row of the answer streamed as a CSV file (UTF-8 with a byte
 * order mark, the cells as the table shows them). The result cache is not used: an export is read
 * once, and keeping it would hold the whole file in memory.
 */
export async function registerExportRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.store;
  const limits = new ExportLimits(app.ctx.config.exportsPerUser, app.ctx.config.exportQuerySlots);
  for (const e of DATA_ENDPOINTS) {
    app.post(
      `${e.path}/export`,
      { preHandler: requireDataScope, schema: { body: exportBodySchema(e) } },
      async (request, reply) => {
        const { request: body, csv } = request.body as { request: Record<string, unknown>; csv: ExportCsv };
        const badArgument = csvArgumentError(csv);
        if (badArgument) return reply.status(400).send(badArgument);
        const end = limits.begin(scopeOf(request).userId);
        if (!end) {
          reply.header('retry-after', String(EXPORT_RETRY_AFTER_SECONDS));
          return reply.status(429).send({
            error: 'Too Many Requests',
            message: `You have ${limits.perUser} exports under way: wait for one to finish, then try again`,
          });
        }
        // Under way until its answer is done, whichever way: finished, failed, or left by the client.
        reply.raw.once('close', end);
        const q = await resolveQuery(
          request,
          { dates: e.dates, siteFilter: e.siteFilter, filters: e.filters },
          body,
        );
        const reader = await readerOfQuery(db, q);
        const page = (skip: number) =>
          limits.query(() => e.run(reader, { ...q, limit: EXPORT_PAGE_ROWS, skip }));
        // The first page is read before the answer starts, so a failing query is still a clean error.
        const first = await page(0);
        const total = extractTotal(first, csv.total) ?? extractRows(first, csv.rows).length;
        const stream = Readable.from(csvPages(first, page, csv), { objectMode: false });
        stream.on('error', (err: NodeJS.ErrnoException) => {
          // A client that leaves (a cancelled download, a closed tab) is no failure of the export.
          if (err.code === 'ERR_STREAM_PREMATURE_CLOSE') request.log.info('export stopped: the client left');
          else request.log.error({ err }, 'export stopped part way');
        });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${asciiName(csv.fileName)}"; filename*=UTF-8''${encodeURIComponent(csv.fileName)}`,
          )
          .header(EXPORT_TOTAL_HEADER, String(total))
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );
  }
}
