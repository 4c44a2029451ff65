-- Homes per builder, disposition and lock status (a home without a lock has none), kept by
-- triggers in step with properties as migration 0010's per builder and disposition were. A page
-- of the properties list sorted by disposition or by lock status then finds where it starts from
-- these counts alone: each catalogue entry's homes are read builder after builder (db::list::
-- SortRuns), so whole builders are skipped by their counts instead of by reading their homes.
DROP TRIGGER property_counts_insert ON properties;
DROP TRIGGER property_counts_delete ON properties;
DROP TRIGGER property_counts_update ON properties;
DROP FUNCTION property_counts_follow();
DROP TABLE property_counts;

CREATE TABLE property_counts (
    builder_id BIGINT NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    disposition_id BIGINT NOT NULL,
    lock_status_id BIGINT,
    homes BIGINT NOT NULL
);
-- Catalogue ids start at 1, so 0 stands for the missing lock status in the group's key.
CREATE UNIQUE INDEX property_counts_group
    ON property_counts (builder_id, disposition_id, COALESCE(lock_status_id, 0));

INSERT INTO property_counts (builder_id, disposition_id, lock_status_id, homes)
SELECT builder_id, disposition_id, lock_status_id, COUNT(*) FROM properties GROUP BY 1, 2, 3;

CREATE FUNCTION property_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE property_counts c SET homes = c.homes - o.n
        FROM (SELECT builder_id, disposition_id, lock_status_id, COUNT(*) AS n FROM old_rows GROUP BY 1, 2, 3) o
        WHERE c.builder_id = o.builder_id AND c.disposition_id = o.disposition_id
          AND COALESCE(c.lock_status_id, 0) = COALESCE(o.lock_status_id, 0);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO property_counts (builder_id, disposition_id, lock_status_id, homes)
        SELECT builder_id, disposition_id, lock_status_id, COUNT(*) FROM new_rows GROUP BY 1, 2, 3
        ON CONFLICT (builder_id, disposition_id, COALESCE(lock_status_id, 0))
        DO UPDATE SET homes = property_counts.homes + EXCLUDED.homes;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER property_counts_insert AFTER INSERT ON properties
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION property_counts_follow();
CREATE TRIGGER property_counts_delete AFTER DELETE ON properties
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION property_counts_follow();
CREATE TRIGGER property_counts_update AFTER UPDATE ON properties
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION property_counts_follow();

-- A catalogue entry's homes builder after builder, each builder's in key order: where a page
-- starts within a builder's homes, it reads only those.
DROP INDEX properties_disposition_order;
CREATE INDEX properties_disposition_order ON properties (disposition_id, builder_id, property_id);
DROP INDEX properties_lock_status_order;
CREATE INDEX properties_lock_status_order ON properties (lock_status_id, builder_id, property_id);
