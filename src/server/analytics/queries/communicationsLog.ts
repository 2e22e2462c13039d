import { RELATIONSHIPS } from '../../../shared/relationships';
import type { Row } from '../../store';
import { nn } from '../format';
import type { DataQuery } from '../request';
import { type ActionAge, type ActionQuery, awaitingCommunicationIds } from './actionRequired';
import { commFacts, countOf } from './facts';
import { inSpan, periodOf } from './filters';
import { RESPONSE_BUCKETS, RESPONSE_REQUIRED } from './responseBuckets';
import { EMPLOYEE_NAME } from './siteEmployeeRows';
import type { SqlParams } from './sqlParams';
import type { TableDef } from './table';

/** The log's own filters (the body fields beyond the shared ones), as the route reads them. */
export type LogFilters = {
  employeeId?: number | null;
  direction?: 'inbound' | 'outbound' | null;
  callerTypes?: string[];
  callResults?: string[];
  missed?: boolean | null;
  minDurationSeconds?: number | null;
  maxDurationSeconds?: number | null;
  adSourceId?: number | null;
  responseRequired?: boolean | null;
  responseBuckets?: string[];
  scored?: boolean | null;
  actionRequiredAges?: ActionAge[];
};

/** The body fields of LogFilters, picked from a validated request body. */
export function readLogFilters(body: Readonly<Record<string, unknown>>): LogFilters {
  const keys: (keyof LogFilters)[] = [
    'employeeId',
    'direction',
    'callerTypes',
    'callResults',
    'missed',
    'minDurationSeconds',
    'maxDurationSeconds',
    'adSourceId',
    'responseRequired',
    'responseBuckets',
    'scored',
    'actionRequiredAges',
  ];
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = body[k];
    if (v !== undefined && v !== null && !(Array.isArray(v) && !v.length)) out[k] = v;
  }
  return out as LogFilters;
}

const COMM_TYPE_LABEL = `CASE c.comm_type WHEN 'PHONE' THEN 'Call' WHEN 'SMS' THEN 'Text' WHEN 'EMAIL' THEN 'Email' ELSE 'Walk-In' END`;
const DIRECTION_LABEL = `CASE c.direction WHEN 'inbound' THEN 'Inbound' ELSE 'Outbound' END`;
const CALLER_TYPE_LABEL = `CASE c.caller_type WHEN 'prospect' THEN 'Prospect' WHEN 'non_prospect' THEN 'Non-Prospect' WHEN 'undetermined' THEN 'Undetermined' END`;
// Constant fragments from src/shared/relationships.ts (names are letters only), never user input.
const RELATIONSHIP_LABEL = `CASE r.name ${RELATIONSHIPS.map((x) => `WHEN '${x.name}' THEN '${x.label}'`).join(' ')} ELSE r.name END`;
const BUCKET_LABEL = `CASE WHEN ${RESPONSE_REQUIRED} THEN CASE ${RESPONSE_BUCKETS.map((b) => `WHEN ${b.sql} THEN '${b.label}'`).join(' ')} END END`;

