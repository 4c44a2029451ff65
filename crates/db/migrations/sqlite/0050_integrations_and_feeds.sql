-- Integrations (spec 3: Integrations, Builder feed settings). The catalogue is the platform's,
-- with the spec's ids: 4 (Lasso) and 10 (NoviHome) are set on each community and home, 13 (the
-- listing feed) by the feed settings, 14 is a builder's switch (the nightly feed sync); the
-- others are offered as requests. A builder's own state of each is a row of
-- builder_integrations; none means off (14: on).
CREATE TABLE integrations (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    -- request | community | feed | switch
    kind TEXT NOT NULL,
    position INTEGER NOT NULL
);
INSERT INTO integrations (id, name, description, kind, position) VALUES
    (1, 'Salesforce', 'Send every visitor and tour to Salesforce as leads and activities.', 'request', 1),
    (2, 'HubSpot', 'Create HubSpot contacts from visitors and log their tours.', 'request', 2),
    (3, 'Zillow', 'Take tour requests from your Zillow listings.', 'request', 3),
    (4, 'Lasso CRM', 'Registrations of each community go to its Lasso project.', 'community', 4),
    (5, 'Follow Up Boss', 'Hand new visitors to your agents in Follow Up Boss.', 'request', 5),
    (6, 'Buildertrend', 'Keep homes and their schedules in step with Buildertrend.', 'request', 6),
    (7, 'Sales Simplicity', 'Share prospects and contracts with Sales Simplicity.', 'request', 7),
    (8, 'Yardi', 'Bring rental units and applicants in from Yardi.', 'request', 8),
    (9, 'AppFolio', 'Bring rental listings and leads in from AppFolio.', 'request', 9),
    (10, 'NoviHome', 'Communities marked for NoviHome share their homes with it.', 'community', 10),
    (11, 'Google Analytics', 'Measure the tour pages with your Google Analytics property.', 'request', 11),
    (12, 'Zapier', 'Connect tours to thousands of apps with Zapier.', 'request', 12),
    (13, 'Listing feed', 'Import homes from a BDX or website feed.', 'feed', 13),
    (14, 'Nightly listing sync', 'Import the listing feed every night.', 'switch', 14);

CREATE TABLE builder_integrations (
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    integration_id INTEGER NOT NULL REFERENCES integrations (id),
    is_active BOOLEAN NOT NULL,
    project_id INTEGER,
    modified_on TEXT NOT NULL,
    modified_by TEXT NOT NULL,
    PRIMARY KEY (builder_id, integration_id)
);

-- Requests for an integration a builder does not have yet; the platform admins are mailed.
CREATE TABLE integration_requests (
    id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    message TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_on TEXT NOT NULL
);
CREATE INDEX integration_requests_builder ON integration_requests (builder_id, created_on);

-- A builder's listing feed: where it is read from, which fields it writes, and the last sync.
CREATE TABLE feed_settings (
    builder_id INTEGER PRIMARY KEY REFERENCES builders (builder_id) ON DELETE CASCADE,
    feed_source TEXT NOT NULL,
    feed_url TEXT,
    feed_username TEXT,
    feed_password TEXT,
    company_code TEXT,
    add_communities_active BOOLEAN NOT NULL DEFAULT FALSE,
    -- JSON list of the feed fields written (the required ones always among them).
    feed_fields TEXT NOT NULL,
    modified_on TEXT NOT NULL,
    modified_by TEXT NOT NULL,
    last_sync_on TEXT,
    -- JSON of the last sync's answer (counts and rejections), or its error.
    last_sync TEXT
);

-- The second line of a home's street address (a feed's Street 2).
ALTER TABLE properties ADD COLUMN address_2 TEXT;
-- Homes are matched to a feed's rows by External Identifier within their builder.
CREATE INDEX properties_external_identifier ON properties (builder_id, external_identifier);
