-- A visitor proving who they are on a builder's tour pages: the one-time code texted to their
-- phone (kept only as a hash), the details they gave, how many wrong tries it has had, and when
-- it was used. Sends are counted per phone and per client address from these rows.
CREATE TABLE visitor_codes (
    id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    property_id INTEGER REFERENCES properties (property_id) ON DELETE SET NULL,
    firstname TEXT NOT NULL,
    lastname TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT NOT NULL,
    client_address TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    expires_at TEXT NOT NULL,
    used_on TEXT,
    created_on TEXT NOT NULL
);
CREATE INDEX visitor_codes_phone ON visitor_codes (phone, created_on);
CREATE INDEX visitor_codes_address ON visitor_codes (client_address, created_on);