/** The log's WHERE conditions beyond scope and period, over communications `c`. */
function logConditions(p: SqlParams, q: DataQuery, f: LogFilters): string {
  let sql = '';
  if (q.relationshipIds.length) sql += ` AND c.relationship_id IN ${p.ints(q.relationshipIds)}`;
  if (q.commTypes.length) sql += ` AND c.comm_type IN ${p.texts(q.commTypes)}`;
  if (q.initialOnly) sql += ' AND c.is_first_communication';
  if (f.employeeId != null) sql += ` AND c.employee_id = ${p.add(f.employeeId, 'INTEGER')}`;
  if (f.direction) sql += ` AND c.direction = ${p.add(f.direction, 'VARCHAR')}`;
  if (f.callerTypes?.length) sql += ` AND c.caller_type IN ${p.texts(f.callerTypes)}`;
  if (f.callResults?.length) sql += ` AND c.call_result IN ${p.texts(f.callResults)}`;
  if (f.missed != null) sql += f.missed ? ' AND c.is_missed' : ' AND NOT c.is_missed';
  if (f.minDurationSeconds != null)
    sql += ` AND c.duration_seconds >= ${p.add(f.minDurationSeconds, 'INTEGER')}`;
  if (f.maxDurationSeconds != null)
    sql += ` AND c.duration_seconds <= ${p.add(f.maxDurationSeconds, 'INTEGER')}`;
  if (f.adSourceId != null) sql += ` AND c.ad_source_id = ${p.add(f.adSourceId, 'INTEGER')}`;
  if (f.responseBuckets?.length) {
    const chosen = RESPONSE_BUCKETS.filter((b) => f.responseBuckets?.includes(b.key));
    sql += ` AND ${RESPONSE_REQUIRED} AND (${chosen.map((b) => `(${b.sql})`).join(' OR ')})`;
  } else if (f.responseRequired === true) sql += ` AND ${RESPONSE_REQUIRED}`;
  if (f.responseRequired === false) sql += ` AND NOT (${RESPONSE_REQUIRED})`;
  return sql;
}

/**
 * The period condition: when the communication happened, or for scored calls when the call was
 * scored (the Call Performance tables count scores by their time, so a drill from them matches);
 * for the communications behind open action items, none.
 */
function periodCondition(p: SqlParams, q: DataQuery, f: LogFilters): string {
  // Action Required counts what waits as of the last data update, whatever the period: so does
  // the log of its items, or a drilled total would differ from the number clicked.
  if (f.actionRequiredAges?.length) {
    const last = (q as ActionQuery).lastDataUpdate ?? null;
    return `c.id IN (${awaitingCommunicationIds(p, q, last, f.actionRequiredAges)})`;
  }
  if (f.scored) {
    return `c.id IN (SELECT cs.communication_id FROM call_scores cs
      WHERE cs.site_id IN ${p.ints(q.siteIds)} AND ${inSpan(p, 'cs.scored_at', periodOf(q))})`;
  }
  return inSpan(p, 'c.occurred_at', periodOf(q));
}

/** The rows of the log: the sites in scope, the period (or what stands for it) and every filter. */
function logWhere(p: SqlParams, q: DataQuery): string {
  const f = (q.extra ?? {}) as LogFilters;
  return `c.site_id IN ${p.ints(q.siteIds)} AND ${periodCondition(p, q, f)}${logConditions(p, q, f)}`;
}

/** The log's rows meeting `where` (over communications `c`), with their sites, employees and sources. */
function logRows(where: string): string {
  return `
    SELECT c.id AS "id", c.occurred_at AS "occurredAt", s.id AS "siteId", s.name AS "site",
      s.is_active AS "siteIsActive", e.id AS "employeeId", ${EMPLOYEE_NAME} AS "employee",
      e.is_active AS "employeeIsActive", ${COMM_TYPE_LABEL} AS "commType", ${DIRECTION_LABEL} AS "direction",
      ${RELATIONSHIP_LABEL} AS "relationship", ${CALLER_TYPE_LABEL} AS "callerType",
      c.call_result AS "callResult", c.is_missed AS "isMissed", c.duration_seconds AS "durationSeconds",
      a.id AS "adSourceId", a.name AS "adSource", a.is_active AS "adSourceIsActive",
      c.responded_at AS "respondedAt", c.response_seconds AS "responseSeconds", ${BUCKET_LABEL} AS "responseBucket"
    FROM communications c
    JOIN sites s ON s.id = c.site_id
    LEFT JOIN employees e ON e.id = c.employee_id
    LEFT JOIN ad_sources a ON a.id = c.ad_source_id
    LEFT JOIN relationships r ON r.id = c.relationship_id
    WHERE ${where}`;
}

