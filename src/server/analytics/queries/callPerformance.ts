import { n, nn, percentOf } from '../format';
import type { DataQuery } from '../request';
import { inSpan, percentSql, periodOf } from './filters';
import { EMPLOYEE_NAME, employeeRowsSql, siteRowsSql } from './siteEmployeeRows';
import type { SqlParams } from './sqlParams';
import { sums, type TableDef } from './table';

/** Scored calls of the period grouped by `keys` (columns of call_scores cs). */
function scoreAgg(p: SqlParams, q: DataQuery, keys: string): string {
  return `
    SELECT ${keys}, count(*) AS scored, count(*) FILTER (WHERE cs.is_qualified) AS qualified,
      count(*) FILTER (WHERE cs.is_appointment) AS appts, sum(cs.score) AS score_sum
    FROM call_scores cs
    WHERE cs.site_id IN ${p.ints(q.siteIds)} AND ${inSpan(p, 'cs.scored_at', periodOf(q))}
    GROUP BY ${keys}`;
}

const TPA_SELECT = `
  COALESCE(a.scored, 0) AS "scoredCalls", COALESCE(a.qualified, 0) AS "qualifiedCalls",
  COALESCE(a.appts, 0) AS "appointments", COALESCE(a.score_sum, 0) AS "scoreSum",
  ${percentSql('a.appts', 'COALESCE(a.qualified, 0)')} AS "appointmentsConversion",
  CASE WHEN COALESCE(a.scored, 0) = 0 THEN NULL ELSE CAST(a.score_sum AS DOUBLE PRECISION) / a.scored END AS "averageTpaScore"`;

const TPA_COLUMNS = {
  siteName: 'lower(t."siteName")',
  scoredCalls: 't."scoredCalls"',
  qualifiedCalls: 't."qualifiedCalls"',
  appointments: 't."appointments"',
  appointmentsConversion: 't."appointmentsConversion"',
  averageTpaScore: 't."averageTpaScore"',
};

const tpaFields = (r: Record<string, unknown>) => ({
  scoredCalls: n(r.scoredCalls),
  qualifiedCalls: n(r.qualifiedCalls),
  appointments: n(r.appointments),
  appointmentsConversion: nn(r.appointmentsConversion),
  averageTpaScore: nn(r.averageTpaScore),
});

const tpaTotals = {
  select: sums('scoredCalls', 'qualifiedCalls', 'appointments', 'scoreSum'),
  present: (r: Record<string, unknown>) => ({
    scoredCalls: n(r.scoredCalls),
    qualifiedCalls: n(r.qualifiedCalls),
    appointments: n(r.appointments),
    appointmentsConversion: percentOf(n(r.appointments), n(r.qualifiedCalls)),
    averageTpaScore: n(r.scoredCalls) ? n(r.scoreSum) / n(r.scoredCalls) : null,
  }),
};

/** Call Performance by Site: every site in scope with its TPA figures. */
export const callPerformanceBySite: TableDef = {
  headers: [
    'siteId',
    'siteIsActive',
    'siteName',
    'scoredCalls',
    'qualifiedCalls',
    'appointments',
    'appointmentsConversion',
    'averageTpaScore',
    'maxIndex',
  ],
  base: (p, q) =>
    siteRowsSql(
      p,
      q,
      `s.id AS "siteId", s.is_active AS "siteIsActive", s.name AS "siteName", ${TPA_SELECT}`,
      scoreAgg(p, q, 'cs.site_id'),
    ),
  columns: TPA_COLUMNS,
  defaultSort: [{ column: 'averageTpaScore', direction: 'desc' }],
  tieBreak: 't."siteId"',
  present: (r) => ({ siteId: r.siteId, siteIsActive: r.siteIsActive, siteName: r.siteName, ...tpaFields(r) }),
  totals: tpaTotals,
};

/** Call Performance by Employee: employees with scored calls in the period. */
export const callPerformanceByEmployee: TableDef = {
  headers: [
    'employeeId',
    'fullName',
    'userIsActive',
    'siteId',
    'siteIsActive',
    'siteName',
    'scoredCalls',
    'qualifiedCalls',
    'appointments',
    'appointmentsConversion',
    'averageTpaScore',
    'maxIndex',
  ],
  base: (p, q) =>
    employeeRowsSql(
      `e.id AS "employeeId", ${EMPLOYEE_NAME} AS "fullName", e.is_active AS "userIsActive",
      s.id AS "siteId", s.is_active AS "siteIsActive", s.name AS "siteName", ${TPA_SELECT}`,
      scoreAgg(p, q, 'cs.employee_id, cs.site_id'),
    ),
  columns: { fullName: 'lower(t."fullName")', ...TPA_COLUMNS },
  defaultSort: [{ column: 'averageTpaScore', direction: 'desc' }],
  tieBreak: 't."employeeId", t."siteId"',
  present: (r) => ({
    employeeId: r.employeeId,
    fullName: r.fullName,
    userIsActive: r.userIsActive,
    siteId: r.siteId,
    siteIsActive: r.siteIsActive,
    siteName: r.siteName,
    ...tpaFields(r),
  }),
  totals: tpaTotals,
};
