//! The devices of every builder: hubs and what hangs off them (door locks, lights, thermostats,
//! motion sensors), smart locks and wifi thermostats. Door locks carry the inventory's record
//! (maker, licence, lock and shipment status). What a device last reported of itself is kept
//! on its row, so the console answers without waiting on the device.

use chrono::{DateTime, Utc};
use domain::lists::Order;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::list::ListSpec;
use crate::{now, on_pool, Db, Result, Scope};

/// What a device is (the `kind` column).
pub mod kind {
    pub const HUB: &str = "hub";
    pub const DOOR_LOCK: &str = "door_lock";
    pub const DIMMABLE_LIGHT: &str = "dimmable_light";
    pub const THERMOSTAT: &str = "thermostat";
    pub const MOTION_SENSOR: &str = "motion_sensor";
    pub const SMART_LOCK: &str = "smart_lock";
    pub const WIFI_THERMOSTAT: &str = "wifi_thermostat";

    /// Kinds that take codes and report a bolt.
    pub fn is_lock(kind: &str) -> bool {
        kind == DOOR_LOCK || kind == SMART_LOCK
    }

    /// Kinds that hang off a hub.
    pub const ON_A_HUB: [&str; 4] = [DOOR_LOCK, DIMMABLE_LIGHT, THERMOSTAT, MOTION_SENSOR];
}

/// Hub types (spec 2 §3): `seam` is shown as "Wifi Lock"; ADC is the alarm company's.
pub const HUB_TYPES: [&str; 3] = ["kwikset", "adc", "seam"];

/// Shipment statuses of an inventory lock. The spec shows Shipped and Received and names "To be
/// returned"; the filter also offers Activated, Created, Installed and Ready.
pub const SHIPMENT_STATUSES: [&str; 7] = [
    "Created",
    "Ready",
    "Shipped",
    "Received",
    "Installed",
    "Activated",
    "To be returned",
];
pub const TO_BE_RETURNED: &str = "To be returned";

/// A device and what it last said of itself.
#[derive(Debug, Clone, FromRow, Serialize)]
pub struct Device {
    pub id: i64,
    pub builder_id: i64,
    pub kind: String,
    pub serial_number: String,
    pub name: String,
    pub hub_id: Option<i64>,
    pub hub_type: Option<String>,
    pub smart_lock_type: Option<String>,
    pub provider: String,
    pub provider_device_id: Option<String>,
    pub property_id: Option<i64>,
    pub customer_id: Option<i64>,
    pub status_id: Option<i64>,
    pub shipment_status: Option<String>,
    pub online: bool,
    pub battery: Option<f64>,
    pub locked: Option<bool>,
    pub auto_lock: Option<bool>,
    pub jammed: bool,
    pub light_on: Option<bool>,
    pub level: Option<i64>,
    pub temperature: Option<f64>,
    pub heat_set_point: Option<f64>,
    pub cool_set_point: Option<f64>,
    /// The code lengths the lock takes, comma-separated.
    pub code_lengths: String,
    pub code_capacity: Option<i64>,
    pub last_unlocked_on: Option<DateTime<Utc>>,
    pub events_cursor: Option<DateTime<Utc>>,
    pub state_on: Option<DateTime<Utc>>,
}

impl Device {
    /// The lengths of code the lock takes.
    pub fn supported_code_lengths(&self) -> Vec<usize> {
        self.code_lengths
            .split(',')
            .filter_map(|n| n.trim().parse().ok())
            .collect()
    }

    /// The handle the device's provider knows it by.
    pub fn handle(&self) -> &str {
        self.provider_device_id
            .as_deref()
            .unwrap_or(&self.serial_number)
    }
}

const DEVICE_COLUMNS: &str = "d.id, d.builder_id, d.kind, d.serial_number, d.name, d.hub_id, d.hub_type, d.smart_lock_type, \
    d.provider, d.provider_device_id, d.property_id, d.customer_id, d.status_id, d.shipment_status, d.online, d.battery, \
    d.locked, d.auto_lock, d.jammed, d.light_on, d.level, d.temperature, d.heat_set_point, d.cool_set_point, \
    d.code_lengths, d.code_capacity, d.last_unlocked_on, d.events_cursor, d.state_on";

