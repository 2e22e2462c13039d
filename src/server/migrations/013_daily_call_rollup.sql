-- Inbound calls (comm_type PHONE, direction inbound) by day, for the partial months at either end of
-- a period: the monthly rollup serves the whole months, and the days around them came from the raw
-- communications, a scan of every kind of communication in those weeks. The same columns as the
-- monthly rollup. day is date_trunc('day', occurred_at).
-- src/server/analytics/rollups.ts fills it, in day order, with the other rollups after every seed and
-- import; until then the rollups are marked not current, so the queries read the raw tables.
CREATE TABLE rollup_call_day (
  day TIMESTAMP NOT NULL,
  site_id INTEGER NOT NULL,
  ad_source_id INTEGER,
  caller_type VARCHAR,
  call_result VARCHAR,
  is_missed BOOLEAN NOT NULL,
  n BIGINT NOT NULL,
  duration_sum BIGINT
);

DELETE FROM rollup_status;

-- only: postgres
CREATE INDEX rollup_call_day_idx ON rollup_call_day (day, site_id);
