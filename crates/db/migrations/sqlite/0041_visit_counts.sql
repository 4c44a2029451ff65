-- Visits per home and per customer, kept by triggers in step with customer_visits: a search of
-- the visits list counts the visits of the matching homes and customers from these instead of
-- reading every matching visit (db::list::ThroughCounts).

CREATE TABLE home_visit_counts (
    property_id INTEGER PRIMARY KEY REFERENCES properties (property_id) ON DELETE CASCADE,
    visits INTEGER NOT NULL
);
CREATE TABLE customer_visit_counts (
    customer_id INTEGER PRIMARY KEY REFERENCES customers (customer_id) ON DELETE CASCADE,
    visits INTEGER NOT NULL
);

INSERT INTO home_visit_counts (property_id, visits)
SELECT property_id, COUNT(*) FROM customer_visits GROUP BY property_id;
INSERT INTO customer_visit_counts (customer_id, visits)
SELECT customer_id, COUNT(*) FROM customer_visits GROUP BY customer_id;

CREATE TRIGGER visit_counts_insert AFTER INSERT ON customer_visits BEGIN
    INSERT INTO home_visit_counts (property_id, visits) VALUES (NEW.property_id, 1)
    ON CONFLICT (property_id) DO UPDATE SET visits = visits + 1;
    INSERT INTO customer_visit_counts (customer_id, visits) VALUES (NEW.customer_id, 1)
    ON CONFLICT (customer_id) DO UPDATE SET visits = visits + 1;
END;

CREATE TRIGGER visit_counts_delete AFTER DELETE ON customer_visits BEGIN
    UPDATE home_visit_counts SET visits = visits - 1 WHERE property_id = OLD.property_id;
    UPDATE customer_visit_counts SET visits = visits - 1 WHERE customer_id = OLD.customer_id;
END;

CREATE TRIGGER visit_counts_update AFTER UPDATE OF property_id, customer_id ON customer_visits BEGIN
    UPDATE home_visit_counts SET visits = visits - 1 WHERE property_id = OLD.property_id;
    UPDATE customer_visit_counts SET visits = visits - 1 WHERE customer_id = OLD.customer_id;
    INSERT INTO home_visit_counts (property_id, visits) VALUES (NEW.property_id, 1)
    ON CONFLICT (property_id) DO UPDATE SET visits = visits + 1;
    INSERT INTO customer_visit_counts (customer_id, visits) VALUES (NEW.customer_id, 1)
    ON CONFLICT (customer_id) DO UPDATE SET visits = visits + 1;
END;