/// A device to register.
#[derive(Debug, Clone, Default)]
pub struct NewDevice {
    pub builder_id: i64,
    pub kind: String,
    pub serial_number: String,
    pub name: String,
    pub hub_id: Option<i64>,
    pub hub_type: Option<String>,
    pub smart_lock_type: Option<String>,
    pub provider: String,
    pub provider_device_id: Option<String>,
    pub property_id: Option<i64>,
    pub customer_id: Option<i64>,
    pub imei: Option<String>,
    pub description: Option<String>,
    pub record: LockFields,
    pub status_id: Option<i64>,
    pub shipment_status: Option<String>,
    pub battery: Option<f64>,
    pub locked: Option<bool>,
    pub code_lengths: String,
    pub code_capacity: Option<i64>,
}

/// The inventory's record of a lock (the New Device form's fields).
#[derive(Debug, Clone, Default)]
pub struct LockFields {
    pub manufacturer: Option<String>,
    pub version: Option<String>,
    pub licensee: Option<String>,
    pub license_date: Option<String>,
    pub license_start_date: Option<String>,
    pub secret_id: Option<String>,
    pub purchase_date: Option<String>,
    pub battery_change_date: Option<String>,
    pub email: Option<String>,
    pub comments: Option<String>,
}

/// Registers a device; a serial number already registered is a unique violation.
pub async fn insert(db: &Db, device: &NewDevice) -> Result<i64> {
    let at = now();
    let sql = "INSERT INTO devices (builder_id, kind, serial_number, name, hub_id, hub_type, smart_lock_type, provider,
        provider_device_id, property_id, customer_id, imei, description, manufacturer, version, licensee, license_date,
        license_start_date, secret_id, purchase_date, battery_change_date, email, comments, status_id, shipment_status,
        battery, locked, code_lengths, code_capacity, created_on, modified_on)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23,
                $24, $25, $26, $27, $28, $29, $30, $30) RETURNING id";
    let r = &device.record;
    on_pool!(db, |pool| sqlx::query_scalar(sql)
        .bind(device.builder_id)
        .bind(&device.kind)
        .bind(&device.serial_number)
        .bind(&device.name)
        .bind(device.hub_id)
        .bind(&device.hub_type)
        .bind(&device.smart_lock_type)
        .bind(&device.provider)
        .bind(&device.provider_device_id)
        .bind(device.property_id)
        .bind(device.customer_id)
        .bind(&device.imei)
        .bind(&device.description)
        .bind(&r.manufacturer)
        .bind(&r.version)
        .bind(&r.licensee)
        .bind(&r.license_date)
        .bind(&r.license_start_date)
        .bind(&r.secret_id)
        .bind(&r.purchase_date)
        .bind(&r.battery_change_date)
        .bind(&r.email)
        .bind(&r.comments)
        .bind(device.status_id)
        .bind(&device.shipment_status)
        .bind(device.battery)
        .bind(device.locked)
        .bind(&device.code_lengths)
        .bind(device.code_capacity)
        .bind(at)
        .fetch_one(pool)
        .await)
}

/// The devices that meet `condition` (on `d`, with `$1` the one value bound), in the order it
/// may end with.
async fn devices_where(db: &Db, condition: &str, value: i64) -> Result<Vec<Device>> {
    let sql = format!("SELECT {DEVICE_COLUMNS} FROM devices d WHERE {condition}");
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(value)
        .fetch_all(pool)
        .await)
}

/// A device in the caller's scope.
pub async fn get(db: &Db, scope: &Scope, id: i64) -> Result<Option<Device>> {
    let condition = format!("d.id = $1 AND {}", scope.condition("d.builder_id"));
    Ok(devices_where(db, &condition, id).await?.pop())
}

/// A device of one kind by its serial number, in the caller's scope.
pub async fn by_serial(db: &Db, scope: &Scope, kind: &str, serial: &str) -> Result<Option<Device>> {
    let sql = format!(
        "SELECT {DEVICE_COLUMNS} FROM devices d WHERE d.serial_number = $1 AND d.kind = $2 AND {}",
        scope.condition("d.builder_id")
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(serial)
        .bind(kind)
        .fetch_optional(pool)
        .await)
}

