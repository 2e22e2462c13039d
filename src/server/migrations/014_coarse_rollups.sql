-- Coarser copies of two rollups, without the relationship and initial-communication columns: the
-- same counts and sums over fewer rows (a fifth to a tenth), read for the whole months (weeks) of a
-- period when the question names none of the dropped columns, as a page without the Relationship
-- and Initial Only filters does. src/server/analytics/rollups.ts fills them from the finer rollups
-- after every seed and import; until then the rollups are marked not current (below), so the
-- queries read the raw tables.

CREATE TABLE rollup_comm_type_month (
  month TIMESTAMP NOT NULL,
  site_id INTEGER NOT NULL,
  comm_type VARCHAR NOT NULL,
  direction VARCHAR NOT NULL,
  response_required BOOLEAN NOT NULL,
  response_bucket INTEGER NOT NULL,
  n BIGINT NOT NULL,
  response_sum BIGINT,
  response_n BIGINT NOT NULL
);

CREATE TABLE rollup_response_type_week (
  week TIMESTAMP NOT NULL,
  site_id INTEGER NOT NULL,
  comm_type VARCHAR NOT NULL,
  response_sum BIGINT,
  response_n BIGINT NOT NULL
);

DELETE FROM rollup_status;

-- only: postgres
CREATE INDEX rollup_comm_type_month_idx ON rollup_comm_type_month (month, site_id);

-- only: postgres
CREATE INDEX rollup_response_type_week_idx ON rollup_response_type_week (week, site_id);
