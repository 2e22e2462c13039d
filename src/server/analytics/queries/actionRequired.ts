import { relationshipLabel } from '../../../shared/relationships';
import type { Queryable, Row } from '../../store';
import { n } from '../format';
import type { DataQuery } from '../request';
import { onceForVersion } from '../versionedMemo';
import type { Series } from './series';
import { EMPLOYEE_NAME, employeeRowsSql, siteRowsSql } from './siteEmployeeRows';
import { SqlParams } from './sqlParams';
import { sums, type TableDef } from './table';

/**
 * When the data was last brought up to date (ISO text), or null before any data: read once per data
 * version (`version`, as read for the request), since every seed and import moves both together.
 */
export function lastDataUpdate(db: Queryable, version: string | null): Promise<string | null> {
  return onceForVersion(db, version, 'last data update', async () => {
    const [row] = await db.query<{ t: string }>('SELECT last_data_update AS t FROM data_status WHERE id = 1');
    return row ? String(row.t) : null;
  });
}

const HOUR_MS = 3_600_000;
const sqlTs = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

/** The age buckets of an open item, by its time before the last data update (SPEC.md section 3). */
export const ACTION_AGES = ['new', 'olderThan24Hours', 'olderThan48Hours'] as const;
export type ActionAge = (typeof ACTION_AGES)[number];

/**
 * The SQL condition of an age bucket over open items `ai`: < 24 h, 24 to 48 h, 48 h or more before
 * the last update. Each threshold becomes a parameter when a condition first needs it, so a query
 * binds only the parameters its text uses.
 */
function ageConditions(p: SqlParams, last: string | null): (age: ActionAge) => string {
  const lastMs = last ? Date.parse(last) : 0;
  const thresholds = new Map<number, string>();
  const before = (hours: number) => {
    let t = thresholds.get(hours);
    if (!t) {
      t = p.add(sqlTs(lastMs - hours * HOUR_MS), 'TIMESTAMP');
      thresholds.set(hours, t);
    }
    return t;
  };
  return (age) =>
    age === 'new'
      ? `ai.created_at > ${before(24)}`
      : age === 'olderThan24Hours'
        ? `ai.created_at <= ${before(24)} AND ai.created_at > ${before(48)}`
        : `ai.created_at <= ${before(48)}`;
}

/** Open action items `ai` of the scoped sites. */
const openItems = (p: SqlParams, q: DataQuery) =>
  `ai.resolved_at IS NULL AND ai.site_id IN ${p.ints(q.siteIds)}`;

/**
 * Open action items of the scoped sites with the relationship and type filters, and their age
 * bucket counts: new (< 24 h before the last update), 24 to 48 h, 48 h or more.
 */
function itemAgg(p: SqlParams, q: DataQuery, last: string | null, keys: string, extraWhere = ''): string {
  const age = ageConditions(p, last);
  let where = `${openItems(p, q)}${extraWhere}`;
  if (q.relationshipIds.length) where += ` AND ai.relationship_id IN ${p.ints(q.relationshipIds)}`;
  if (q.commTypes.length) where += ` AND ai.comm_type IN ${p.texts(q.commTypes)}`;
  return `SELECT ${keys}, count(*) AS total,
      count(*) FILTER (WHERE ${age('new')}) AS new_count,
      count(*) FILTER (WHERE ${age('olderThan24Hours')}) AS older24,
      count(*) FILTER (WHERE ${age('olderThan48Hours')}) AS older48
    FROM action_items ai WHERE ${where} GROUP BY ${keys}`;
}

/**
 * The communications behind the open action items of the scoped sites in the given age buckets
 * (a subquery of communication ids): what Action Required counts, as of the last data update. The
 * relationship, type, site and employee filters apply to the communications themselves, which
 * carry the same values as their items.
 */
export function awaitingCommunicationIds(
  p: SqlParams,
  q: DataQuery,
  last: string | null,
  ages: readonly ActionAge[],
): string {
  const age = ageConditions(p, last);
  return `SELECT ai.communication_id FROM action_items ai
    WHERE ${openItems(p, q)} AND ai.communication_id IS NOT NULL
      AND (${ages.map((a) => `(${age(a)})`).join(' OR ')})`;
}

const COUNT_SELECT = `COALESCE(a.total, 0) AS "totalCount", COALESCE(a.new_count, 0) AS "newCount",
  COALESCE(a.older24, 0) AS "olderThan24HoursCount", COALESCE(a.older48, 0) AS "olderThan48HoursCount"`;

const COUNT_COLUMNS = {
  siteName: 'lower(t."siteName")',
  totalCount: 't."totalCount"',
  newCount: 't."newCount"',
  olderThan24HoursCount: 't."olderThan24HoursCount"',
  olderThan48HoursCount: 't."olderThan48HoursCount"',
};