/// Every device at a home (hubs, what hangs off them, smart locks, thermostats), hubs first.
pub async fn of_property(db: &Db, property_id: i64) -> Result<Vec<Device>> {
    devices_where(
        db,
        "d.property_id = $1 OR d.hub_id IN (SELECT id FROM devices WHERE property_id = $1) \
         ORDER BY d.hub_id IS NOT NULL, d.id",
        property_id,
    )
    .await
}

/// The devices a hub holds, in the order they were added.
pub async fn on_hub(db: &Db, hub_id: i64) -> Result<Vec<Device>> {
    devices_where(db, "d.hub_id = $1 ORDER BY d.id", hub_id).await
}

/// A device for background work, which acts for no caller: the job that asked for it was written
/// by a scoped change.
pub async fn for_job(db: &Db, id: i64) -> Result<Option<Device>> {
    Ok(devices_where(db, "d.id = $1", id).await?.pop())
}

/// The locks whose events are read next: the ones read longest ago first, a batch at a time.
pub async fn locks_to_watch(db: &Db, limit: i64) -> Result<Vec<Device>> {
    devices_where(
        db,
        "d.kind IN ('door_lock', 'smart_lock') AND (d.property_id IS NOT NULL OR d.hub_id IS NOT NULL) \
         ORDER BY d.state_on IS NOT NULL, d.state_on, d.id LIMIT $1",
        limit,
    )
    .await
}

/// What a device reported of itself, as one change.
#[derive(Debug, Clone, Default)]
pub struct Reported {
    pub online: bool,
    pub battery: Option<f64>,
    pub locked: Option<bool>,
    pub auto_lock: Option<bool>,
    /// Whether the bolt is stuck; None keeps what is known (a status read does not say).
    pub jammed: Option<bool>,
    pub light_on: Option<bool>,
    pub level: Option<i64>,
    pub temperature: Option<f64>,
    pub heat_set_point: Option<f64>,
    pub cool_set_point: Option<f64>,
    pub code_lengths: Option<String>,
    pub code_capacity: Option<i64>,
}

/// Keeps what a device reported. Values the report does not carry stay as they were.
pub async fn save_reported(db: &Db, id: i64, reported: &Reported, at: DateTime<Utc>) -> Result<()> {
    let sql = "UPDATE devices SET online = $1, battery = COALESCE($2, battery), locked = COALESCE($3, locked),
        auto_lock = COALESCE($4, auto_lock), jammed = COALESCE($5, jammed), light_on = COALESCE($6, light_on), level = COALESCE($7, level),
        temperature = COALESCE($8, temperature), heat_set_point = COALESCE($9, heat_set_point),
        cool_set_point = COALESCE($10, cool_set_point), code_lengths = COALESCE($11, code_lengths),
        code_capacity = COALESCE($12, code_capacity), state_on = $13, modified_on = $13 WHERE id = $14";
    on_pool!(db, |pool| sqlx::query(sql)
        .bind(reported.online)
        .bind(reported.battery)
        .bind(reported.locked)
        .bind(reported.auto_lock)
        .bind(reported.jammed)
        .bind(reported.light_on)
        .bind(reported.level)
        .bind(reported.temperature)
        .bind(reported.heat_set_point)
        .bind(reported.cool_set_point)
        .bind(&reported.code_lengths)
        .bind(reported.code_capacity)
        .bind(at)
        .bind(id)
        .execute(pool)
        .await
        .map(|_| ()))
}

/// The last unlock of a lock (the relock interval counts from it).
pub async fn set_last_unlocked(db: &Db, id: i64, at: DateTime<Utc>) -> Result<()> {
    on_pool!(db, |pool| {
        sqlx::query(
        "UPDATE devices SET last_unlocked_on = $1 WHERE id = $2 AND (last_unlocked_on IS NULL OR last_unlocked_on < $1)"
    )
    .bind(at)
    .bind(id)
    .execute(pool)
    .await
    .map(|_| ())
    })
}

/// The lock status (catalogue type 7) of a device.
pub async fn set_status(db: &Db, id: i64, status_id: Option<i64>) -> Result<()> {
    on_pool!(db, |pool| sqlx::query(
        "UPDATE devices SET status_id = $1, modified_on = $2 WHERE id = $3"
    )
    .bind(status_id)
    .bind(now())
    .bind(id)
    .execute(pool)
    .await
    .map(|_| ()))
}

