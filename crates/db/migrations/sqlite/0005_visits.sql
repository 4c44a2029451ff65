-- Customers (visitors) and their visits to homes: what the dashboard sums up and the showings
-- area extends.

CREATE TABLE customers (
    customer_id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    firstname TEXT NOT NULL,
    lastname TEXT NOT NULL,
    email_1 TEXT,
    cell_phone_1 TEXT,
    visitor_type_id INTEGER NOT NULL REFERENCES catalog (catalog_id),
    visitor_status_id INTEGER NOT NULL DEFAULT 154 REFERENCES catalog (catalog_id),
    street_address TEXT,
    city TEXT,
    state TEXT,
    zipcode TEXT,
    last_visit_date TEXT,
    created_on TEXT NOT NULL,
    modified_on TEXT NOT NULL
);
CREATE INDEX customers_builder ON customers (builder_id, last_visit_date);

CREATE TABLE customer_visits (
    customer_visit_id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    customer_id INTEGER NOT NULL REFERENCES customers (customer_id) ON DELETE CASCADE,
    property_id INTEGER NOT NULL REFERENCES properties (property_id) ON DELETE CASCADE,
    visit_status_id INTEGER NOT NULL REFERENCES catalog (catalog_id),
    visitor_type_id INTEGER NOT NULL REFERENCES catalog (catalog_id),
    remarks TEXT,
    attribution TEXT,
    visited_on TEXT NOT NULL,
    modified_on TEXT NOT NULL
);
CREATE INDEX customer_visits_builder_visited ON customer_visits (builder_id, visited_on);
CREATE INDEX customer_visits_builder_modified ON customer_visits (builder_id, modified_on);
CREATE INDEX customer_visits_property ON customer_visits (property_id, visited_on);
CREATE INDEX customer_visits_customer ON customer_visits (customer_id);
