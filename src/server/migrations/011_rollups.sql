-- Monthly rollups of communications for the analytics queries (src/server/analytics/rollups.ts rebuilds
-- them after every seed and import). Every measure is a count or a sum, so any set of whole months adds
-- up exactly; the queries read whole months of a period here and its partial months from communications.
-- month is date_trunc('month', occurred_at); response_bucket is the response-time bucket 1..7 of
-- src/server/analytics/queries/responseBuckets.ts (7: never answered).

-- Site level, with every Communication Performance filter (relationship, type, initial).
CREATE TABLE rollup_comm_site_month (
  month TIMESTAMP NOT NULL,
  site_id INTEGER NOT NULL,
  relationship_id INTEGER NOT NULL,
  comm_type VARCHAR NOT NULL,
  direction VARCHAR NOT NULL,
  is_first_communication BOOLEAN NOT NULL,
  response_required BOOLEAN NOT NULL,
  response_bucket INTEGER NOT NULL,
  n BIGINT NOT NULL,
  response_sum BIGINT,
  response_n BIGINT NOT NULL
);

-- Employee level (employee_id NULL: nobody), without the relationship and initial filters: the queries
-- read raw rows when those filters are set.
CREATE TABLE rollup_comm_employee_month (
  month TIMESTAMP NOT NULL,
  site_id INTEGER NOT NULL,
  employee_id INTEGER,
  comm_type VARCHAR NOT NULL,
  direction VARCHAR NOT NULL,
  response_required BOOLEAN NOT NULL,
  response_bucket INTEGER NOT NULL,
  n BIGINT NOT NULL,
  response_sum BIGINT,
  response_n BIGINT NOT NULL
);

-- Inbound calls (comm_type PHONE, direction inbound) for caller behavior and ad source effectiveness.
CREATE TABLE rollup_call_month (
  month TIMESTAMP NOT NULL,
  site_id INTEGER NOT NULL,
  ad_source_id INTEGER,
  caller_type VARCHAR,
  call_result VARCHAR,
  is_missed BOOLEAN NOT NULL,
  n BIGINT NOT NULL,
  duration_sum BIGINT
);

-- One row (id 1): the data_status.last_data_update the rollups were built for. The queries use the
-- rollups only while it equals the current one; data loaded any other way is read from the raw tables.
CREATE TABLE rollup_status (
  id INTEGER PRIMARY KEY,
  last_data_update TIMESTAMP,
  refreshed_at TIMESTAMP NOT NULL
);

-- only: postgres
CREATE INDEX rollup_comm_site_month_idx ON rollup_comm_site_month (month, site_id);

-- only: postgres
CREATE INDEX rollup_comm_employee_month_idx ON rollup_comm_employee_month (month, site_id);

-- only: postgres
CREATE INDEX rollup_call_month_idx ON rollup_call_month (month, site_id);

-- Response-required communications (inbound PHONE, SMS, EMAIL waiting for a reply) by Monday-based
-- week (date_trunc('week', occurred_at)): the weekly response-time trend, which months cannot serve.
CREATE TABLE rollup_response_week (
  week TIMESTAMP NOT NULL,
  site_id INTEGER NOT NULL,
  relationship_id INTEGER NOT NULL,
  comm_type VARCHAR NOT NULL,
  is_first_communication BOOLEAN NOT NULL,
  response_sum BIGINT,
  response_n BIGINT NOT NULL
);

-- only: postgres
CREATE INDEX rollup_response_week_idx ON rollup_response_week (week, site_id);