/// Attaches a device to a home (or takes it off one, with None).
pub async fn set_property(db: &Db, id: i64, property_id: Option<i64>) -> Result<()> {
    on_pool!(db, |pool| sqlx::query(
        "UPDATE devices SET property_id = $1, modified_on = $2 WHERE id = $3"
    )
    .bind(property_id)
    .bind(now())
    .bind(id)
    .execute(pool)
    .await
    .map(|_| ()))
}

/// A hub as the inventory lists it.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct HubRow {
    pub id: i64,
    pub builder_id: i64,
    pub serial_number: String,
    /// kwikset, adc or seam ("Wifi Lock").
    pub hub_type: Option<String>,
    pub name: String,
    pub property_id: Option<i64>,
    pub online: bool,
    pub house_num: Option<String>,
    pub address_1: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub community_name: Option<String>,
    /// How many devices hang off the hub.
    pub device_count: i64,
}

const FROM_DEVICES: &str = "devices d LEFT JOIN properties p ON p.property_id = d.property_id \
    LEFT JOIN communities c ON c.id = p.community_id LEFT JOIN catalog s ON s.catalog_id = d.status_id";

const LOCATION: &str = "p.house_num, p.address_1, p.city, p.state, c.name AS community_name";

pub const HUBS: ListSpec = ListSpec {
    columns: "d.id, d.builder_id, d.serial_number, d.hub_type, d.name, d.property_id, d.online, p.house_num, p.address_1, \
              p.city, p.state, c.name AS community_name, (SELECT COUNT(*) FROM devices x WHERE x.hub_id = d.id) AS device_count",
    from: FROM_DEVICES,
    scope_column: "d.builder_id",
    search_columns: &["d.serial_number"],
    sort_columns: &[("serial_number", "d.serial_number"), ("id", "d.id")],
    default_sort: ("serial_number", Order::Asc),
    tie_breaker: "d.id",
    key_column: "d.id",
    base_condition: "d.kind = 'hub'",
    base: "devices d",
    ..ListSpec::PLAIN
};

/// An inventory lock (spec 2 §3 Lock): its record, its status and where it is.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct LockRow {
    pub id: i64,
    pub builder_id: i64,
    pub serial_number: String,
    pub manufacturer: Option<String>,
    pub version: Option<String>,
    pub lock_status_value: Option<String>,
    pub lock_shipment_status: Option<String>,
    pub license_date: Option<String>,
    pub license_start_date: Option<String>,
    pub licensee: Option<String>,
    pub community_name: Option<String>,
    pub house_num: Option<String>,
    pub address_1: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub property_id: Option<i64>,
    pub hub_id: Option<i64>,
    pub online: bool,
    pub battery: Option<f64>,
    pub locked: Option<bool>,
}

pub const LOCKS: ListSpec = ListSpec {
    columns: "d.id, d.builder_id, d.serial_number, d.manufacturer, d.version, s.name AS lock_status_value, \
              d.shipment_status AS lock_shipment_status, d.license_date, d.license_start_date, d.licensee, \
              c.name AS community_name, p.house_num, p.address_1, p.city, p.state, \
              COALESCE(d.property_id, (SELECT h.property_id FROM devices h WHERE h.id = d.hub_id)) AS property_id, \
              d.hub_id, d.online, d.battery, d.locked",
    from: "devices d LEFT JOIN devices h ON h.id = d.hub_id \
           LEFT JOIN properties p ON p.property_id = COALESCE(d.property_id, h.property_id) \
           LEFT JOIN communities c ON c.id = p.community_id LEFT JOIN catalog s ON s.catalog_id = d.status_id",
    scope_column: "d.builder_id",
    search_columns: &["d.serial_number"],
    sort_columns: &[
        ("serial_number", "d.serial_number"),
        ("id", "d.id"),
        ("lock_status_value", "lower(s.name)"),
    ],
    default_sort: ("serial_number", Order::Asc),
    tie_breaker: "d.id",
    key_column: "d.id",
    base_condition: "d.kind = 'door_lock'",
    base: "devices d",
    ..ListSpec::PLAIN
};

