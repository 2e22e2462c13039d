-- PostgreSQL announces every change of the data's version (data_status, and rollup_status which says
-- whether the rollups are current for it) on the channel hawkeye_data_change, when the transaction
-- that made it commits, whoever made it: an import, a seed or a rollup rebuild by any instance or
-- script, or by hand. Each API instance listens (PostgresStore.watchDataChanges) and keeps the version
-- it read until the next notification, instead of reading it for every request. DuckDB needs none of
-- this: one process writes its file.

-- only: postgres
CREATE FUNCTION notify_data_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('hawkeye_data_change', ''); RETURN NULL; END $$;

-- only: postgres
CREATE TRIGGER data_status_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON data_status FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();

-- only: postgres
CREATE TRIGGER rollup_status_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rollup_status FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
