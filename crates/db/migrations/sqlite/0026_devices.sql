-- Hardware (issue 18): the devices of every builder, the codes on their locks with the life each
-- code goes through, what the locks report, the alerts staff are sent, the alarm (ADC) accounts
-- and their units, text messages waiting to leave, and the lock providers builders chose.

-- Hubs with their lights, door locks, thermostats and motion sensors (`hub_id`), smart locks and
-- wifi thermostats; door locks carry the inventory's record too (maker, licence, shipment).
-- What the device last said of itself (online, battery, bolt, set points) is kept beside it.
CREATE TABLE devices (
    id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    serial_number TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    hub_id INTEGER REFERENCES devices (id) ON DELETE CASCADE,
    hub_type TEXT,
    smart_lock_type TEXT,
    provider TEXT NOT NULL DEFAULT 'sim',
    provider_device_id TEXT,
    property_id INTEGER REFERENCES properties (property_id) ON DELETE SET NULL,
    customer_id INTEGER,
    imei TEXT,
    description TEXT,
    manufacturer TEXT,
    version TEXT,
    licensee TEXT,
    license_date TEXT,
    license_start_date TEXT,
    secret_id TEXT,
    purchase_date TEXT,
    battery_change_date TEXT,
    email TEXT,
    comments TEXT,
    status_id INTEGER REFERENCES catalog (catalog_id),
    shipment_status TEXT,
    online BOOLEAN NOT NULL DEFAULT TRUE,
    battery REAL,
    locked BOOLEAN,
    auto_lock BOOLEAN,
    jammed BOOLEAN NOT NULL DEFAULT FALSE,
    light_on BOOLEAN,
    level INTEGER,
    temperature REAL,
    heat_set_point REAL,
    cool_set_point REAL,
    code_lengths TEXT NOT NULL DEFAULT '',
    code_capacity INTEGER,
    last_unlocked_on TEXT,
    events_cursor TEXT,
    state_on TEXT,
    created_on TEXT NOT NULL,
    modified_on TEXT NOT NULL
);
CREATE UNIQUE INDEX devices_serial ON devices (serial_number);
CREATE INDEX devices_builder_kind ON devices (builder_id, kind, serial_number);
CREATE INDEX devices_property ON devices (property_id, kind);
CREATE INDEX devices_hub ON devices (hub_id);
CREATE INDEX devices_customer ON devices (builder_id, customer_id);

-- Codes on locks. `state`: scheduled, setting, set, failed, removing, removed (domain::codes).
-- `busy_until` is the lease of the one job talking to the lock about this code.
CREATE TABLE access_codes (
    id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    device_id INTEGER NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
    property_id INTEGER,
    purpose TEXT NOT NULL,
    slot INTEGER,
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    starts_at TEXT,
    ends_at TEXT,
    state TEXT NOT NULL,
    device_code_id TEXT,
    last_error TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    backup_issued_on TEXT,
    set_on TEXT,
    customer_id INTEGER,
    busy_until TEXT,
    created_by TEXT NOT NULL,
    created_on TEXT NOT NULL,
    modified_on TEXT NOT NULL
);
CREATE INDEX access_codes_device ON access_codes (device_id, state);
CREATE INDEX access_codes_live_ends ON access_codes (ends_at) WHERE state <> 'removed';

-- What locks report: locked, unlocked (with the code used), wrong codes, jams, batteries,
-- connections. The access history reads a lock's rows by time.
CREATE TABLE lock_events (
    id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    device_id INTEGER NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
    property_id INTEGER,
    occurred_on TEXT NOT NULL,
    action TEXT NOT NULL,
    msg TEXT NOT NULL,
    code_id INTEGER,
    code_name TEXT,
    customer_id INTEGER
);
CREATE INDEX lock_events_device ON lock_events (device_id, occurred_on);

-- Alerts raised about a home's devices (battery, offline, jam, codes that failed, a backup code
-- in use, a door that did not lock); each is also sent to staff by their alert preferences.
CREATE TABLE device_alerts (
    id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    property_id INTEGER,
    device_id INTEGER REFERENCES devices (id) ON DELETE CASCADE,
    code_id INTEGER,
    kind TEXT NOT NULL,
    message TEXT NOT NULL,
    created_on TEXT NOT NULL
);
CREATE INDEX device_alerts_property ON device_alerts (property_id, id);
CREATE INDEX device_alerts_builder ON device_alerts (builder_id, id);

-- A builder's alarm (Alarm.com) account and the units it holds; an attached unit is a hub of
-- type adc with the unit's customer id.
CREATE TABLE alarm_accounts (
    builder_id INTEGER PRIMARY KEY REFERENCES builders (builder_id) ON DELETE CASCADE,
    login TEXT NOT NULL,
    created_on TEXT NOT NULL
);
CREATE TABLE alarm_units (
    customer_id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    unit_description TEXT NOT NULL,
    created_on TEXT NOT NULL
);
CREATE INDEX alarm_units_builder ON alarm_units (builder_id, customer_id);

-- Text messages waiting to leave, delivered by a job as mail is.
CREATE TABLE sms_outbox (
    id INTEGER PRIMARY KEY,
    to_number TEXT NOT NULL,
    body TEXT NOT NULL,
    created_on TEXT NOT NULL,
    delivered_on TEXT
);

-- The lock provider a builder's devices are reached through when it is not the simulator.
CREATE TABLE device_providers (
    builder_id INTEGER PRIMARY KEY REFERENCES builders (builder_id) ON DELETE CASCADE,
    provider TEXT NOT NULL,
    api_key TEXT NOT NULL,
    base_url TEXT NOT NULL,
    modified_on TEXT NOT NULL
);

-- A job asked for by a recurring check (a lockup, a relock, a sweep) is asked for once, however
-- many servers check.
ALTER TABLE jobs ADD COLUMN dedupe_key TEXT;
CREATE UNIQUE INDEX jobs_dedupe ON jobs (dedupe_key);