/// What the inventory's device lists can be narrowed to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeviceFilter {
    /// The devices with this lock status (a catalogue id).
    Status(i64),
    /// The devices with this shipment status (one of [`SHIPMENT_STATUSES`]).
    ShipmentStatus(String),
    /// The devices at the homes of one community.
    Community(i64),
    /// Under Returned Locks (spec 2 §4): the shipment status is "To be returned"; or, with
    /// false, every other lock (Current Inventory).
    Returned(bool),
}

impl crate::list::Filter for DeviceFilter {
    fn add_to(&self, filters: &mut crate::list::Filters) {
        use crate::Value;
        match self {
            Self::Status(id) => filters.add("d.status_id = ?", [Value::from(*id)]),
            Self::ShipmentStatus(status) => {
                filters.add("d.shipment_status = ?", [Value::from(status.clone())])
            }
            Self::Community(id) => filters.add("c.id = ?", [Value::from(*id)]),
            Self::Returned(true) => filters.add("d.shipment_status = 'To be returned'", []),
            Self::Returned(false) => filters.add(
                "(d.shipment_status IS NULL OR d.shipment_status <> 'To be returned')",
                [],
            ),
        };
    }
}

/// A smart lock as the inventory lists it.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct SmartLockRow {
    pub id: i64,
    pub builder_id: i64,
    pub serial_number: String,
    pub name: String,
    /// The lock's maker type (seam, kwikset, ...).
    pub smart_lock_type_id: Option<String>,
    pub smart_lock_status_value: Option<String>,
    pub property_id: Option<i64>,
    pub online: bool,
    pub battery: Option<f64>,
    pub locked: Option<bool>,
    pub house_num: Option<String>,
    pub address_1: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub community_name: Option<String>,
}

pub const SMART_LOCKS: ListSpec = ListSpec {
    columns:
        "d.id, d.builder_id, d.serial_number, d.name, d.smart_lock_type AS smart_lock_type_id, \
              s.name AS smart_lock_status_value, d.property_id, d.online, d.battery, d.locked, \
              p.house_num, p.address_1, p.city, p.state, c.name AS community_name",
    from: FROM_DEVICES,
    scope_column: "d.builder_id",
    search_columns: &["d.serial_number"],
    sort_columns: &[("serial_number", "d.serial_number"), ("id", "d.id")],
    default_sort: ("serial_number", Order::Asc),
    tie_breaker: "d.id",
    key_column: "d.id",
    base_condition: "d.kind = 'smart_lock'",
    base: "devices d",
    ..ListSpec::PLAIN
};

/// A wifi thermostat as the inventory lists it.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct WifiThermostatRow {
    pub id: i64,
    pub builder_id: i64,
    pub wifi_thermostat_serial_number: String,
    pub name: String,
    pub property_id: Option<i64>,
    pub online: bool,
    pub temperature: Option<f64>,
    pub house_num: Option<String>,
    pub address_1: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub community_name: Option<String>,
}

pub const WIFI_THERMOSTATS: ListSpec = ListSpec {
    columns: "d.id, d.builder_id, d.serial_number AS wifi_thermostat_serial_number, d.name, d.property_id, d.online, \
              d.temperature, p.house_num, p.address_1, p.city, p.state, c.name AS community_name",
    from: FROM_DEVICES,
    scope_column: "d.builder_id",
    search_columns: &["d.serial_number"],
    sort_columns: &[("serial_number", "d.serial_number"), ("id", "d.id")],
    default_sort: ("serial_number", Order::Asc),
    tie_breaker: "d.id",
    key_column: "d.id",
    base_condition: "d.kind = 'wifi_thermostat'",
    base: "devices d",
    ..ListSpec::PLAIN
};

/// A lock's whole record (the lock details screen).
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct LockRecord {
    pub id: i64,
    pub builder_id: i64,
    pub serial_number: String,
    pub manufacturer: Option<String>,
    pub version: Option<String>,
    pub lock_status_value: Option<String>,
    pub lock_shipment_status: Option<String>,
    pub license_date: Option<String>,
    pub license_start_date: Option<String>,
    pub licensee: Option<String>,
    pub secret_id: Option<String>,
    pub purchase_date: Option<String>,
    pub battery_change_date: Option<String>,
    pub email: Option<String>,
    pub comments: Option<String>,
    pub community_name: Option<String>,
    pub house_num: Option<String>,
    pub address_1: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub property_id: Option<i64>,
    pub hub_id: Option<i64>,
    pub online: bool,
    pub battery: Option<f64>,
    pub locked: Option<bool>,
}

