-- The customers and visits lists over an enterprise's 200,000 customers and two million visits
-- (issue 19's budget of 20 ms a page), as the properties list reads its homes.

-- Customers per builder, visitor type, status and last visit's status, kept by triggers in step
-- with customers: a page without a search counts a few hundred rows instead of every customer,
-- and a sort by a catalogue name skips whole runs and builders by these counts.
CREATE TABLE customer_counts (
    builder_id BIGINT NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    visitor_type_id BIGINT NOT NULL,
    visitor_status_id BIGINT NOT NULL,
    last_visit_status_id BIGINT,
    customers BIGINT NOT NULL
);
-- Catalogue ids start at 1, so 0 stands for a customer without visits in the group's key.
CREATE UNIQUE INDEX customer_counts_group
    ON customer_counts (builder_id, visitor_type_id, visitor_status_id, COALESCE(last_visit_status_id, 0));

INSERT INTO customer_counts (builder_id, visitor_type_id, visitor_status_id, last_visit_status_id, customers)
SELECT builder_id, visitor_type_id, visitor_status_id, last_visit_status_id, COUNT(*) FROM customers
GROUP BY 1, 2, 3, 4;

-- The triggers run once per statement over its transition tables, so a bulk insert costs one
-- upsert per group.
CREATE FUNCTION customer_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE customer_counts c SET customers = c.customers - o.n
        FROM (SELECT builder_id, visitor_type_id, visitor_status_id, last_visit_status_id, COUNT(*) AS n
              FROM old_rows GROUP BY 1, 2, 3, 4) o
        WHERE c.builder_id = o.builder_id AND c.visitor_type_id = o.visitor_type_id
          AND c.visitor_status_id = o.visitor_status_id
          AND COALESCE(c.last_visit_status_id, 0) = COALESCE(o.last_visit_status_id, 0);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO customer_counts (builder_id, visitor_type_id, visitor_status_id, last_visit_status_id, customers)
        SELECT builder_id, visitor_type_id, visitor_status_id, last_visit_status_id, COUNT(*)
        FROM new_rows GROUP BY 1, 2, 3, 4
        ON CONFLICT (builder_id, visitor_type_id, visitor_status_id, COALESCE(last_visit_status_id, 0))
        DO UPDATE SET customers = customer_counts.customers + EXCLUDED.customers;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER customer_counts_insert AFTER INSERT ON customers
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_follow();
CREATE TRIGGER customer_counts_delete AFTER DELETE ON customers
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_follow();
CREATE TRIGGER customer_counts_update AFTER UPDATE ON customers
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_follow();

-- An index for every sort of the customer's own columns; the key ends each, as the tie breaker.
CREATE INDEX customers_firstname_order ON customers (lower(firstname), customer_id);
CREATE INDEX customers_lastname_order ON customers (lower(lastname), customer_id);
CREATE INDEX customers_contactable_order ON customers (contactable, customer_id);
CREATE INDEX customers_visits_count_order ON customers (visits_count, customer_id);
DROP INDEX customers_last_visit;
CREATE INDEX customers_last_visit_order ON customers (last_visit_date, customer_id);
CREATE INDEX customers_created_order ON customers (created_on, customer_id);
CREATE INDEX customers_last_home_order ON customers (last_visit_property_id, customer_id);
-- Sorts by a catalogue name, read as runs (db::list::SortRuns): each entry's customers builder
-- after builder, each builder's in key order.
CREATE INDEX customers_type_order ON customers (visitor_type_id, builder_id, customer_id);
CREATE INDEX customers_status_order ON customers (visitor_status_id, builder_id, customer_id);
CREATE INDEX customers_last_status_order ON customers (last_visit_status_id, builder_id, customer_id);
-- A builder's customers and communities by name: the visits list sorted by the visitor's or
-- the community's name walks them and reaches their visits by key (db::visits::VISITS).
CREATE INDEX customers_builder_firstname ON customers (builder_id, lower(firstname), customer_id);
CREATE INDEX customers_builder_lastname ON customers (builder_id, lower(lastname), customer_id);
CREATE INDEX communities_builder_name ON communities (builder_id, lower(name), id);
-- The visits list's sorts by status and visitor type, read as runs the same way.
CREATE INDEX customer_visits_status_order ON customer_visits (visit_status_id, builder_id, customer_visit_id);
CREATE INDEX customer_visits_type_order ON customer_visits (visitor_type_id, builder_id, customer_visit_id);
-- The visits' sort by their day, walked over the whole table for an enterprise's visits as the
-- sort by their change is (customer_visits_modified).
CREATE INDEX customer_visits_visited ON customer_visits (visited_on, customer_visit_id);

-- The customers' searched text (names, email, phone, joined by the unit separator, which no
-- search types), lowered, and its trigram index: a search over an enterprise's customers reads
-- its candidates from the index instead of testing every customer (db::customers::CUSTOMERS).
ALTER TABLE customers ADD COLUMN search_text TEXT GENERATED ALWAYS AS (lower(
    firstname || chr(31) || lastname || chr(31) || coalesce(email_1, '') || chr(31) ||
    coalesce(cell_phone_1, '')
)) STORED;
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX customers_search ON customers USING gin (search_text gin_trgm_ops);
EXCEPTION WHEN undefined_file OR insufficient_privilege OR feature_not_supported THEN
    RAISE NOTICE 'pg_trgm is not available: customer search reads every customer in scope';
END;
$$;
