/**
 * Tile data (values[0] = [mainValue, mainValue2]; values[1], when present, [subValue, subValue2])
 * and pie data (one row per slice, and the header that groups slices), as schemas/api describes them.
 */
import type { DataCodesPie as PieData, DataCodesTile as TileData } from '../../../shared/api/types';
import type { Queryable } from '../../store';
import { exact, n, percentOf } from '../format';
import type { Span } from '../period';
import type { DataQuery } from '../request';
import { onceForVersion } from '../versionedMemo';
import { adSourceFacts } from './adSource';
import { callFacts, countOf } from './facts';
import { inSpan } from './filters';
import { SqlParams } from './sqlParams';

export type { PieData, TileData };

/** Industry average appointment conversion (appointments per qualified call), in percent. */
export const INDUSTRY_APPOINTMENT_CONVERSION = 12.5;
/** Industry average TPA score (0-100). */
export const INDUSTRY_AVERAGE_TPA_SCORE = 80;

/**
 * Figures of one period that several codes answer from (a page's tiles 100-103 all read the caller
 * figures of the period and the one before): read once per data version and question, and shared
 * by the requests that arrive together.
 */
function shared<T>(
  kind: string,
  db: Queryable,
  q: DataQuery,
  span: Span,
  read: () => Promise<T>,
): Promise<T> {
  const key = JSON.stringify([kind, q.siteIds, span, q.relationshipIds, q.commTypes, q.initialOnly]);
  return onceForVersion(db, q.dataVersion ?? null, key, read);
}

const withSpan = (q: DataQuery, span: Span): DataQuery => ({ ...q, period: span });
const prev = (q: DataQuery): Span => q.previous ?? (q.period as Span);
const tile = (headers: string[], ...values: (number | null)[][]): TileData => ({
  headers,
  values: values.map((row) => row.map(exact)),
});

/** Caller-behavior figures of one period: inbound calls, missed, prospects, answered prospect talk time. */
function callerFigures(db: Queryable, q: DataQuery, span: Span) {
  return shared('caller', db, q, span, () => readCallerFigures(db, q, span));
}

async function readCallerFigures(db: Queryable, q: DataQuery, span: Span) {
  const p = new SqlParams();
  const [r] = await db.query(
    `SELECT ${countOf()} AS inbound, ${countOf('f.is_missed')} AS missed,
       ${countOf("f.caller_type = 'prospect'")} AS prospects,
       ${countOf("f.caller_type = 'prospect' AND NOT f.is_missed")} AS talks,
       sum(f.duration_sum) FILTER (WHERE f.caller_type = 'prospect' AND NOT f.is_missed) AS talk_seconds
     FROM (${callFacts(p, q, ['caller_type', 'is_missed'], '', span)}) f`,
    p.values,
  );
  const inbound = n(r.inbound);
  const missed = n(r.missed);
  const prospects = n(r.prospects);
  const talks = n(r.talks);
  return {
    inbound,
    missed,
    prospects,
    missedPercent: percentOf(missed, inbound),
    prospectPercent: percentOf(prospects, inbound),
    avgProspectMinutes: talks ? n(r.talk_seconds) / talks / 60 : null,
  };
}

/** Inbound calls by caller type (and call result), optionally only missed ones. */
async function callerPie(
  db: Queryable,
  q: DataQuery,
  withResult: boolean,
  missedOnly: boolean,
): Promise<PieData> {
  const p = new SqlParams();
  const label = `CASE f.caller_type WHEN 'prospect' THEN 'Prospect' WHEN 'non_prospect' THEN 'Non-Prospect' ELSE 'Undetermined' END`;
  const keys = withResult
    ? `${label} AS "callerType", COALESCE(f.call_result, 'Unknown') AS "callResult"`
    : `${label} AS "callerType"`;
  const dims = withResult ? ['caller_type', 'call_result'] : ['caller_type'];
  const rows = await db.query(
    `SELECT ${keys}, ${countOf()} AS n
     FROM (${callFacts(p, q, dims, missedOnly ? ' AND c.is_missed' : '')}) f
     GROUP BY ${withResult ? '1, 2' : '1'} ORDER BY n DESC, 1${withResult ? ', 2' : ''}`,
    p.values,
  );
  return {
    headers: withResult ? ['callerType', 'callResult', 'count'] : ['callerType', 'count'],
    values: rows.map((r) =>
      withResult ? [String(r.callerType), String(r.callResult), n(r.n)] : [String(r.callerType), n(r.n)],
    ),
    groupBy: withResult ? 'callerType' : null,
  };
}

