-- The customers and visits lists over an enterprise's 200,000 customers and two million visits
-- (issue 19's budget of 20 ms a page), as the properties list reads its homes.

-- Customers per builder, visitor type, status and last visit's status, kept by triggers in step
-- with customers: a page without a search counts a few hundred rows instead of every customer,
-- and a sort by a catalogue name skips whole runs and builders by these counts.
CREATE TABLE customer_counts (
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    visitor_type_id INTEGER NOT NULL,
    visitor_status_id INTEGER NOT NULL,
    last_visit_status_id INTEGER,
    customers INTEGER NOT NULL
);
-- Catalogue ids start at 1, so 0 stands for a customer without visits in the group's key.
CREATE UNIQUE INDEX customer_counts_group
    ON customer_counts (builder_id, visitor_type_id, visitor_status_id, coalesce(last_visit_status_id, 0));

INSERT INTO customer_counts (builder_id, visitor_type_id, visitor_status_id, last_visit_status_id, customers)
SELECT builder_id, visitor_type_id, visitor_status_id, last_visit_status_id, COUNT(*) FROM customers
GROUP BY builder_id, visitor_type_id, visitor_status_id, last_visit_status_id;

CREATE TRIGGER customer_counts_insert AFTER INSERT ON customers BEGIN
    INSERT INTO customer_counts (builder_id, visitor_type_id, visitor_status_id, last_visit_status_id, customers)
    VALUES (NEW.builder_id, NEW.visitor_type_id, NEW.visitor_status_id, NEW.last_visit_status_id, 1)
    ON CONFLICT (builder_id, visitor_type_id, visitor_status_id, coalesce(last_visit_status_id, 0))
    DO UPDATE SET customers = customers + 1;
END;

CREATE TRIGGER customer_counts_delete AFTER DELETE ON customers BEGIN
    UPDATE customer_counts SET customers = customers - 1
    WHERE builder_id = OLD.builder_id AND visitor_type_id = OLD.visitor_type_id
      AND visitor_status_id = OLD.visitor_status_id
      AND coalesce(last_visit_status_id, 0) = coalesce(OLD.last_visit_status_id, 0);
END;

CREATE TRIGGER customer_counts_update
AFTER UPDATE OF builder_id, visitor_type_id, visitor_status_id, last_visit_status_id ON customers BEGIN
    UPDATE customer_counts SET customers = customers - 1
    WHERE builder_id = OLD.builder_id AND visitor_type_id = OLD.visitor_type_id
      AND visitor_status_id = OLD.visitor_status_id
      AND coalesce(last_visit_status_id, 0) = coalesce(OLD.last_visit_status_id, 0);
    INSERT INTO customer_counts (builder_id, visitor_type_id, visitor_status_id, last_visit_status_id, customers)
    VALUES (NEW.builder_id, NEW.visitor_type_id, NEW.visitor_status_id, NEW.last_visit_status_id, 1)
    ON CONFLICT (builder_id, visitor_type_id, visitor_status_id, coalesce(last_visit_status_id, 0))
    DO UPDATE SET customers = customers + 1;
END;

-- An index for every sort of the customer's own columns, walked over the whole table for an
-- enterprise's customers (db::list::ListSpec::walks_order); the key ends each, as the tie breaker.
CREATE INDEX customers_firstname_order ON customers (lower(firstname), customer_id);
CREATE INDEX customers_lastname_order ON customers (lower(lastname), customer_id);
CREATE INDEX customers_contactable_order ON customers (contactable, customer_id);
CREATE INDEX customers_visits_count_order ON customers (visits_count, customer_id);
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
-- search types) and its trigram index, contentless (the text lives in the generated column):
-- a search of three characters or more over an enterprise's customers reads its matches from
-- the index instead of testing every customer (db::customers::CUSTOMERS).
ALTER TABLE customers ADD COLUMN search_text TEXT GENERATED ALWAYS AS (
    firstname || char(31) || lastname || char(31) || coalesce(email_1, '') || char(31) ||
    coalesce(cell_phone_1, '')
) VIRTUAL;
CREATE VIRTUAL TABLE customer_search USING fts5(
    search_text, content = '', contentless_delete = 1, tokenize = 'trigram'
);
INSERT INTO customer_search (rowid, search_text) SELECT customer_id, search_text FROM customers;
CREATE TRIGGER customer_search_insert AFTER INSERT ON customers BEGIN
    INSERT INTO customer_search (rowid, search_text) VALUES (NEW.customer_id, NEW.search_text);
END;
CREATE TRIGGER customer_search_delete AFTER DELETE ON customers BEGIN
    DELETE FROM customer_search WHERE rowid = OLD.customer_id;
END;
CREATE TRIGGER customer_search_update AFTER UPDATE OF firstname, lastname, email_1, cell_phone_1
ON customers BEGIN
    DELETE FROM customer_search WHERE rowid = OLD.customer_id;
    INSERT INTO customer_search (rowid, search_text) VALUES (NEW.customer_id, NEW.search_text);
END;
