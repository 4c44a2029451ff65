-- Homes per builder and disposition, kept by triggers in step with properties, so a list page
-- without a search counts a few rows instead of every home of an enterprise.
CREATE TABLE property_counts (
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    disposition_id INTEGER NOT NULL,
    homes INTEGER NOT NULL,
    PRIMARY KEY (builder_id, disposition_id)
);

INSERT INTO property_counts (builder_id, disposition_id, homes)
SELECT builder_id, disposition_id, COUNT(*) FROM properties GROUP BY builder_id, disposition_id;

CREATE TRIGGER property_counts_insert AFTER INSERT ON properties BEGIN
    INSERT INTO property_counts (builder_id, disposition_id, homes)
    VALUES (NEW.builder_id, NEW.disposition_id, 1)
    ON CONFLICT (builder_id, disposition_id) DO UPDATE SET homes = homes + 1;
END;

CREATE TRIGGER property_counts_delete AFTER DELETE ON properties BEGIN
    UPDATE property_counts SET homes = homes - 1
    WHERE builder_id = OLD.builder_id AND disposition_id = OLD.disposition_id;
END;

CREATE TRIGGER property_counts_update AFTER UPDATE OF builder_id, disposition_id ON properties BEGIN
    UPDATE property_counts SET homes = homes - 1
    WHERE builder_id = OLD.builder_id AND disposition_id = OLD.disposition_id;
    INSERT INTO property_counts (builder_id, disposition_id, homes)
    VALUES (NEW.builder_id, NEW.disposition_id, 1)
    ON CONFLICT (builder_id, disposition_id) DO UPDATE SET homes = homes + 1;
END;

-- The visits list's total reads the per-day counts of every builder in scope; with the count
-- beside the builder in one index, that read never visits the table.
CREATE INDEX visit_days_totals ON visit_days (builder_id, visits);
