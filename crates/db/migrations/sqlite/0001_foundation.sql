-- Foundation: builders and enterprises, staff and teams, catalog, sign-in support, jobs and mail.

CREATE TABLE enterprises (
    enterprise_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL
);

CREATE TABLE builders (
    builder_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    webflow_name TEXT NOT NULL DEFAULT '',
    enterprise_id INTEGER REFERENCES enterprises (enterprise_id),
    is_rental BOOLEAN NOT NULL DEFAULT FALSE,
    disable_add_property_and_community BOOLEAN NOT NULL DEFAULT FALSE,
    enable_photo_gallery_edits BOOLEAN NOT NULL DEFAULT FALSE,
    timezone INTEGER NOT NULL DEFAULT 52,
    quickbook_id TEXT,
    created_on TEXT NOT NULL
);
CREATE INDEX builders_enterprise ON builders (enterprise_id);

CREATE TABLE users (
    user_id INTEGER PRIMARY KEY,
    username TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL,
    firstname TEXT NOT NULL,
    lastname TEXT NOT NULL,
    phone TEXT NOT NULL DEFAULT '',
    password_hash TEXT,
    builder_id INTEGER REFERENCES builders (builder_id) ON DELETE CASCADE,
    enterprise_id INTEGER REFERENCES enterprises (enterprise_id),
    role_id INTEGER NOT NULL,
    is_admin BOOLEAN NOT NULL DEFAULT FALSE,
    is_management BOOLEAN NOT NULL DEFAULT FALSE,
    send_email INTEGER NOT NULL DEFAULT 0,
    send_sms INTEGER NOT NULL DEFAULT 0,
    notification_email TEXT,
    lock_battery_level_send_email INTEGER NOT NULL DEFAULT 0,
    lock_battery_level_send_sms INTEGER NOT NULL DEFAULT 0,
    lock_offline_send_email INTEGER NOT NULL DEFAULT 0,
    lock_offline_send_sms INTEGER NOT NULL DEFAULT 0,
    lock_jam_events_send_email INTEGER NOT NULL DEFAULT 0,
    lock_jam_events_send_sms INTEGER NOT NULL DEFAULT 0,
    post_tour_send_email INTEGER NOT NULL DEFAULT 0,
    post_tour_send_sms INTEGER NOT NULL DEFAULT 0,
    send_cc_email INTEGER NOT NULL DEFAULT 0,
    cc_email TEXT,
    token_version INTEGER NOT NULL DEFAULT 0,
    created_on TEXT NOT NULL,
    modified_on TEXT NOT NULL
);
CREATE INDEX users_builder_firstname ON users (builder_id, firstname);

CREATE TABLE user_groups (
    user_id INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    group_id INTEGER NOT NULL,
    PRIMARY KEY (user_id, group_id)
);

CREATE TABLE teams (
    id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    created_on TEXT NOT NULL,
    modified_on TEXT NOT NULL
);
CREATE INDEX teams_builder_created ON teams (builder_id, created_on);

CREATE TABLE team_members (
    team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    PRIMARY KEY (team_id, user_id)
);
CREATE INDEX team_members_user ON team_members (user_id);

CREATE TABLE catalog (
    catalog_id INTEGER PRIMARY KEY,
    catalog_type_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT ''
);

CREATE TABLE states (
    state_id INTEGER PRIMARY KEY,
    code TEXT NOT NULL,
    state_name TEXT NOT NULL
);

CREATE TABLE feedback (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    builder_id INTEGER REFERENCES builders (builder_id) ON DELETE CASCADE,
    page TEXT NOT NULL DEFAULT '',
    message TEXT NOT NULL,
    created_on TEXT NOT NULL
);

CREATE TABLE feature_flags (
    name TEXT PRIMARY KEY,
    enabled BOOLEAN NOT NULL
);

CREATE TABLE password_reset_tokens (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    pair_id TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT,
    created_on TEXT NOT NULL
);

CREATE TABLE sign_in_failures (
    id INTEGER PRIMARY KEY,
    throttle_key TEXT NOT NULL,
    failed_at TEXT NOT NULL
);
CREATE INDEX sign_in_failures_key ON sign_in_failures (throttle_key, failed_at);

CREATE TABLE jobs (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'queued',
    run_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    created_on TEXT NOT NULL,
    updated_on TEXT NOT NULL
);
CREATE INDEX jobs_due ON jobs (state, run_at);

CREATE TABLE mail_outbox (
    id INTEGER PRIMARY KEY,
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created_on TEXT NOT NULL,
    delivered_on TEXT
);
