import { n, nn, percentOf } from '../format';
import type { DataQuery } from '../request';
import { callFacts, countOf } from './facts';
import { inSpan, periodOf } from './filters';
import type { SqlParams } from './sqlParams';
import { sums, type TableDef } from './table';

/**
 * Calls, prospect calls and leases per (site, ad source) of the period: inbound calls carrying an
 * ad source, those whose caller type is prospect, and leases signed in the period.
 */
export function adSourceFacts(p: SqlParams, q: DataQuery, ilsOnly = false): string {
  const period = periodOf(q);
  const ils = ilsOnly ? ' AND ad_source_id IN (SELECT id FROM ad_sources WHERE is_ils)' : '';
  return `
    SELECT site_id, ad_source_id, sum(calls) AS calls, sum(prospects) AS prospects, sum(missed) AS missed, sum(leases) AS leases
    FROM (
      SELECT f.site_id, f.ad_source_id, ${countOf()} AS calls, ${countOf("f.caller_type = 'prospect'")} AS prospects,
        ${countOf('f.is_missed')} AS missed, 0 AS leases
      FROM (${callFacts(p, q, ['site_id', 'ad_source_id', 'caller_type', 'is_missed'], ' AND c.ad_source_id IS NOT NULL')}) f
      GROUP BY f.site_id, f.ad_source_id
      UNION ALL
      SELECT l.site_id, l.ad_source_id, 0, 0, 0, count(*)
      FROM leases l
      WHERE l.site_id IN ${p.ints(q.siteIds)} AND ${inSpan(p, 'CAST(l.leased_on AS TIMESTAMP)', period)}
        AND l.ad_source_id IS NOT NULL
      GROUP BY l.site_id, l.ad_source_id
    ) x
    WHERE TRUE${ils}
    GROUP BY site_id, ad_source_id`;
}

const AD_COLUMNS = {
  adSourceName: 'lower(t."adSourceName")',
  callCount: 't."callCount"',
  prospects: 't."prospects"',
  prospectPercent: 't."prospectPercent"',
  lease: 't."lease"',
};

const adFields = (r: Record<string, unknown>) => ({
  adSourceId: r.adSourceId as number,
  adSourceName: r.adSourceName as string,
  adSourceIsActive: r.adSourceIsActive as boolean,
  callCount: n(r.callCount),
  prospects: n(r.prospects),
  prospectPercent: nn(r.prospectPercent),
  lease: n(r.lease),
});

const adTotals = {
  select: sums('callCount', 'prospects', 'lease'),
  present: (r: Record<string, unknown>) => ({
    callCount: n(r.callCount),
    prospects: n(r.prospects),
    prospectPercent: percentOf(n(r.prospects), n(r.callCount)),
    lease: n(r.lease),
  }),
};

/** Ad Source Effectiveness overall: one row per ad source with calls or leases in the period. */
export const adSourceOverall: TableDef = {
  headers: [
    'adSourceId',
    'adSourceName',
    'adSourceIsActive',
    'callCount',
    'prospects',
    'prospectPercent',
    'lease',
    'maxIndex',
  ],
  base: (p, q) => `
    SELECT a.id AS "adSourceId", a.name AS "adSourceName", a.is_active AS "adSourceIsActive",
      f.calls AS "callCount", f.prospects AS "prospects", f.leases AS "lease",
      CASE WHEN f.calls = 0 THEN NULL ELSE CAST(f.prospects AS DOUBLE PRECISION) * 100 / f.calls END AS "prospectPercent"
    FROM (SELECT ad_source_id, sum(calls) AS calls, sum(prospects) AS prospects, sum(leases) AS leases
          FROM (${adSourceFacts(p, q)}) g GROUP BY ad_source_id) f
    JOIN ad_sources a ON a.id = f.ad_source_id`,
  columns: AD_COLUMNS,
  defaultSort: [{ column: 'prospects', direction: 'desc' }],
  tieBreak: 't."adSourceId"',
  present: adFields,
  totals: adTotals,
};

/** Ad Source Effectiveness by site: one row per (site, ad source), paged by site; only the site sorts. */
export const adSourceBySite: TableDef = {
  headers: [
    'siteId',
    'siteName',
    'siteIsActive',
    'adSourceId',
    'adSourceName',
    'adSourceIsActive',
    'callCount',
    'prospects',
    'prospectPercent',
    'lease',
    'maxIndex',
  ],
  base: (p, q) => `
    SELECT s.id AS "siteId", s.name AS "siteName", s.is_active AS "siteIsActive",
      a.id AS "adSourceId", a.name AS "adSourceName", a.is_active AS "adSourceIsActive",
      f.calls AS "callCount", f.prospects AS "prospects", f.leases AS "lease",
      CASE WHEN f.calls = 0 THEN NULL ELSE CAST(f.prospects AS DOUBLE PRECISION) * 100 / f.calls END AS "prospectPercent"
    FROM (${adSourceFacts(p, q)}) f
    JOIN sites s ON s.id = f.site_id
    JOIN ad_sources a ON a.id = f.ad_source_id`,
  columns: { siteName: 'lower(t."siteName")' },
  defaultSort: [{ column: 'siteName', direction: 'asc' }],
  // Rows of one site stay together and in a fixed order: the client spans the site cell over them.
  tieBreak: 't."siteId", lower(t."adSourceName"), t."adSourceId"',
  // A page holds whole sites: 10 per page means 10 sites with all their ad sources.
  pageBy: 't."siteId"',
  present: (r) => ({ siteId: r.siteId, siteName: r.siteName, siteIsActive: r.siteIsActive, ...adFields(r) }),
  totals: adTotals,
};
