-- Customers who never toured have no last visit: they sort as SQLite sorts them, lowest (first
-- ascending, last descending; `ListSpec::nullable_sorts`), which PostgreSQL reads from indexes
-- that keep missing values first.
DROP INDEX customers_last_visit_order;
CREATE INDEX customers_last_visit_order ON customers (last_visit_date NULLS FIRST, customer_id);
CREATE INDEX customers_builder_last_visit ON customers (builder_id, last_visit_date NULLS FIRST, customer_id);