/**
 * The log's row count from the monthly rollups (whole months; the days around them from the raw
 * rows), when its filters are all among the rollup's columns and its period is the communications'
 * own: the count of a year's log reads a few thousand rollup rows instead of millions.
 */
function logCount(p: SqlParams, q: DataQuery): string | undefined {
  const f = (q.extra ?? {}) as LogFilters;
  const own = Object.keys(f).filter((k) => k !== 'direction');
  if (own.length || !q.period) return undefined;
  const where = f.direction ? ` AND c.direction = ${p.add(f.direction, 'VARCHAR')}` : '';
  return `SELECT ${countOf()} AS n FROM (${commFacts(p, q, [], where)}) f`;
}

/** An ISO timestamp as the log shows it: site-local clock fields, to the second. */
const clock = (v: unknown): string | null => (v == null ? null : String(v).replace(' ', 'T').slice(0, 19));

/**
 * The communications log: one row per communication of the sites in scope and the period, with every
 * filter of the request, newest first by default.
 */
export const communicationsLog: TableDef = {
  headers: [
    'id',
    'occurredAt',
    'siteId',
    'site',
    'siteIsActive',
    'employeeId',
    'employee',
    'employeeIsActive',
    'commType',
    'direction',
    'relationship',
    'callerType',
    'callResult',
    'isMissed',
    'durationSeconds',
    'adSourceId',
    'adSource',
    'adSourceIsActive',
    'respondedAt',
    'responseSeconds',
    'responseBucket',
    'maxIndex',
  ],
  base: (p, q) => logRows(logWhere(p, q)),
  // Sorted by a column of communications itself (the default, newest first), a page is picked
  // without the joins, and only its rows are joined.
  narrow: {
    select: (p, q) => `SELECT c.id AS "id", c.occurred_at AS "occurredAt", c.is_missed AS "isMissed",
      c.duration_seconds AS "durationSeconds", c.response_seconds AS "responseSeconds"
      FROM communications c WHERE ${logWhere(p, q)}`,
    byIds: (_p, ids) => logRows(`c.id IN ${ids}`),
    count: logCount,
    recent: 'occurredAt',
    columns: {
      occurredAt: 'k."occurredAt"',
      isMissed: 'k."isMissed"',
      durationSeconds: 'k."durationSeconds"',
      responseSeconds: 'k."responseSeconds"',
    },
  },
  columns: {
    occurredAt: 't."occurredAt"',
    site: 'lower(t."site")',
    employee: 'lower(t."employee")',
    commType: 't."commType"',
    direction: 't."direction"',
    relationship: 't."relationship"',
    callerType: 't."callerType"',
    callResult: 'lower(t."callResult")',
    isMissed: 't."isMissed"',
    durationSeconds: 't."durationSeconds"',
    adSource: 'lower(t."adSource")',
    responseSeconds: 't."responseSeconds"',
  },
  defaultSort: [{ column: 'occurredAt', direction: 'desc' }],
  tieBreak: 't."id"',
  present: (r: Row) => ({
    id: Number(r.id),
    occurredAt: clock(r.occurredAt),
    siteId: r.siteId,
    site: r.site,
    siteIsActive: r.siteIsActive,
    employeeId: nn(r.employeeId),
    employee: r.employee ?? null,
    employeeIsActive: r.employeeIsActive ?? null,
    commType: r.commType,
    direction: r.direction,
    relationship: r.relationship,
    callerType: r.callerType ?? null,
    callResult: r.callResult ?? null,
    isMissed: r.isMissed,
    durationSeconds: nn(r.durationSeconds),
    adSourceId: nn(r.adSourceId),
    adSource: r.adSource ?? null,
    adSourceIsActive: r.adSourceIsActive ?? null,
    respondedAt: clock(r.respondedAt),
    responseSeconds: nn(r.responseSeconds),
    responseBucket: r.responseBucket ?? null,
  }),
};
