-- Communications by employee and day, with the columns of migration 011's employee rollup, for the
-- partial months at either end of a period: the monthly employee rollup serves the whole months, and
-- the days around them came from the raw communications, a CASE per row for its response bucket and
-- an aggregation of every row (the employee tables over the last 30 days, which hold no whole month,
-- read about 450,000 raw rows at the large scale). A page without the Relationship and Initial Only
-- filters reads these days instead; with them, the raw rows as before. day is
-- date_trunc('day', occurred_at); response_bucket as in migration 011.
-- src/server/analytics/rollups.ts fills it, in day order, with the other rollups after every seed and
-- import; until then the rollups are marked not current, so the queries read the raw tables.
CREATE TABLE rollup_comm_employee_day (
  day TIMESTAMP NOT NULL,
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

DELETE FROM rollup_status;

-- only: postgres
CREATE INDEX rollup_comm_employee_day_idx ON rollup_comm_employee_day (day, site_id);
