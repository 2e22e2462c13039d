import type { Row } from '../../store';
import { countPercent, n } from '../format';
import type { DataQuery } from '../request';
import { commWhere } from './filters';
import type { SqlParams } from './sqlParams';
import { sums, type TableDef } from './table';

/** Communications per `keys` of the period with the page filters: total, inbound, outbound, no reply needed. */
function commAgg(p: SqlParams, q: DataQuery, keys: string, extraWhere = ''): string {
  return `
    SELECT ${keys}, count(*) AS total,
      count(*) FILTER (WHERE c.direction = 'inbound') AS inbound,
      count(*) FILTER (WHERE c.direction = 'outbound') AS outbound,
      count(*) FILTER (WHERE c.direction = 'inbound' AND NOT c.response_required) AS no_reply
    FROM communications c
    WHERE ${commWhere(p, q)}${extraWhere}
    GROUP BY ${keys}`;
}

/** Every site in scope with its communication counts (hidden columns total, inbound, outbound, noReply). */
function siteBase(p: SqlParams, q: DataQuery): string {
  return `
    SELECT s.id AS "siteId", s.is_active AS "siteIsActive", s.name AS "site",
      COALESCE(a.total, 0) AS "totalCommCount", COALESCE(a.inbound, 0) AS "inboundCount",
      COALESCE(a.outbound, 0) AS "outboundCount", COALESCE(a.no_reply, 0) AS "noReplyCount"
    FROM sites s LEFT JOIN (${commAgg(p, q, 'c.site_id')}) a ON a.site_id = s.id
    WHERE s.id IN ${p.ints(q.siteIds)}`;
}

/** Employees with communications in the period, their counts and their site's counts. */
function employeeBase(p: SqlParams, q: DataQuery): string {
  return `
    SELECT e.id AS "employeeId", e.first_name || ' ' || e.last_name AS "employee", e.is_active AS "employeeIsActive",
      s.id AS "siteId", s.is_active AS "siteIsActive", s.name AS "site",
      a.total AS "totalCommCount", a.inbound AS "inboundCount", a.outbound AS "outboundCount", a.no_reply AS "noReplyCount",
      COALESCE(sa.inbound, 0) AS "siteInboundCount", COALESCE(sa.outbound, 0) AS "siteOutboundCommCount"
    FROM (${commAgg(p, q, 'c.employee_id, c.site_id', ' AND c.employee_id IS NOT NULL')}) a
    JOIN employees e ON e.id = a.employee_id
    JOIN sites s ON s.id = a.site_id
    LEFT JOIN (${commAgg(p, q, 'c.site_id')}) sa ON sa.site_id = a.site_id`;
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
    present: (r) => ({
      totalCommCount: n(r.totalCommCount),
      inbound: countPercent(n(r.inboundCount), n(r.totalCommCount)),
      outbound: countPercent(n(r.outboundCount), n(r.totalCommCount)),
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
