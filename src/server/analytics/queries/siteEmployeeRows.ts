import type { DataQuery } from '../request';
import type { SqlParams } from './sqlParams';

/** An employee's shown name, over `employees e`. */
export const EMPLOYEE_NAME = "e.first_name || ' ' || e.last_name";

/**
 * By-site table rows: every site in scope as `s`, left-joined to `agg` (one row per `site_id`) as `a`,
 * so a site without data still has a row and `select` must coalesce. Build `agg` with the same `p`
 * before calling, so its placeholders come first.
 */
export function siteRowsSql(p: SqlParams, q: DataQuery, select: string, agg: string): string {
  return `
    SELECT ${select}
    FROM sites s LEFT JOIN (${agg}) a ON a.site_id = s.id
    WHERE s.id IN ${p.ints(q.siteIds)}`;
}

/**
 * By-employee table rows: one per (`employee_id`, `site_id`) row of `agg` as `a`, joined to
 * `employees e` and `sites s`; employees without data have no row.
 */
export function employeeRowsSql(select: string, agg: string): string {
  return `
    SELECT ${select}
    FROM (${agg}) a
    JOIN employees e ON e.id = a.employee_id
    JOIN sites s ON s.id = a.site_id`;
}
