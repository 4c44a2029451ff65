-- Homes per builder, disposition and lock status (a home without a lock has none), kept by
-- triggers in step with properties as migration 0010's per builder and disposition were. A page
-- of the properties list sorted by disposition or by lock status then finds where it starts from
-- these counts alone: each catalogue entry's homes are read builder after builder (db::list::
-- SortRuns), so whole builders are skipped by their counts instead of by reading their homes.
DROP TRIGGER property_counts_insert;
DROP TRIGGER property_counts_delete;
DROP TRIGGER property_counts_update;
DROP TABLE property_counts;

CREATE TABLE property_counts (
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    disposition_id INTEGER NOT NULL,
    lock_status_id INTEGER,
    homes INTEGER NOT NULL
);
-- Catalogue ids start at 1, so 0 stands for the missing lock status in the group's key.
CREATE UNIQUE INDEX property_counts_group
    ON property_counts (builder_id, disposition_id, coalesce(lock_status_id, 0));

INSERT INTO property_counts (builder_id, disposition_id, lock_status_id, homes)
SELECT builder_id, disposition_id, lock_status_id, COUNT(*) FROM properties
GROUP BY builder_id, disposition_id, lock_status_id;

CREATE TRIGGER property_counts_insert AFTER INSERT ON properties BEGIN
    INSERT INTO property_counts (builder_id, disposition_id, lock_status_id, homes)
    VALUES (NEW.builder_id, NEW.disposition_id, NEW.lock_status_id, 1)
    ON CONFLICT (builder_id, disposition_id, coalesce(lock_status_id, 0)) DO UPDATE SET homes = homes + 1;
END;

CREATE TRIGGER property_counts_delete AFTER DELETE ON properties BEGIN
    UPDATE property_counts SET homes = homes - 1
    WHERE builder_id = OLD.builder_id AND disposition_id = OLD.disposition_id
      AND coalesce(lock_status_id, 0) = coalesce(OLD.lock_status_id, 0);
END;

CREATE TRIGGER property_counts_update AFTER UPDATE OF builder_id, disposition_id, lock_status_id ON properties BEGIN
    UPDATE property_counts SET homes = homes - 1
    WHERE builder_id = OLD.builder_id AND disposition_id = OLD.disposition_id
      AND coalesce(lock_status_id, 0) = coalesce(OLD.lock_status_id, 0);
    INSERT INTO property_counts (builder_id, disposition_id, lock_status_id, homes)
    VALUES (NEW.builder_id, NEW.disposition_id, NEW.lock_status_id, 1)
    ON CONFLICT (builder_id, disposition_id, coalesce(lock_status_id, 0)) DO UPDATE SET homes = homes + 1;
END;

-- A catalogue entry's homes builder after builder, each builder's in key order: where a page
-- starts within a builder's homes, it reads only those.
DROP INDEX properties_disposition_order;
CREATE INDEX properties_disposition_order ON properties (disposition_id, builder_id, property_id);
DROP INDEX properties_lock_status_order;
CREATE INDEX properties_lock_status_order ON properties (lock_status_id, builder_id, property_id);
