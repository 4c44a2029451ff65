-- The hardware history over a whole enterprise (a million entries) within the list budget:
-- entries counted per builder, a search index, and an index for every sort.

-- Entries per builder, kept by triggers in step with the history, so a page without a search
-- counts a few rows instead of every entry in scope (db::list::ListSpec::totals).
CREATE TABLE hub_activity_counts (
    builder_id INTEGER PRIMARY KEY REFERENCES builders (builder_id) ON DELETE CASCADE,
    entries INTEGER NOT NULL
);
INSERT INTO hub_activity_counts (builder_id, entries)
SELECT builder_id, COUNT(*) FROM hub_activity_logs GROUP BY builder_id;

CREATE TRIGGER hub_activity_counts_insert AFTER INSERT ON hub_activity_logs BEGIN
    INSERT INTO hub_activity_counts (builder_id, entries) VALUES (NEW.builder_id, 1)
    ON CONFLICT (builder_id) DO UPDATE SET entries = entries + 1;
END;
CREATE TRIGGER hub_activity_counts_delete AFTER DELETE ON hub_activity_logs BEGIN
    UPDATE hub_activity_counts SET entries = entries - 1 WHERE builder_id = OLD.builder_id;
END;
CREATE TRIGGER hub_activity_counts_update AFTER UPDATE OF builder_id ON hub_activity_logs BEGIN
    UPDATE hub_activity_counts SET entries = entries - 1 WHERE builder_id = OLD.builder_id;
    INSERT INTO hub_activity_counts (builder_id, entries) VALUES (NEW.builder_id, 1)
    ON CONFLICT (builder_id) DO UPDATE SET entries = entries + 1;
END;

-- The text a search looks in, one value per entry: serial number, property id, author and the
-- action as shown (its columns joined by the unit separator, which no search types).
ALTER TABLE hub_activity_logs ADD COLUMN search_text TEXT GENERATED ALWAYS AS (lower(
    serial_number || char(31) || coalesce(CAST(property_id AS TEXT), '') || char(31) ||
    created_by || char(31) ||
    CASE action WHEN 'remove' THEN 'Removed, not sold' WHEN 'activate' THEN 'Activated'
        WHEN 'mask_as_sold' THEN 'Removed, marked as sold' ELSE action END
)) VIRTUAL;

-- Its trigram index, contentless (the text lives in the generated column), answering searches
-- of three characters or more from the index instead of testing every entry in scope.
CREATE VIRTUAL TABLE hub_activity_search USING fts5(
    search_text, content = '', contentless_delete = 1, tokenize = 'trigram'
);
INSERT INTO hub_activity_search (rowid, search_text) SELECT id, search_text FROM hub_activity_logs;

CREATE TRIGGER hub_activity_search_insert AFTER INSERT ON hub_activity_logs BEGIN
    INSERT INTO hub_activity_search (rowid, search_text) VALUES (NEW.id, NEW.search_text);
END;
CREATE TRIGGER hub_activity_search_delete AFTER DELETE ON hub_activity_logs BEGIN
    DELETE FROM hub_activity_search WHERE rowid = OLD.id;
END;
CREATE TRIGGER hub_activity_search_update
AFTER UPDATE OF serial_number, property_id, created_by, action ON hub_activity_logs
BEGIN
    DELETE FROM hub_activity_search WHERE rowid = OLD.id;
    INSERT INTO hub_activity_search (rowid, search_text) VALUES (NEW.id, NEW.search_text);
END;

-- An index for every sort (each ends in the rowid, the id), so a page of several builders walks
-- the order over the whole table instead of sorting every entry in scope (ListSpec::walk_orders).
-- One builder's entries are read through its own index and sorted: 50,000 in under 10 ms.
CREATE INDEX hub_activity_logs_hub_type ON hub_activity_logs (hub_type);
CREATE INDEX hub_activity_logs_lock_type ON hub_activity_logs (lock_type);
CREATE INDEX hub_activity_logs_serial ON hub_activity_logs (serial_number);
CREATE INDEX hub_activity_logs_property ON hub_activity_logs (property_id);
CREATE INDEX hub_activity_logs_action ON hub_activity_logs (action);
CREATE INDEX hub_activity_logs_created_on ON hub_activity_logs (created_on);
CREATE INDEX hub_activity_logs_author ON hub_activity_logs (lower(created_by));
CREATE INDEX hub_activity_logs_email ON hub_activity_logs (lower(users_email));

ANALYZE hub_activity_logs;
