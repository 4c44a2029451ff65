-- Visits per home and per customer, kept by triggers in step with customer_visits: a search of
-- the visits list counts the visits of the matching homes and customers from these instead of
-- reading every matching visit (db::list::ThroughCounts). The triggers run once per statement
-- over its transition tables, so a bulk insert costs one upsert per home and customer.

CREATE TABLE home_visit_counts (
    property_id BIGINT PRIMARY KEY REFERENCES properties (property_id) ON DELETE CASCADE,
    visits BIGINT NOT NULL
);
CREATE TABLE customer_visit_counts (
    customer_id BIGINT PRIMARY KEY REFERENCES customers (customer_id) ON DELETE CASCADE,
    visits BIGINT NOT NULL
);

INSERT INTO home_visit_counts (property_id, visits)
SELECT property_id, COUNT(*) FROM customer_visits GROUP BY property_id;
INSERT INTO customer_visit_counts (customer_id, visits)
SELECT customer_id, COUNT(*) FROM customer_visits GROUP BY customer_id;

CREATE FUNCTION visit_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE home_visit_counts h SET visits = h.visits - o.n
        FROM (SELECT property_id, COUNT(*) AS n FROM old_rows GROUP BY 1) o
        WHERE h.property_id = o.property_id;
        UPDATE customer_visit_counts c SET visits = c.visits - o.n
        FROM (SELECT customer_id, COUNT(*) AS n FROM old_rows GROUP BY 1) o
        WHERE c.customer_id = o.customer_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO home_visit_counts (property_id, visits)
        SELECT property_id, COUNT(*) FROM new_rows GROUP BY 1
        ON CONFLICT (property_id) DO UPDATE SET visits = home_visit_counts.visits + EXCLUDED.visits;
        INSERT INTO customer_visit_counts (customer_id, visits)
        SELECT customer_id, COUNT(*) FROM new_rows GROUP BY 1
        ON CONFLICT (customer_id) DO UPDATE SET visits = customer_visit_counts.visits + EXCLUDED.visits;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER visit_counts_insert AFTER INSERT ON customer_visits
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION visit_counts_follow();
CREATE TRIGGER visit_counts_delete AFTER DELETE ON customer_visits
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION visit_counts_follow();
CREATE TRIGGER visit_counts_update AFTER UPDATE ON customer_visits
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION visit_counts_follow();
