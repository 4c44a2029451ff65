-- Customers (issue 19): what the customers list shows of each customer's visits, kept on the
-- customer as its visits are written (how many, the last one's home and status), and whether
-- the customer may be contacted (a visitor who replies STOP may not).
ALTER TABLE customers ADD COLUMN visits_count BIGINT NOT NULL DEFAULT 0;
ALTER TABLE customers ADD COLUMN last_visit_property_id BIGINT;
ALTER TABLE customers ADD COLUMN last_visit_status_id BIGINT;
ALTER TABLE customers ADD COLUMN contactable BOOLEAN NOT NULL DEFAULT TRUE;

UPDATE customers SET
    visits_count = (SELECT COUNT(*) FROM customer_visits v WHERE v.customer_id = customers.customer_id),
    last_visit_property_id = (SELECT v.property_id FROM customer_visits v WHERE v.customer_id = customers.customer_id
        ORDER BY v.visited_on DESC, v.customer_visit_id DESC LIMIT 1),
    last_visit_status_id = (SELECT v.visit_status_id FROM customer_visits v WHERE v.customer_id = customers.customer_id
        ORDER BY v.visited_on DESC, v.customer_visit_id DESC LIMIT 1);

-- The list's default order over every builder, and each builder's newest customers.
CREATE INDEX customers_last_visit ON customers (last_visit_date);
CREATE INDEX customers_builder_created ON customers (builder_id, created_on);
