-- Homes per builder and disposition, kept by triggers in step with properties, so a list page
-- without a search counts a few rows instead of every home of an enterprise. The triggers run
-- once per statement over its transition tables, so a bulk insert costs one upsert per group.
CREATE TABLE property_counts (
    builder_id BIGINT NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    disposition_id BIGINT NOT NULL,
    homes BIGINT NOT NULL,
    PRIMARY KEY (builder_id, disposition_id)
);

INSERT INTO property_counts (builder_id, disposition_id, homes)
SELECT builder_id, disposition_id, COUNT(*) FROM properties GROUP BY 1, 2;

CREATE FUNCTION property_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE property_counts c SET homes = c.homes - o.n
        FROM (SELECT builder_id, disposition_id, COUNT(*) AS n FROM old_rows GROUP BY 1, 2) o
        WHERE c.builder_id = o.builder_id AND c.disposition_id = o.disposition_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO property_counts (builder_id, disposition_id, homes)
        SELECT builder_id, disposition_id, COUNT(*) FROM new_rows GROUP BY 1, 2
        ON CONFLICT (builder_id, disposition_id) DO UPDATE SET homes = property_counts.homes + EXCLUDED.homes;
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

-- The visits list's total reads the per-day counts of every builder in scope; with the count
-- beside the builder in one index, that read never visits the table.
CREATE INDEX visit_days_totals ON visit_days (builder_id, visits);