/// A lock's record by serial number, in the caller's scope.
pub async fn lock_record(db: &Db, scope: &Scope, serial: &str) -> Result<Option<LockRecord>> {
    let sql = format!(
        "SELECT d.id, d.builder_id, d.serial_number, d.manufacturer, d.version, s.name AS lock_status_value, \
         d.shipment_status AS lock_shipment_status, d.license_date, d.license_start_date, d.licensee, d.secret_id, \
         d.purchase_date, d.battery_change_date, d.email, d.comments, {LOCATION}, \
         COALESCE(d.property_id, h.property_id) AS property_id, d.hub_id, d.online, d.battery, d.locked \
         FROM {} WHERE d.serial_number = $1 AND d.kind = 'door_lock' AND {}",
        LOCKS.from,
        scope.condition("d.builder_id")
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(serial)
        .fetch_optional(pool)
        .await)
}

/// The communities with locks of a kind in the scope (the inventory's community filter).
pub async fn communities_with(db: &Db, scope: &Scope, kind: &str) -> Result<Vec<(i64, String)>> {
    let sql = format!(
        "SELECT DISTINCT c.id, c.name FROM devices d LEFT JOIN devices h ON h.id = d.hub_id \
         JOIN properties p ON p.property_id = COALESCE(d.property_id, h.property_id) \
         JOIN communities c ON c.id = p.community_id WHERE d.kind = $1 AND {} ORDER BY c.name, c.id",
        scope.condition("d.builder_id")
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(kind)
        .fetch_all(pool)
        .await)
}

/// Whether a lock's bolt is stuck (a jam it reported; a lock that locks again is freed).
pub async fn mark_jammed(db: &Db, id: i64, jammed: bool) -> Result<()> {
    on_pool!(db, |pool| sqlx::query(
        "UPDATE devices SET jammed = $1 WHERE id = $2"
    )
    .bind(jammed)
    .bind(id)
    .execute(pool)
    .await
    .map(|_| ()))
}

/// The codes a lock holds that its provider knows by these ids (any state: a code used just
/// before it was taken off is still named in the access history).
pub async fn codes_by_device_ids(
    db: &Db,
    device_id: i64,
) -> Result<Vec<(i64, String, String, Option<i64>)>> {
    on_pool!(db, |pool| {
        sqlx::query_as(
        "SELECT id, device_code_id, name, customer_id FROM access_codes WHERE device_id = $1 AND device_code_id IS NOT NULL"
    )
    .bind(device_id)
    .fetch_all(pool)
    .await
    })
}

/// A home with an end-of-day lockup: its id, time zone and lockup time.
#[derive(Debug, Clone, FromRow)]
pub struct LockupHome {
    pub property_id: i64,
    pub timezone: i64,
    pub end_of_day_lockup: String,
}

/// The homes whose access settings lock them up at the end of the day and that have locks.
pub async fn homes_with_lockup(db: &Db) -> Result<Vec<LockupHome>> {
    on_pool!(db, |pool| {
        sqlx::query_as(
        "SELECT p.property_id, p.timezone, p.end_of_day_lockup FROM properties p
         WHERE p.access_settings AND p.end_of_day_lockup IS NOT NULL
           AND EXISTS (SELECT 1 FROM devices d LEFT JOIN devices h ON h.id = d.hub_id
                       WHERE d.kind IN ('door_lock', 'smart_lock') AND (d.property_id = p.property_id OR h.property_id = p.property_id))"
    )
    .fetch_all(pool)
    .await
    })
}

/// A registered device by serial number, whoever's it is (the platform admin's simulator
/// controls, which act on any device).
pub async fn by_any_serial(db: &Db, serial: &str) -> Result<Option<Device>> {
    let sql = format!("SELECT {DEVICE_COLUMNS} FROM devices d WHERE d.serial_number = $1");
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(serial)
        .fetch_optional(pool)
        .await)
}
