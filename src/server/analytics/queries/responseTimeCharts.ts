import { RESPONSE_COMM_TYPES, RESPONSE_MESSAGE_TYPE } from '../../../shared/commTypes';
import type { Queryable } from '../../store';
import { n, percentOf, round } from '../format';
import type { DataQuery } from '../request';
import { commFacts, responseFacts } from './facts';
import { periodOf } from './filters';
import { FACT_BUCKET_COUNTS, RESPONSE_BUCKETS, RESPONSE_REQUIRED } from './responseBuckets';
import type { Series } from './series';
import { SqlParams } from './sqlParams';

type ResponseType = (typeof RESPONSE_COMM_TYPES)[number];

/** Trend bucket units: a fixed map, so only these constants ever reach the SQL text. */
const TRUNC_UNIT = { week: 'week', month: 'month', quarter: 'quarter' } as const;

/** Sum and count of answered response times per type (and per trend bucket when given). */
async function answered(db: Queryable, q: DataQuery, trend?: keyof typeof TRUNC_UNIT) {
  const p = new SqlParams();
  // Weeks do not line up with months: a weekly trend reads the weekly rollup of response times.
  const sql =
    trend === 'week'
      ? `SELECT f.week AS "bucket", f.comm_type AS "commType", sum(f.response_sum) AS "sum",
           sum(f.response_n) AS "answered"
         FROM (${responseFacts(p, q, ['week', 'comm_type'])}) f GROUP BY 1, 2`
      : trend
        ? `SELECT date_trunc('${TRUNC_UNIT[trend]}', f.month) AS "bucket", f.comm_type AS "commType",
             sum(f.response_sum) AS "sum", sum(f.response_n) AS "answered"
           FROM (${commFacts(p, q, ['month', 'comm_type'], ` AND ${RESPONSE_REQUIRED}`)}) f GROUP BY 1, 2`
        : `SELECT NULL AS "bucket", f.comm_type AS "commType", sum(f.response_sum) AS "sum",
             sum(f.response_n) AS "answered"
           FROM (${commFacts(p, q, ['comm_type'], ` AND ${RESPONSE_REQUIRED}`)}) f GROUP BY 2`;
  const rows = await db.query(sql, p.values);
  return rows.map((r) => ({
    bucket: r.bucket == null ? '' : String(r.bucket).slice(0, 10),
    commType: r.commType as ResponseType,
    sum: n(r.sum),
    answered: n(r.answered),
  }));
}

const avg = (sum: number, count: number) => (count ? round(sum / count) : null);

/** Average response time per type and overall, in seconds (null when nothing was answered). */
export async function averageResponseTimeBox(db: Queryable, q: DataQuery) {
  const rows = await answered(db, q);
  const out = RESPONSE_COMM_TYPES.map((t) => {
    const r = rows.find((x) => x.commType === t);
    return { messageType: RESPONSE_MESSAGE_TYPE[t], commTypeAverage: avg(r?.sum ?? 0, r?.answered ?? 0) };
  });
  const sum = rows.reduce((a, r) => a + r.sum, 0);
  const count = rows.reduce((a, r) => a + r.answered, 0);
  out.push({ messageType: 'Overall', commTypeAverage: avg(sum, count) });
  return out;
}

function addMonths(date: string, months: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The days a trend bucket covers inside the period. */
function bucketRange(start: string, group: keyof typeof TRUNC_UNIT, q: DataQuery) {
  const period = periodOf(q);
  const next =
    group === 'week'
      ? new Date(Date.parse(`${start}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10)
      : addMonths(start, group === 'month' ? 1 : 3);
  const first = period.start.slice(0, 10) > start ? period.start.slice(0, 10) : start;
  // The period's end is exclusive: at midnight its last day is the day before.
  const endDay = period.end.slice(0, 10);
  const lastInPeriod = period.end.slice(11) === '00:00:00.000' ? dayBefore(endDay) : endDay;
  const [last] = [dayBefore(next), lastInPeriod].sort();
  return { start: first, end: last };
}

/**
 * Average Communication Response Time Trend: one line per type (Missed Call, Text, Email) and an
 * Overall line; each point is a week, month or quarter with its average in seconds.
 */
export async function averageResponseTimeTrend(db: Queryable, q: DataQuery): Promise<{ series: Series[] }> {
  const rows = await answered(db, q, q.trendGroup);
  const buckets = [...new Set(rows.map((r) => r.bucket))].sort();
  // Nothing answered in the period: no series at all, so the chart says 'No Data' (not empty lines).
  if (!buckets.length) return { series: [] };
  const line = (group: string, pick: (r: (typeof rows)[number]) => boolean): Series => ({
    group,
    stack: group,
    yAxis: 0,
    type: 'line',
    values: buckets.map((b) => {
      const inBucket = rows.filter((r) => r.bucket === b && pick(r));
      const sum = inBucket.reduce((a, r) => a + r.sum, 0);
      const count = inBucket.reduce((a, r) => a + r.answered, 0);
      return {
        category: b,
        label: group,
        value: avg(sum, count),
        dateTimeRange: bucketRange(b, q.trendGroup, q),
        numberOfCommunications: count,
      };
    }),
  });
  return {
    series: [
      ...RESPONSE_COMM_TYPES.map((t) => line(RESPONSE_MESSAGE_TYPE[t], (r) => r.commType === t)),
      line('Overall', () => true),
    ],
  };
}

/**
 * Communication Response Time by Type: a stacked bar per type over the buckets (count, and percent
 * of that type), and a summary per bucket over every selected type.
 */
export async function responseTimeByType(db: Queryable, q: DataQuery) {
  const p = new SqlParams();
  const rows = await db.query(
    `SELECT f.comm_type AS "commType", ${FACT_BUCKET_COUNTS}
     FROM (${commFacts(p, q, ['comm_type', 'response_bucket'], ` AND ${RESPONSE_REQUIRED}`)}) f GROUP BY f.comm_type`,
    p.values,
  );
  const types = RESPONSE_COMM_TYPES.filter((t) => !q.commTypes.length || q.commTypes.includes(t));
  const series: Series[] = types.map((t) => {
    const r = rows.find((x) => x.commType === t);
    const total = n(r?.total);
    return {
      group: RESPONSE_MESSAGE_TYPE[t],
      stack: 'responseTime',
      yAxis: 0,
      type: 'bar',
      values: RESPONSE_BUCKETS.map((b, i) => ({
        category: b.label,
        label: RESPONSE_MESSAGE_TYPE[t],
        value: n(r?.[`b${i + 1}`]),
        percent: round(percentOf(n(r?.[`b${i + 1}`]), total)),
      })),
    };
  });
  const grand = rows.reduce((a, r) => a + n(r.total), 0);
  const summary = RESPONSE_BUCKETS.map((b, i) => {
    const count = rows.reduce((a, r) => a + n(r[`b${i + 1}`]), 0);
    // Unrounded: the page rounds the share once, as it rounds every other percentage.
    return { bucket: b.key, label: b.label, count, percent: percentOf(count, grand) };
  });
  return { series, summary };
}
