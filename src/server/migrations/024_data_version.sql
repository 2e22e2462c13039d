-- The data version: a counter that every load moves, whatever time it is stamped with. A seed or an
-- import writes data_status's row afresh (DELETE, then INSERT, in the transaction that loads the
-- data), and each INSERT takes the sequence's next value, on both drivers and from any process. The
-- answers kept by the API (its result cache, its memos) are keyed by it, so an import stamped with
-- the same time as the one before (a day loaded as several files) is still new data.
CREATE SEQUENCE data_version_seq START 1;

ALTER TABLE data_status ADD COLUMN data_version BIGINT DEFAULT nextval('data_version_seq');

-- The data version the rollups were built for: they are used only while it is the current one.
ALTER TABLE rollup_status ADD COLUMN data_version BIGINT;

UPDATE rollup_status SET data_version = (SELECT data_version FROM data_status WHERE id = 1) WHERE last_data_update = (SELECT last_data_update FROM data_status WHERE id = 1);
