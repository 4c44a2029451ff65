-- Visits per builder and visitor type, kept by triggers in step with customer_visits: the visits
-- list counts its scope from a row per builder and type rather than from every day of
-- visit_days (an enterprise's twenty builders have over 30,000 such days). The triggers run once
-- per statement over its transition tables.

CREATE TABLE visit_type_totals (
    builder_id BIGINT NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    visitor_type_id BIGINT NOT NULL,
    visits BIGINT NOT NULL,
    PRIMARY KEY (builder_id, visitor_type_id)
);

INSERT INTO visit_type_totals (builder_id, visitor_type_id, visits)
SELECT builder_id, visitor_type_id, COUNT(*) FROM customer_visits GROUP BY 1, 2;

CREATE FUNCTION visit_type_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE visit_type_totals t SET visits = t.visits - o.n
        FROM (SELECT builder_id, visitor_type_id, COUNT(*) AS n FROM old_rows GROUP BY 1, 2) o
        WHERE t.builder_id = o.builder_id AND t.visitor_type_id = o.visitor_type_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO visit_type_totals (builder_id, visitor_type_id, visits)
        SELECT builder_id, visitor_type_id, COUNT(*) FROM new_rows GROUP BY 1, 2
        ON CONFLICT (builder_id, visitor_type_id) DO UPDATE SET visits = visit_type_totals.visits + EXCLUDED.visits;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER visit_type_totals_insert AFTER INSERT ON customer_visits
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION visit_type_totals_follow();
CREATE TRIGGER visit_type_totals_delete AFTER DELETE ON customer_visits
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION visit_type_totals_follow();
CREATE TRIGGER visit_type_totals_update AFTER UPDATE ON customer_visits
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION visit_type_totals_follow();