const counts = (r: Row) => ({
  totalCount: n(r.totalCount),
  newCount: n(r.newCount),
  olderThan24HoursCount: n(r.olderThan24HoursCount),
  olderThan48HoursCount: n(r.olderThan48HoursCount),
});

const totals = {
  select: sums('totalCount', 'newCount', 'olderThan24HoursCount', 'olderThan48HoursCount'),
  present: counts,
};

/** The action-required tables need the last update time: it is read once per request. */
export interface ActionQuery extends DataQuery {
  lastDataUpdate: string | null;
}

/** Action Required by Site: every site in scope with its open items by age. */
export const actionRequiredBySite: TableDef = {
  headers: [
    'siteId',
    'siteName',
    'siteIsActive',
    'totalCount',
    'newCount',
    'olderThan24HoursCount',
    'olderThan48HoursCount',
    'maxIndex',
  ],
  base: (p, q) =>
    siteRowsSql(
      p,
      q,
      `s.id AS "siteId", s.name AS "siteName", s.is_active AS "siteIsActive", ${COUNT_SELECT}`,
      itemAgg(p, q, (q as ActionQuery).lastDataUpdate, 'ai.site_id'),
    ),
  columns: COUNT_COLUMNS,
  defaultSort: [{ column: 'siteName', direction: 'asc' }],
  tieBreak: 't."siteId"',
  present: (r) => ({ siteId: r.siteId, siteName: r.siteName, siteIsActive: r.siteIsActive, ...counts(r) }),
  totals,
};

/** Action Required by Employee: employees with open items. */
export const actionRequiredByEmployee: TableDef = {
  headers: [
    'employeeId',
    'fullName',
    'userIsActive',
    'siteId',
    'siteName',
    'siteIsActive',
    'totalCount',
    'newCount',
    'olderThan24HoursCount',
    'olderThan48HoursCount',
    'maxIndex',
  ],
  base: (p, q) =>
    employeeRowsSql(
      `e.id AS "employeeId", ${EMPLOYEE_NAME} AS "fullName", e.is_active AS "userIsActive",
      s.id AS "siteId", s.name AS "siteName", s.is_active AS "siteIsActive", ${COUNT_SELECT}`,
      itemAgg(
        p,
        q,
        (q as ActionQuery).lastDataUpdate,
        'ai.employee_id, ai.site_id',
        ' AND ai.employee_id IS NOT NULL',
      ),
    ),
  columns: { fullName: 'lower(t."fullName")', ...COUNT_COLUMNS },
  defaultSort: [{ column: 'fullName', direction: 'asc' }],
  tieBreak: 't."employeeId", t."siteId"',
  present: (r) => ({
    employeeId: r.employeeId,
    fullName: r.fullName,
    userIsActive: r.userIsActive,
    siteId: r.siteId,
    siteName: r.siteName,
    siteIsActive: r.siteIsActive,
    ...counts(r),
  }),
  totals,
};

/** Age buckets of SPEC.md section 3, in order: 0 New, 1 Older Than 24hrs, 2 Older Than 48hrs. */
export const AGE_BUCKETS = [
  { id: 0, label: 'New', column: 'new_count' },
  { id: 1, label: 'Older Than 24hrs', column: 'older24' },
  { id: 2, label: 'Older Than 48hrs', column: 'older48' },
] as const;

/** Action Required By Relationship: a series per age bucket over the relationships, and a summary. */
export async function actionRequiredChart(db: Queryable, q: ActionQuery) {
  const p = new SqlParams();
  const rows = await db.query(
    `SELECT r.id AS "id", r.name AS "name", a.new_count, a.older24, a.older48
     FROM relationships r LEFT JOIN (${itemAgg(p, q, q.lastDataUpdate, 'ai.relationship_id')}) a ON a.relationship_id = r.id
     ORDER BY r.sort_order, r.id`,
    p.values,
  );
  const shown = rows.filter((r) =>
    q.relationshipIds.length
      ? q.relationshipIds.includes(n(r.id))
      : n(r.new_count) + n(r.older24) + n(r.older48) > 0 || n(r.id) !== 7,
  );
  const series: Series[] = AGE_BUCKETS.map((b) => ({
    group: b.label,
    stack: 'age',
    yAxis: 0,
    type: 'bar',
    values: shown.map((r) => ({
      category: relationshipLabel(String(r.name)),
      label: b.label,
      value: n(r[b.column]),
    })),
  }));
  const sum = (col: string) => rows.reduce((a, r) => a + n(r[col]), 0);
  const summary = {
    new: sum('new_count'),
    olderThan24Hours: sum('older24'),
    olderThan48Hours: sum('older48'),
    total: sum('new_count') + sum('older24') + sum('older48'),
  };
  return { series, summary, lastDataUpdate: q.lastDataUpdate };
}
