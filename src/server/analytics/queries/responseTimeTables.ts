import type { Row } from '../../store';
import { n, percentCount, totalCell } from '../format';
import type { DataQuery } from '../request';
import { commFacts, employeeCommFacts } from './facts';
import { FACT_BUCKET_COUNTS, RESPONSE_BUCKETS, RESPONSE_REQUIRED } from './responseBuckets';
import { EMPLOYEE_NAME, employeeRowsSql, siteRowsSql } from './siteEmployeeRows';
import type { SqlParams } from './sqlParams';
import { sums, type TableDef } from './table';

/** Response-required communications of the period by site (and employee), with the bucket counts. */
function agg(p: SqlParams, q: DataQuery, employee: boolean): string {
  const where = ` AND ${RESPONSE_REQUIRED}`;
  const src = employee
    ? employeeCommFacts(p, q, ['employee_id', 'site_id', 'response_bucket'], where)
    : commFacts(p, q, ['site_id', 'response_bucket'], where);
  const keys = employee ? 'f.employee_id, f.site_id' : 'f.site_id';
  return `SELECT ${keys}, ${FACT_BUCKET_COUNTS} FROM (${src}) f GROUP BY ${keys}`;
}

/** Counts b1..b7, total, and each bucket's share p1..p7 (what the bucket columns sort by). */
const BUCKET_SELECT = [
  'COALESCE(a.total, 0) AS "total"',
  ...RESPONSE_BUCKETS.map((_, i) => `COALESCE(a.b${i + 1}, 0) AS "b${i + 1}"`),
  ...RESPONSE_BUCKETS.map(
    (_, i) =>
      `CASE WHEN COALESCE(a.total, 0) = 0 THEN NULL ELSE CAST(a.b${i + 1} AS DOUBLE PRECISION) / a.total END AS "p${i + 1}"`,
  ),
].join(', ');

const BUCKET_COLUMNS = Object.fromEntries(RESPONSE_BUCKETS.map((b, i) => [b.key, `t."p${i + 1}"`]));
const BUCKET_KEYS = RESPONSE_BUCKETS.map((b) => b.key);

/** The bucket cells of a row: 'NN.N% (count)'. */
function bucketCells(r: Row): Row {
  const total = n(r.total);
  return Object.fromEntries(RESPONSE_BUCKETS.map((b, i) => [b.key, percentCount(n(r[`b${i + 1}`]), total)]));
}

const totals = {
  select: sums('total', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7'),
  // Zero totals show an em dash (SPEC.md section 5).
  present: (r: Row): Row => {
    const total = n(r.total);
    return Object.fromEntries(
      RESPONSE_BUCKETS.map((b, i) => {
        const count = n(r[`b${i + 1}`]);
        return [b.key, totalCell(count, percentCount(count, total))];
      }),
    );
  },
};

/** Communication Response Time by Site: every site in scope, its response buckets. */
export const responseTimeBySite: TableDef = {
  headers: ['siteId', 'siteIsActive', 'siteName', ...BUCKET_KEYS, 'maxIndex'],
  base: (p, q) =>
    siteRowsSql(
      p,
      q,
      `s.id AS "siteId", s.is_active AS "siteIsActive", s.name AS "siteName", ${BUCKET_SELECT}`,
      agg(p, q, false),
    ),
  columns: { siteName: 'lower(t."siteName")', ...BUCKET_COLUMNS },
  defaultSort: [{ column: 'siteName', direction: 'asc' }],
  tieBreak: 't."siteId"',
  present: (r) => ({
    siteId: r.siteId,
    siteIsActive: r.siteIsActive,
    siteName: r.siteName,
    ...bucketCells(r),
  }),
  totals,
};

/** Communication Response Time by Employee: employees with response-required communications. */
export const responseTimeByEmployee: TableDef = {
  headers: [
    'employeeId',
    'employee',
    'employeeIsActive',
    'siteId',
    'siteIsActive',
    'siteName',
    ...BUCKET_KEYS,
    'maxIndex',
  ],
  base: (p, q) =>
    employeeRowsSql(
      `e.id AS "employeeId", ${EMPLOYEE_NAME} AS "employee", e.is_active AS "employeeIsActive",
      s.id AS "siteId", s.is_active AS "siteIsActive", s.name AS "siteName", ${BUCKET_SELECT}`,
      agg(p, q, true),
    ),
  columns: { employee: 'lower(t."employee")', siteName: 'lower(t."siteName")', ...BUCKET_COLUMNS },
  defaultSort: [{ column: 'employee', direction: 'asc' }],
  tieBreak: 't."employeeId", t."siteId"',
  present: (r) => ({
    employeeId: r.employeeId,
    employee: r.employee,
    employeeIsActive: r.employeeIsActive,
    siteId: r.siteId,
    siteIsActive: r.siteIsActive,
    siteName: r.siteName,
    ...bucketCells(r),
  }),
  totals,
};