/** Calls, prospects, missed calls and leases per ad source of the period (optionally ILS sources only). */
async function adSourceTotals(db: Queryable, q: DataQuery, ilsOnly = false) {
  const p = new SqlParams();
  return db.query(
    `SELECT a.name AS "name", sum(f.calls) AS calls, sum(f.prospects) AS prospects, sum(f.missed) AS missed,
       sum(f.leases) AS leases
     FROM (${adSourceFacts(p, q, ilsOnly)}) f JOIN ad_sources a ON a.id = f.ad_source_id
     GROUP BY a.name`,
    p.values,
  );
}

async function adPie(db: Queryable, q: DataQuery, measure: string, ilsOnly = false): Promise<PieData> {
  const rows = await adSourceTotals(db, q, ilsOnly);
  const slices = rows
    .map((r) => [String(r.name), n(r[measure])] as [string, number])
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return { headers: ['adSourceName', 'count'], values: slices, groupBy: null };
}

async function adTile(db: Queryable, q: DataQuery, pick: (t: Record<string, number>) => number | null) {
  const sum = async (span: Span) => {
    const rows = await adSourceTotals(db, withSpan(q, span));
    const t = { calls: 0, prospects: 0, leases: 0 };
    for (const r of rows) {
      t.calls += n(r.calls);
      t.prospects += n(r.prospects);
      t.leases += n(r.leases);
    }
    return pick(t);
  };
  return tile(['current', 'previous'], [await sum(q.period as Span), await sum(prev(q))]);
}

/** TPA figures of one period. */
function tpaFigures(db: Queryable, q: DataQuery, span: Span) {
  return shared('tpa', db, q, span, () => readTpaFigures(db, q, span));
}

async function readTpaFigures(db: Queryable, q: DataQuery, span: Span) {
  const p = new SqlParams();
  const [r] = await db.query(
    `SELECT count(*) AS scored, count(*) FILTER (WHERE cs.is_qualified) AS qualified,
       count(*) FILTER (WHERE cs.is_appointment) AS appts, sum(cs.score) AS score_sum
     FROM call_scores cs WHERE cs.site_id IN ${p.ints(q.siteIds)} AND ${inSpan(p, 'cs.scored_at', span)}`,
    p.values,
  );
  const scored = n(r.scored);
  const qualified = n(r.qualified);
  const appts = n(r.appts);
  return {
    scored,
    qualified,
    appts,
    conversion: percentOf(appts, qualified),
    avgScore: scored ? n(r.score_sum) / scored : null,
    qualifiedRate: percentOf(qualified, scored),
  };
}

async function appointmentsBySite(db: Queryable, q: DataQuery): Promise<PieData> {
  const p = new SqlParams();
  const rows = await db.query(
    `SELECT s.name AS "name", count(*) AS n FROM call_scores cs JOIN sites s ON s.id = cs.site_id
     WHERE cs.site_id IN ${p.ints(q.siteIds)} AND ${inSpan(p, 'cs.scored_at', q.period as Span)} AND cs.is_appointment
     GROUP BY s.name ORDER BY n DESC, s.name`,
    p.values,
  );
  return { headers: ['siteName', 'count'], values: rows.map((r) => [String(r.name), n(r.n)]), groupBy: null };
}

type Handler = (db: Queryable, q: DataQuery) => Promise<TileData | PieData>;

