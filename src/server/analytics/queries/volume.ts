import type { Row } from '../../store';
import { countPercent, n, totalCell } from '../format';
import type { DataQuery } from '../request';
import { commFacts, countOf, employeeCommFacts } from './facts';
import { EMPLOYEE_NAME, employeeRowsSql, siteRowsSql } from './siteEmployeeRows';
import type { SqlParams } from './sqlParams';
import { sums, type TableDef } from './table';

/** The volume measures over facts `f`: total, inbound, outbound, inbound with no reply needed. */
const VOLUME_COUNTS = `${countOf()} AS total, ${countOf("f.direction = 'inbound'")} AS inbound,
  ${countOf("f.direction = 'outbound'")} AS outbound,
  ${countOf("f.direction = 'inbound' AND NOT f.response_required")} AS no_reply`;

/** Every site in scope with its communication counts (hidden columns total, inbound, outbound, noReply). */
function siteBase(p: SqlParams, q: DataQuery): string {
  return siteRowsSql(
    p,
    q,
    `s.id AS "siteId", s.is_active AS "siteIsActive", s.name AS "site",
      COALESCE(a.total, 0) AS "totalCommCount", COALESCE(a.inbound, 0) AS "inboundCount",
      COALESCE(a.outbound, 0) AS "outboundCount", COALESCE(a.no_reply, 0) AS "noReplyCount"`,
    `SELECT f.site_id, ${VOLUME_COUNTS}
      FROM (${commFacts(p, q, ['site_id', 'direction', 'response_required'])}) f GROUP BY f.site_id`,
  );
}

/**
 * Employees with communications in the period, their counts and their site's counts: one pass over
 * the facts by (employee, site), the site figures summed over it (communications without an employee
 * included) before the employee join drops those.
 */
function employeeBase(p: SqlParams, q: DataQuery): string {
  return employeeRowsSql(
    `e.id AS "employeeId", ${EMPLOYEE_NAME} AS "employee", e.is_active AS "employeeIsActive",
      s.id AS "siteId", s.is_active AS "siteIsActive", s.name AS "site",
      a.total AS "totalCommCount", a.inbound AS "inboundCount", a.outbound AS "outboundCount", a.no_reply AS "noReplyCount",
      a.site_inbound AS "siteInboundCount", a.site_outbound AS "siteOutboundCommCount"`,
    `
      SELECT g.*, CAST(sum(g.inbound) OVER (PARTITION BY g.site_id) AS BIGINT) AS site_inbound,
        CAST(sum(g.outbound) OVER (PARTITION BY g.site_id) AS BIGINT) AS site_outbound
      FROM (
        SELECT f.employee_id, f.site_id, ${VOLUME_COUNTS}
        FROM (${employeeCommFacts(p, q, ['employee_id', 'site_id', 'direction', 'response_required'])}) f
        GROUP BY f.employee_id, f.site_id
      ) g`,
  );
}

const siteKey = { siteId: 0, siteIsActive: 0 };
const pick = (r: Row, keys: object): Row => Object.fromEntries(Object.keys(keys).map((k) => [k, r[k]]));

/** Communication Volume by Site: total, inbound and outbound ('count (percent)' of the total). */
export const volumeBySite: TableDef = {
  headers: ['siteId', 'siteIsActive', 'site', 'totalCommCount', 'inbound', 'outbound', 'maxIndex'],
  base: siteBase,
  columns: {
    site: 'lower(t."site")',
    totalCommCount: 't."totalCommCount"',
    inbound: 't."inboundCount"',
    outbound: 't."outboundCount"',
  },
  defaultSort: [{ column: 'site', direction: 'asc' }],
  tieBreak: 't."siteId"',
  present: (r) => ({
    ...pick(r, siteKey),
    site: r.site,
    totalCommCount: n(r.totalCommCount),
    inbound: countPercent(n(r.inboundCount), n(r.totalCommCount)),
    outbound: countPercent(n(r.outboundCount), n(r.totalCommCount)),
  }),
  totals: {
    select: sums('totalCommCount', 'inboundCount', 'outboundCount'),
    // Zero totals show an em dash (SPEC.md section 5).
    present: (r) => ({
      totalCommCount: n(r.totalCommCount),
      inbound: totalCell(n(r.inboundCount), countPercent(n(r.inboundCount), n(r.totalCommCount))),
      outbound: totalCell(n(r.outboundCount), countPercent(n(r.outboundCount), n(r.totalCommCount))),
    }),
  },
};

/** Communication Volume by Employee: the site's outbound and the employee's share of it. */
export const volumeByEmployee: TableDef = {
  headers: [
    'employeeId',
    'employee',
    'employeeIsActive',
    'site',
    'siteId',
    'siteIsActive',
    'siteOutboundCommCount',
    'outbound',
    'maxIndex',
  ],
  base: employeeBase,
  columns: {
    employee: 'lower(t."employee")',
    site: 'lower(t."site")',
    siteOutboundCommCount: 't."siteOutboundCommCount"',
    outbound: 't."outboundCount"',
  },
  defaultSort: [{ column: 'employee', direction: 'asc' }],
  tieBreak: 't."employeeId", t."siteId"',
  present: (r) => ({
    employeeId: r.employeeId,
    employee: r.employee,
    employeeIsActive: r.employeeIsActive,
    site: r.site,
    ...pick(r, siteKey),
    siteOutboundCommCount: n(r.siteOutboundCommCount),
    outbound: countPercent(n(r.outboundCount), n(r.siteOutboundCommCount)),
  }),
};

const noResponseTotals = {
  select: sums('totalCommCount', 'inboundCount', 'outboundCount', 'noReplyCount'),
  present: (r: Row) => ({
    totalCommCount: n(r.totalCommCount),
    inbound: n(r.inboundCount),
    outbound: n(r.outboundCount),
    noResponseRequired: n(r.noReplyCount),
  }),
};

/** No Response Volume by Site: inbound communications and those that needed no reply. */
export const noResponseBySite: TableDef = {
  headers: ['siteId', 'siteIsActive', 'site', 'inbound', 'noResponseRequired', 'maxIndex'],
  base: siteBase,
  columns: { site: 'lower(t."site")', inbound: 't."inboundCount"', noResponseRequired: 't."noReplyCount"' },
  defaultSort: [{ column: 'site', direction: 'asc' }],
  tieBreak: 't."siteId"',
  present: (r) => ({
    ...pick(r, siteKey),
    site: r.site,
    inbound: n(r.inboundCount),
    noResponseRequired: n(r.noReplyCount),
  }),
  totals: noResponseTotals,
};

/** No Response Volume by Employee: the site's inbound and the employee's no-reply-needed count. */
export const noResponseByEmployee: TableDef = {
  headers: [
    'employeeId',
    'employee',
    'employeeIsActive',
    'site',
    'siteId',
    'siteIsActive',
    'siteInboundCount',
    'noResponseRequired',
    'maxIndex',
  ],
  base: employeeBase,
  columns: {
    employee: 'lower(t."employee")',
    site: 'lower(t."site")',
    siteInboundCount: 't."siteInboundCount"',
    noResponseRequired: 't."noReplyCount"',
  },
  defaultSort: [{ column: 'employee', direction: 'asc' }],
  tieBreak: 't."employeeId", t."siteId"',
  present: (r) => ({
    employeeId: r.employeeId,
    employee: r.employee,
    employeeIsActive: r.employeeIsActive,
    site: r.site,
    ...pick(r, siteKey),
    siteInboundCount: n(r.siteInboundCount),
    noResponseRequired: n(r.noReplyCount),
  }),
  totals: noResponseTotals,
};
