import type { Span } from '../period';
import type { DataQuery } from '../request';
import type { SqlParams } from './sqlParams';

/** `col` lies in the half-open span. */
export function inSpan(p: SqlParams, col: string, span: Span): string {
  return `${col} >= ${p.add(span.start, 'TIMESTAMP')} AND ${col} < ${p.add(span.end, 'TIMESTAMP')}`;
}

/** The query's period; every dated endpoint has one (the schemas require both dates). */
export function periodOf(q: DataQuery): Span {
  if (!q.period) throw new Error('A dated query without a period');
  return q.period;
}

/** The communication filters of the Communication Performance pages: relationship, type, initial. */
export function commExtras(p: SqlParams, q: DataQuery, alias: string): string {
  let sql = '';
  if (q.relationshipIds.length) sql += ` AND ${alias}.relationship_id IN ${p.ints(q.relationshipIds)}`;
  if (q.commTypes.length) sql += ` AND ${alias}.comm_type IN ${p.texts(q.commTypes)}`;
  if (q.initialOnly) sql += ` AND ${alias}.is_first_communication`;
  return sql;
}

/** Communications of the scoped sites in the period, with the page filters. */
export function commWhere(p: SqlParams, q: DataQuery, alias = 'c', extras = true): string {
  return `${alias}.site_id IN ${p.ints(q.siteIds)} AND ${inSpan(p, `${alias}.occurred_at`, periodOf(q))}${extras ? commExtras(p, q, alias) : ''}`;
}

/** SQL for `num * 100 / den` as a double, NULL when den is 0. */
export function percentSql(num: string, den: string): string {
  return `CASE WHEN ${den} = 0 THEN NULL ELSE CAST(${num} AS DOUBLE PRECISION) * 100 / ${den} END`;
}
