-- Indexes for the analytics queries (src/server/analytics/queries). DuckDB's column store prunes by
-- min/max zones on its own and ART indexes would only slow the bulk loads, so these are PostgreSQL only.
-- Every dashboard query filters by site and a period; the covering columns let the common counts run
-- from the index alone.

-- only: postgres
CREATE INDEX communications_site_time ON communications (site_id, occurred_at)
  INCLUDE (comm_type, direction, is_missed, caller_type, response_required, response_seconds);

-- only: postgres
CREATE INDEX communications_time ON communications (occurred_at);

-- only: postgres
CREATE INDEX call_scores_site_time ON call_scores (site_id, scored_at);

-- only: postgres
CREATE INDEX leases_site_day ON leases (site_id, leased_on);

-- only: postgres
CREATE INDEX action_items_open ON action_items (site_id, created_at) WHERE resolved_at IS NULL;

-- only: postgres
CREATE INDEX sites_account ON sites (account_id);
