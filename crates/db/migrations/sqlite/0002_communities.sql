-- Communities: the neighbourhoods a builder's homes stand in, their staff, teams, hours and codes.

CREATE TABLE community_statuses (
    status_id INTEGER PRIMARY KEY,
    status TEXT NOT NULL
);
INSERT INTO community_statuses (status_id, status) VALUES (1, 'Active'), (2, 'Coming Soon'), (3, 'Sold Out'), (4, 'Inactive');

CREATE TABLE communities (
    id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    state TEXT NOT NULL,
    city TEXT NOT NULL,
    zip TEXT NOT NULL,
    external_community_id TEXT,
    status_id INTEGER NOT NULL REFERENCES community_statuses (status_id),
    sales_agent TEXT NOT NULL,
    emergency_contacts TEXT NOT NULL,
    community_url TEXT,
    floor_plan_url TEXT,
    virtual_tour_url TEXT,
    additional_notes TEXT,
    privacy_additional_notes TEXT,
    privacy_logo TEXT,
    staff_lock_interval INTEGER,
    community_backup_code TEXT NOT NULL DEFAULT '',
    trade_code TEXT NOT NULL DEFAULT '',
    sales_code TEXT NOT NULL DEFAULT '',
    hub_backup_code TEXT NOT NULL DEFAULT '',
    lasso_community_project_id INTEGER,
    novihome_integration BOOLEAN NOT NULL DEFAULT FALSE,
    tour_hours TEXT,
    staff_hours TEXT,
    created_on TEXT NOT NULL,
    created_by TEXT NOT NULL,
    modified_on TEXT NOT NULL,
    modified_by TEXT NOT NULL
);
CREATE INDEX communities_builder_modified ON communities (builder_id, modified_on);

CREATE TABLE community_agents (
    community_id INTEGER NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    PRIMARY KEY (community_id, user_id)
);

CREATE TABLE community_teams (
    community_id INTEGER NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    PRIMARY KEY (community_id, team_id)
);

CREATE TABLE community_qr_codes (
    id INTEGER PRIMARY KEY,
    community_id INTEGER NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    text TEXT NOT NULL,
    name TEXT NOT NULL,
    created_on TEXT NOT NULL
);
CREATE INDEX community_qr_codes_community ON community_qr_codes (community_id);
