-- The hardware history over a whole enterprise (a million entries) within the list budget:
-- entries counted per builder, a search index, and an index for every sort.

-- Entries per builder, kept by triggers in step with the history, so a page without a search
-- counts a few rows instead of every entry in scope (db::list::ListSpec::totals). The triggers
-- run once per statement over its transition tables.
CREATE TABLE hub_activity_counts (
    builder_id BIGINT PRIMARY KEY REFERENCES builders (builder_id) ON DELETE CASCADE,
    entries BIGINT NOT NULL
);
INSERT INTO hub_activity_counts (builder_id, entries)
SELECT builder_id, COUNT(*) FROM hub_activity_logs GROUP BY builder_id;

CREATE FUNCTION hub_activity_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE hub_activity_counts c SET entries = c.entries - o.n
        FROM (SELECT builder_id, COUNT(*) AS n FROM old_rows GROUP BY 1) o
        WHERE c.builder_id = o.builder_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO hub_activity_counts (builder_id, entries)
        SELECT builder_id, COUNT(*) FROM new_rows GROUP BY 1
        ON CONFLICT (builder_id) DO UPDATE SET entries = hub_activity_counts.entries + EXCLUDED.entries;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER hub_activity_counts_insert AFTER INSERT ON hub_activity_logs
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hub_activity_counts_follow();
CREATE TRIGGER hub_activity_counts_delete AFTER DELETE ON hub_activity_logs
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hub_activity_counts_follow();
CREATE TRIGGER hub_activity_counts_update AFTER UPDATE ON hub_activity_logs
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hub_activity_counts_follow();

-- The text a search looks in, one lowered value per entry: serial number, property id, author
-- and the action as shown (joined by the unit separator, which no search types).
ALTER TABLE hub_activity_logs ADD COLUMN search_text TEXT GENERATED ALWAYS AS (lower(
    serial_number || chr(31) || coalesce(property_id::text, '') || chr(31) ||
    created_by || chr(31) ||
    CASE action WHEN 'remove' THEN 'Removed, not sold' WHEN 'activate' THEN 'Activated'
        WHEN 'mask_as_sold' THEN 'Removed, marked as sold' ELSE action END
)) STORED;

-- Its trigram index where pg_trgm is available (migration 0009); without it a search reads
-- every entry in scope.
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX hub_activity_logs_search ON hub_activity_logs USING gin (search_text gin_trgm_ops);
EXCEPTION WHEN undefined_file OR insufficient_privilege OR feature_not_supported THEN
    RAISE NOTICE 'pg_trgm is not available: a history search reads every entry in scope';
END;
$$;

-- An index for every sort, over the whole table for a page of several builders (walked with
-- the scope as a filter) and per builder for one builder's page, instead of sorting every
-- entry in scope.
CREATE INDEX hub_activity_logs_hub_type ON hub_activity_logs (hub_type, id);
CREATE INDEX hub_activity_logs_lock_type ON hub_activity_logs (lock_type, id);
CREATE INDEX hub_activity_logs_serial ON hub_activity_logs (serial_number, id);
CREATE INDEX hub_activity_logs_property ON hub_activity_logs (property_id, id);
CREATE INDEX hub_activity_logs_action ON hub_activity_logs (action, id);
CREATE INDEX hub_activity_logs_created_on ON hub_activity_logs (created_on, id);
CREATE INDEX hub_activity_logs_author ON hub_activity_logs (lower(created_by), id);
CREATE INDEX hub_activity_logs_email ON hub_activity_logs (lower(users_email), id);
CREATE INDEX hub_activity_logs_builder_hub_type ON hub_activity_logs (builder_id, hub_type, id);
CREATE INDEX hub_activity_logs_builder_lock_type ON hub_activity_logs (builder_id, lock_type, id);
CREATE INDEX hub_activity_logs_builder_serial ON hub_activity_logs (builder_id, serial_number, id);
CREATE INDEX hub_activity_logs_builder_property ON hub_activity_logs (builder_id, property_id, id);
CREATE INDEX hub_activity_logs_builder_action ON hub_activity_logs (builder_id, action, id);
CREATE INDEX hub_activity_logs_builder_created_on ON hub_activity_logs (builder_id, created_on, id);
CREATE INDEX hub_activity_logs_builder_author ON hub_activity_logs (builder_id, lower(created_by), id);
CREATE INDEX hub_activity_logs_builder_email ON hub_activity_logs (builder_id, lower(users_email), id);

ANALYZE hub_activity_logs;
