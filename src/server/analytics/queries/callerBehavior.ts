import { n, nn, percentOf } from '../format';
import { callFacts, countOf } from './facts';
import { percentSql } from './filters';
import { siteRowsSql } from './siteEmployeeRows';
import { sums, type TableDef } from './table';

/** Missed Calls By Site: every site in scope, its inbound calls, missed calls and percent missed. */
export const missedCallsBySite: TableDef = {
  headers: [
    'siteId',
    'siteIsActive',
    'site',
    'totalCallCount',
    'missedCallCount',
    'missedCallPercent',
    'maxIndex',
  ],
  base: (p, q) =>
    siteRowsSql(
      p,
      q,
      `s.id AS "siteId", s.is_active AS "siteIsActive", s.name AS "site",
      COALESCE(a.calls, 0) AS "totalCallCount", COALESCE(a.missed, 0) AS "missedCallCount",
      ${percentSql('a.missed', 'COALESCE(a.calls, 0)')} AS "missedCallPercent"`,
      `SELECT f.site_id, ${countOf()} AS calls, ${countOf('f.is_missed')} AS missed
      FROM (${callFacts(p, q, ['site_id', 'is_missed'])}) f
      GROUP BY f.site_id`,
    ),
  columns: {
    site: 'lower(t."site")',
    totalCallCount: 't."totalCallCount"',
    missedCallCount: 't."missedCallCount"',
    missedCallPercent: 't."missedCallPercent"',
  },
  defaultSort: [{ column: 'missedCallPercent', direction: 'desc' }],
  tieBreak: 't."siteId"',
  present: (r) => ({
    siteId: r.siteId,
    siteIsActive: r.siteIsActive,
    site: r.site,
    totalCallCount: n(r.totalCallCount),
    missedCallCount: n(r.missedCallCount),
    missedCallPercent: nn(r.missedCallPercent),
  }),
  totals: {
    select: sums('totalCallCount', 'missedCallCount'),
    present: (r) => ({
      totalCallCount: n(r.totalCallCount),
      missedCallCount: n(r.missedCallCount),
      missedCallPercent: percentOf(n(r.missedCallCount), n(r.totalCallCount)),
    }),
  },
};
