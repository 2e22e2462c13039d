-- Two coarser copies of migration 011's employee rollup: the same counts and sums over fewer rows,
-- read for the whole months of a period when a question names none of the columns they drop
-- (src/server/analytics/queries/facts.ts). At the large scale a prior year is 541,000 rows of the
-- employee rollup.
-- * rollup_comm_employee_dir_month: without the communication type and the response bucket, for the
--   volume tables by employee on a page without the Communication Type filter (96,000 rows).
-- * rollup_response_employee_month: only the communications that wait for a reply (inbound PHONE,
--   SMS, EMAIL with response_required), by response bucket, for the response time tables by
--   employee (153,000 rows).
-- src/server/analytics/rollups.ts fills them from the finer rollup after every seed and import; until
-- then the rollups are marked not current (below), so the queries read the raw tables.
CREATE TABLE rollup_comm_employee_dir_month (
  month TIMESTAMP NOT NULL,
  site_id INTEGER NOT NULL,
  employee_id INTEGER,
  direction VARCHAR NOT NULL,
  response_required BOOLEAN NOT NULL,
  n BIGINT NOT NULL,
  response_sum BIGINT,
  response_n BIGINT NOT NULL
);

CREATE TABLE rollup_response_employee_month (
  month TIMESTAMP NOT NULL,
  site_id INTEGER NOT NULL,
  employee_id INTEGER,
  response_bucket INTEGER NOT NULL,
  n BIGINT NOT NULL,
  response_sum BIGINT,
  response_n BIGINT NOT NULL
);

DELETE FROM rollup_status;

-- only: postgres
CREATE INDEX rollup_comm_employee_dir_month_idx ON rollup_comm_employee_dir_month (month, site_id);

-- only: postgres
CREATE INDEX rollup_response_employee_month_idx ON rollup_response_employee_month (month, site_id);
