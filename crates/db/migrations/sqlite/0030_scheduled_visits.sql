-- Scheduled visits (spec 2 §2, §3): a tour booked for a time, by the visitor or by staff through
-- Share, with its status (created, cancelled, completed) and where it came from.
CREATE TABLE scheduled_visits (
    id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    property_id INTEGER NOT NULL REFERENCES properties (property_id) ON DELETE CASCADE,
    customer_id INTEGER REFERENCES customers (customer_id) ON DELETE SET NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT,
    phone TEXT,
    visit_date TEXT NOT NULL,
    comments TEXT,
    source TEXT NOT NULL,
    status TEXT NOT NULL,
    external_id TEXT,
    created_on TEXT NOT NULL,
    modified_on TEXT NOT NULL
);
CREATE INDEX scheduled_visits_builder_date ON scheduled_visits (builder_id, visit_date);
CREATE INDEX scheduled_visits_date ON scheduled_visits (visit_date);
CREATE INDEX scheduled_visits_property ON scheduled_visits (property_id);
