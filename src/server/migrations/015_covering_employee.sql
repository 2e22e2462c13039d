-- The covering index of migration 010 with employee_id too, so the employee-level counts and response
-- times of a period's raw rows (the days around its whole months) read the index alone, as the
-- site-level ones do. An index-only scan also needs the table's pages marked all-visible, which the
-- VACUUM (ANALYZE) after every seed and import does (src/server/analytics/rollups.ts,
-- vacuumAfterLoad). Measured at the large scale (10 million communications), last 30 days: volume by
-- employee 460 -> 169 ms, response times by employee 308 -> 141 ms (EXPLAIN ANALYZE).

-- only: postgres
DROP INDEX communications_site_time;

-- only: postgres
CREATE INDEX communications_site_time ON communications (site_id, occurred_at)
  INCLUDE (comm_type, direction, is_missed, caller_type, response_required, response_seconds, employee_id);
