-- Visits per builder, UTC day and visitor type, kept by triggers in step with customer_visits, so
-- the dashboard's counts and charts read a few hundred rows instead of every visit. The triggers
-- run once per statement over its transition tables, so a bulk insert costs one upsert per day.

CREATE TABLE visit_days (
    builder_id BIGINT NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    day DATE NOT NULL,
    visitor_type_id BIGINT NOT NULL,
    visits BIGINT NOT NULL,
    PRIMARY KEY (builder_id, day, visitor_type_id)
);

INSERT INTO visit_days (builder_id, day, visitor_type_id, visits)
SELECT builder_id, (visited_on AT TIME ZONE 'UTC')::date, visitor_type_id, COUNT(*)
FROM customer_visits GROUP BY 1, 2, 3;

CREATE FUNCTION visit_days_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE visit_days d SET visits = d.visits - o.n
        FROM (SELECT builder_id, (visited_on AT TIME ZONE 'UTC')::date AS day, visitor_type_id, COUNT(*) AS n
              FROM old_rows GROUP BY 1, 2, 3) o
        WHERE d.builder_id = o.builder_id AND d.day = o.day AND d.visitor_type_id = o.visitor_type_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO visit_days (builder_id, day, visitor_type_id, visits)
        SELECT builder_id, (visited_on AT TIME ZONE 'UTC')::date, visitor_type_id, COUNT(*)
        FROM new_rows GROUP BY 1, 2, 3
        ON CONFLICT (builder_id, day, visitor_type_id) DO UPDATE SET visits = visit_days.visits + EXCLUDED.visits;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER visit_days_insert AFTER INSERT ON customer_visits
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION visit_days_follow();
CREATE TRIGGER visit_days_delete AFTER DELETE ON customer_visits
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION visit_days_follow();
CREATE TRIGGER visit_days_update AFTER UPDATE ON customer_visits
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION visit_days_follow();
