-- Hardware history (spec 2, Hub activity log): one row per device action, with who did it. The
-- property is kept as an id, not a reference, so the history outlives the home's record.
CREATE TABLE hub_activity_logs (
    id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    hub_type TEXT,
    lock_type TEXT,
    serial_number TEXT NOT NULL,
    property_id INTEGER,
    action TEXT NOT NULL,
    created_on TEXT NOT NULL,
    created_by TEXT NOT NULL,
    users_email TEXT
);
CREATE INDEX hub_activity_logs_builder ON hub_activity_logs (builder_id, id);
