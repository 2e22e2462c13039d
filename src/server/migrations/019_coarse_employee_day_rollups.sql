-- Two coarser copies of migration 017's daily employee rollup, as migration 018's are of the monthly
-- one: the same counts and sums over fewer rows, read for the partial months at a period's ends (the
-- whole of the last 30 days) when a question names none of the columns they drop
-- (src/server/analytics/queries/facts.ts). The employee tables over the last 30 days read the daily
-- employee rollup and were the slowest answers at the large and xlarge scales.
-- * rollup_comm_employee_dir_day: without the communication type and the response bucket, for the
--   volume tables by employee on a page without the Communication Type filter.
-- * rollup_response_employee_day: only the communications that wait for a reply (inbound PHONE, SMS,
--   EMAIL with response_required), by response bucket, for the response time tables by employee.
-- src/server/analytics/rollups.ts fills them from the finer rollup after every seed and import; until
-- then the rollups are marked not current (below), so the queries read the raw tables.
CREATE TABLE rollup_comm_employee_dir_day (
  day TIMESTAMP NOT NULL,
  site_id INTEGER NOT NULL,
  employee_id INTEGER,
  direction VARCHAR NOT NULL,
  response_required BOOLEAN NOT NULL,
  n BIGINT NOT NULL,
  response_sum BIGINT,
  response_n BIGINT NOT NULL
);

CREATE TABLE rollup_response_employee_day (
  day TIMESTAMP NOT NULL,
  site_id INTEGER NOT NULL,
  employee_id INTEGER,
  response_bucket INTEGER NOT NULL,
  n BIGINT NOT NULL,
  response_sum BIGINT,
  response_n BIGINT NOT NULL
);

DELETE FROM rollup_status;

-- only: postgres
CREATE INDEX rollup_comm_employee_dir_day_idx ON rollup_comm_employee_dir_day (day, site_id);

-- only: postgres
CREATE INDEX rollup_response_employee_day_idx ON rollup_response_employee_day (day, site_id);
