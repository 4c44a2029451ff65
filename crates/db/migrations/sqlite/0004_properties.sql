-- Properties: the homes, with their disposition, details, codes, hours and staff; domain events
-- recorded with the changes that cause them, for the webhooks to deliver.

CREATE TABLE properties (
    property_id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    community_id INTEGER NOT NULL REFERENCES communities (id),
    disposition_id INTEGER NOT NULL REFERENCES catalog (catalog_id),
    house_num TEXT,
    address_1 TEXT NOT NULL,
    subdivision TEXT,
    city TEXT NOT NULL,
    state TEXT NOT NULL,
    zipcode TEXT NOT NULL,
    latitude REAL NOT NULL DEFAULT 0,
    longitude REAL NOT NULL DEFAULT 0,
    price_cents INTEGER,
    bedrooms INTEGER NOT NULL,
    full_bathrooms INTEGER NOT NULL,
    half_bathrooms INTEGER NOT NULL,
    square_footage INTEGER NOT NULL,
    is_model BOOLEAN NOT NULL DEFAULT FALSE,
    timezone INTEGER NOT NULL,
    url_1 TEXT,
    rental_application_url TEXT,
    marketing_name TEXT,
    mls_number TEXT,
    external_identifier TEXT,
    external_identifier_2 TEXT,
    alarm BOOLEAN NOT NULL DEFAULT FALSE,
    alarm_company TEXT,
    armed_hours TEXT,
    disarm_code TEXT,
    emergency_notes TEXT,
    property_backup_code TEXT NOT NULL DEFAULT '',
    trade_code TEXT NOT NULL DEFAULT '',
    sales_code TEXT NOT NULL DEFAULT '',
    resident_code TEXT NOT NULL DEFAULT '',
    access_notes TEXT,
    contract_date TEXT,
    access_settings BOOLEAN NOT NULL DEFAULT FALSE,
    relock_interval INTEGER,
    end_of_day_lockup TEXT,
    staff_lock_interval INTEGER,
    tour_hours TEXT,
    staff_hours TEXT,
    tour_hours_start INTEGER NOT NULL DEFAULT 5,
    tour_hours_end INTEGER NOT NULL DEFAULT 23,
    lasso_project_id INTEGER,
    integration_active BOOLEAN NOT NULL DEFAULT FALSE,
    created_on TEXT NOT NULL,
    created_by TEXT NOT NULL,
    modified_on TEXT NOT NULL,
    modified_by TEXT NOT NULL
);
CREATE INDEX properties_builder_modified ON properties (builder_id, modified_on);
CREATE INDEX properties_community ON properties (community_id);
CREATE INDEX properties_disposition ON properties (builder_id, disposition_id);

CREATE TABLE property_agents (
    property_id INTEGER NOT NULL REFERENCES properties (property_id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    is_project_manager BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (property_id, user_id)
);
CREATE INDEX property_agents_user ON property_agents (user_id);

CREATE TABLE property_teams (
    property_id INTEGER NOT NULL REFERENCES properties (property_id) ON DELETE CASCADE,
    team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    PRIMARY KEY (property_id, team_id)
);

CREATE TABLE property_images (
    id INTEGER PRIMARY KEY,
    property_id INTEGER NOT NULL REFERENCES properties (property_id) ON DELETE CASCADE,
    file_key TEXT NOT NULL,
    sequence_position INTEGER NOT NULL,
    created_by TEXT NOT NULL,
    modified_by TEXT NOT NULL,
    created_on TEXT NOT NULL
);
CREATE INDEX property_images_property ON property_images (property_id, sequence_position);

CREATE TABLE domain_events (
    id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_on TEXT NOT NULL,
    delivered_on TEXT
);
CREATE INDEX domain_events_pending ON domain_events (delivered_on, id);
