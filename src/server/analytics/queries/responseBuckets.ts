/**
 * Response-time buckets (SPEC.md section 9) by response_seconds: (0, 5 min], (5, 30 min],
 * (30 min, 1 h], (1, 12 h], (12, 24 h], over 24 h, and never answered.
 */
export const RESPONSE_BUCKETS = [
  { key: 'timeInverval1', label: '0 - 5min', sql: 'c.response_seconds <= 300' },
  {
    key: 'timeInverval2',
    label: '5min - 30min',
    sql: 'c.response_seconds > 300 AND c.response_seconds <= 1800',
  },
  {
    key: 'timeInverval3',
    label: '30min - 1hr',
    sql: 'c.response_seconds > 1800 AND c.response_seconds <= 3600',
  },
  {
    key: 'timeInverval4',
    label: '1hr - 12hrs',
    sql: 'c.response_seconds > 3600 AND c.response_seconds <= 43200',
  },
  {
    key: 'timeInverval5',
    label: '12hrs - 24hrs',
    sql: 'c.response_seconds > 43200 AND c.response_seconds <= 86400',
  },
  { key: 'timeInverval6', label: 'Older Than 24hrs', sql: 'c.response_seconds > 86400' },
  { key: 'notRespondedTo', label: 'Not Responded To', sql: 'c.response_seconds IS NULL' },
] as const;

/** Bucket counts as columns b1..b7 plus the total, for a SELECT over communications `c`. */
export const BUCKET_COUNTS = `count(*) AS total, ${RESPONSE_BUCKETS.map(
  (b, i) => `count(*) FILTER (WHERE ${b.sql}) AS b${i + 1}`,
).join(', ')}`;

/** Response-required inbound communications (missed calls, texts, emails), the `c` alias. */
export const RESPONSE_REQUIRED = `c.direction = 'inbound' AND c.response_required AND c.comm_type IN ('PHONE', 'SMS', 'EMAIL')`;

/** The bucket number 1..7 of a communication `c` (RESPONSE_BUCKETS order), as the rollups store it. */
export const RESPONSE_BUCKET_NUMBER = `CASE ${RESPONSE_BUCKETS.map((b, i) => `WHEN ${b.sql} THEN ${i + 1}`).join(' ')} END`;

/** Bucket counts as columns b1..b7 plus the total, for a SELECT over facts `f` (see facts.ts). */
export const FACT_BUCKET_COUNTS = `CAST(COALESCE(sum(f.n), 0) AS BIGINT) AS total, ${RESPONSE_BUCKETS.map(
  (_, i) => `CAST(COALESCE(sum(f.n) FILTER (WHERE f.response_bucket = ${i + 1}), 0) AS BIGINT) AS b${i + 1}`,
).join(', ')}`;