const caller =
  (f: (c: Awaited<ReturnType<typeof callerFigures>>) => number | null): Handler =>
  async (db, q) =>
    tile(
      ['current', 'previous'],
      [f(await callerFigures(db, q, q.period as Span)), f(await callerFigures(db, q, prev(q)))],
    );

const tpa =
  (f: (t: Awaited<ReturnType<typeof tpaFigures>>) => number | null): Handler =>
  async (db, q) =>
    tile(
      ['current', 'previous'],
      [f(await tpaFigures(db, q, q.period as Span)), f(await tpaFigures(db, q, prev(q)))],
    );

/** Every data-type code of POST /api/data and what it answers (schemas/api/README.md lists them). */
export const DATA_CODES: Readonly<Record<number, Handler>> = {
  100: caller((c) => c.inbound),
  101: async (db, q) => {
    const cur = await callerFigures(db, q, q.period as Span);
    const before = await callerFigures(db, q, prev(q));
    return tile(
      ['current', 'previous'],
      [cur.missedPercent, before.missedPercent],
      [cur.missed, cur.inbound],
    );
  },
  102: caller((c) => c.prospects),
  103: caller((c) => c.avgProspectMinutes),
  104: (db, q) => callerPie(db, q, false, false),
  105: (db, q) => callerPie(db, q, true, false),
  106: (db, q) => callerPie(db, q, true, true),
  107: caller((c) => c.prospectPercent),
  108: caller((c) => c.missed),
  200: (db, q) => adPie(db, q, 'leases'),
  201: (db, q) => adPie(db, q, 'prospects'),
  202: (db, q) => adPie(db, q, 'calls'),
  203: (db, q) => adTile(db, q, (t) => t.leases),
  204: (db, q) => adTile(db, q, (t) => t.prospects),
  205: (db, q) => adTile(db, q, (t) => t.calls),
  206: (db, q) => adTile(db, q, (t) => percentOf(t.prospects, t.calls)),
  300: async (db, q) => {
    const cur = await tpaFigures(db, q, q.period as Span);
    const before = await tpaFigures(db, q, prev(q));
    return tile(['current', 'previous'], [cur.appts, before.appts], [cur.qualified, before.qualified]);
  },
  301: tpa((t) => t.qualified),
  302: async (db, q) => {
    const cur = await tpaFigures(db, q, q.period as Span);
    return tile(
      ['current', 'industry'],
      [cur.conversion, INDUSTRY_APPOINTMENT_CONVERSION],
      [cur.appts, cur.qualified],
    );
  },
  303: async (db, q) => {
    const cur = await tpaFigures(db, q, q.period as Span);
    return tile(['current', 'industry'], [cur.avgScore, INDUSTRY_AVERAGE_TPA_SCORE]);
  },
  304: async (db, q) => {
    const cur = await tpaFigures(db, q, q.period as Span);
    const before = await tpaFigures(db, q, prev(q));
    return tile(
      ['current', 'previous'],
      [cur.conversion, before.conversion],
      [INDUSTRY_APPOINTMENT_CONVERSION, null],
    );
  },
  305: tpa((t) => t.scored),
  306: tpa((t) => t.conversion),
  307: tpa((t) => t.avgScore),
  308: tpa((t) => t.qualifiedRate),
  309: appointmentsBySite,
  400: (db, q) => adPie(db, q, 'calls', true),
  401: (db, q) => adPie(db, q, 'missed', true),
  402: (db, q) => adPie(db, q, 'prospects', true),
  403: (db, q) => adPie(db, q, 'leases', true),
};

/** The claim the ILS page needs; its data codes need it too, whoever asks for them. */
export const ILS_CLAIM = { type: 'HawkEyeDashboardILS', value: 'Read' } as const;

/** Data codes that only holders of a claim may read (the ILS page's 400-403). */
export const CLAIMED_CODES: Readonly<Record<number, { type: string; value: string }>> = {
  400: ILS_CLAIM,
  401: ILS_CLAIM,
  402: ILS_CLAIM,
  403: ILS_CLAIM,
};
